// Validation of the account page's three forms (/account): the profile, the password change and
// the preferences. The profile's rules are the Manage Users form's (one rule per field wherever
// an account is edited); the new password's are the set-password rules of spec §5.
import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { passwordText, setPasswordFieldError, userDetailsSchema } from './admin-users.js';
import { formText } from './fields.js';

export const profileFields = ['fullName', 'jobTitle', 'phoneNumber'] as const;
export const profileSchema = userDetailsSchema.pick({ fullName: true, jobTitle: true, phoneNumber: true });
export type ProfileForm = z.output<typeof profileSchema>;

export const changePasswordFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export const changePasswordSchema = z
  .object({ currentPassword: passwordText, newPassword: passwordText, confirmPassword: passwordText })
  .superRefine((v, ctx) => {
    if (v.currentPassword === '') ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: m.fieldRequired });
    for (const f of ['newPassword', 'confirmPassword'] as const) {
      const message = setPasswordFieldError(f, v);
      if (message) ctx.addIssue({ code: 'custom', path: [f], message });
    }
  });

export const preferencesFields = ['language', 'homeUrl'] as const;

/** The preferences form, checked against the choices the page offered (only the server knows them). */
export function preferencesSchema(languages: readonly string[], homeUrls: readonly string[]) {
  const choice = (options: readonly string[]) =>
    formText.superRefine((value, ctx) => {
      if (!options.includes(value)) ctx.addIssue({ code: 'custom', message: m.selectFromList });
    });
  return z.object({ language: choice(languages), homeUrl: choice(homeUrls) });
}
