// The auth and registration forms answer with the spec's exact words (§5). The strings are
// written out here, not read from the catalogue, so a changed message fails a test.
import { describe, expect, it } from 'vitest';
import {
  drRegistrationFieldError,
  drRegistrationFields,
  drRegistrationSchema,
  forgotPasswordSchema,
  forgotPasswordFields,
  loginFields,
  loginSchema,
  recoveryFailureMessage,
  resetPasswordFailureMessages,
  resetPasswordFields,
  resetPasswordSchema,
  simpleRegisterFields,
  simpleRegisterSchema,
  validateForm,
  type DrRegistrationValues,
} from '../../lib/validation/auth.js';
import { simpleRegisterFieldError } from '../../lib/validation/auth-rules.js';

const GOOD_PASSWORD = 'Demo-Password-1!';

describe('login form', () => {
  it('requires both fields', () => {
    const r = validateForm(loginSchema, {}, loginFields);
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: 'userName', message: 'A value is required.' },
        { field: 'password', message: 'A value is required.' },
      ],
    });
  });

  it('requires a valid email', () => {
    const r = validateForm(loginSchema, { userName: 'not-an-email', password: 'x' }, loginFields);
    expect(r).toEqual({ ok: false, errors: [{ field: 'userName', message: 'A valid email is required.' }] });
  });

  it('treats whitespace as empty and trims the email', () => {
    expect(validateForm(loginSchema, { userName: '   ', password: 'x' }, loginFields)).toMatchObject({
      errors: [{ field: 'userName', message: 'A value is required.' }],
    });
    const r = validateForm(loginSchema, { userName: ' state.user@demo.example ', password: ' p ' }, loginFields);
    expect(r.ok && r.data.userName).toBe('state.user@demo.example');
    // Passwords are taken exactly as typed.
    expect(r.ok && r.data.password).toBe(' p ');
  });

  it('treats non-text values (repeated fields, objects) as empty rather than throwing', () => {
    const r = validateForm(loginSchema, { userName: { $gt: '' }, password: ['a', 'b'] }, loginFields);
    expect(r).toEqual({ ok: false, errors: [{ field: 'userName', message: 'A value is required.' }] });
  });
});

describe('reset password dialog', () => {
  it('uses the login email rules', () => {
    expect(validateForm(forgotPasswordSchema, { email: '' }, forgotPasswordFields)).toMatchObject({
      errors: [{ field: 'email', message: 'A value is required.' }],
    });
    expect(validateForm(forgotPasswordSchema, { email: 'a@b' }, forgotPasswordFields)).toMatchObject({
      errors: [{ field: 'email', message: 'A valid email is required.' }],
    });
    expect(validateForm(forgotPasswordSchema, { email: 'a@b.org' }, forgotPasswordFields).ok).toBe(true);
  });
});

describe('simple register form', () => {
  it('says "You must enter a value" for every empty field, in form order', () => {
    const r = validateForm(simpleRegisterSchema, {}, simpleRegisterFields);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual(simpleRegisterFields.map((field) => ({ field, message: 'You must enter a value' })));
  });

  it('says "Not a valid email" and "Passwords must match"', () => {
    const r = validateForm(
      simpleRegisterSchema,
      { email: 'nope', firstName: 'Ann', lastName: 'Lee', password: 'abc', confirmPassword: 'abd' },
      simpleRegisterFields,
    );
    expect(!r.ok && r.errors).toEqual([
      { field: 'email', message: 'Not a valid email' },
      { field: 'confirmPassword', message: 'Passwords must match' },
    ]);
  });

  it('gives the browser (field by field) and the server (the form) the same answer for names of spaces', () => {
    const values = { email: ' ann@example.org ', firstName: '   ', lastName: '\t', password: 'abc', confirmPassword: 'abc' };
    const browser = simpleRegisterFields.map((field) => ({ field, message: simpleRegisterFieldError(field, values) })).filter((e) => e.message !== null);
    const server = validateForm(simpleRegisterSchema, values, simpleRegisterFields);
    expect(browser).toEqual([
      { field: 'firstName', message: 'You must enter a value' },
      { field: 'lastName', message: 'You must enter a value' },
    ]);
    expect(!server.ok && server.errors).toEqual(browser);
  });

  it('accepts complete matching values', () => {
    const r = validateForm(
      simpleRegisterSchema,
      { email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee', password: 'abc', confirmPassword: 'abc' },
      simpleRegisterFields,
    );
    expect(r.ok).toBe(true);
  });
});

describe('reset password form', () => {
  it('requires both fields and a matching confirmation', () => {
    expect(!validateForm(resetPasswordSchema, {}, resetPasswordFields).ok && validateForm(resetPasswordSchema, {}, resetPasswordFields)).toMatchObject({
      errors: [
        { field: 'newPassword', message: 'A value is required.' },
        { field: 'confirmPassword', message: 'A value is required.' },
      ],
    });
    expect(validateForm(resetPasswordSchema, { newPassword: 'a', confirmPassword: 'b' }, resetPasswordFields)).toMatchObject({
      errors: [{ field: 'confirmPassword', message: 'Passwords do not match.' }],
    });
    expect(validateForm(resetPasswordSchema, { newPassword: 'a', confirmPassword: 'a' }, resetPasswordFields).ok).toBe(true);
  });
});

describe('dispute resolution registration', () => {
  const valid: DrRegistrationValues = {
    fullName: 'Pat Parent',
    password: GOOD_PASSWORD,
    email: 'pat@example.org',
    confirmPassword: GOOD_PASSWORD,
    agreement: true,
  };
  const errorOf = (patch: Partial<DrRegistrationValues>, field: (typeof drRegistrationFields)[number]) =>
    drRegistrationFieldError(field, { ...valid, ...patch });

  it('accepts a complete form, from a form post or JSON', () => {
    expect(validateForm(drRegistrationSchema, { ...valid, agreement: 'on' }, drRegistrationFields).ok).toBe(true);
    expect(validateForm(drRegistrationSchema, valid, drRegistrationFields).ok).toBe(true);
  });

  it('gives every required message, in form order', () => {
    const r = validateForm(drRegistrationSchema, {}, drRegistrationFields);
    expect(!r.ok && r.errors).toEqual([
      { field: 'fullName', message: 'Full name is required.' },
      { field: 'password', message: 'Password is required.' },
      { field: 'email', message: 'Email is required.' },
      { field: 'confirmPassword', message: 'Confirming your password is required.' },
      { field: 'agreement', message: 'You must agree to be contacted by email about your request.' },
    ]);
  });

  it('checks the email format', () => {
    expect(errorOf({ email: 'pat@' }, 'email')).toBe('Please enter a valid email address.');
    expect(errorOf({ email: 'pat example.org' }, 'email')).toBe('Please enter a valid email address.');
  });

  it('checks password length before complexity', () => {
    expect(errorOf({ password: 'Ab1!' }, 'password')).toBe('Password must be at least 12 characters.');
    const complexity =
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character.';
    expect(errorOf({ password: 'alllowercase1!' }, 'password')).toBe(complexity);
    expect(errorOf({ password: 'ALLUPPERCASE1!' }, 'password')).toBe(complexity);
    expect(errorOf({ password: 'NoDigitsHere!!' }, 'password')).toBe(complexity);
    expect(errorOf({ password: 'NoSymbolsHere12' }, 'password')).toBe(complexity);
    expect(errorOf({ password: 'Has Space Only1' }, 'password')).toBe(complexity);
  });

  it('says "Passwords do not match." and rechecks when the password changes', () => {
    expect(errorOf({ confirmPassword: 'Other-Password-1!' }, 'confirmPassword')).toBe('Passwords do not match.');
    // Same confirmation, new password: the confirmation is now wrong.
    expect(errorOf({ password: 'Changed-Password-2!' }, 'confirmPassword')).toBe('Passwords do not match.');
  });

  it('needs the agreement ticked', () => {
    expect(validateForm(drRegistrationSchema, { ...valid, agreement: undefined }, drRegistrationFields)).toMatchObject({
      errors: [{ field: 'agreement', message: 'You must agree to be contacted by email about your request.' }],
    });
    expect(validateForm(drRegistrationSchema, { ...valid, agreement: 'off' }, drRegistrationFields).ok).toBe(false);
  });
});

describe('upstream failure messages', () => {
  it('lists reset reasons with "non alphanumeric" said as "symbol"', () => {
    expect(
      resetPasswordFailureMessages(
        {
          message: 'The password does not meet the requirements.',
          reasons: ['Passwords must have at least one non alphanumeric character.', 'Passwords must be at least 12 characters.'],
        },
        'fallback',
      ),
    ).toEqual(['Passwords must have at least one symbol character.', 'Passwords must be at least 12 characters.']);
  });

  it('says "Invalid Information." for a coded or field error', () => {
    expect(resetPasswordFailureMessages({ message: 'Invalid token.', code: 'invalid_token' }, 'fallback')).toEqual(['Invalid Information.']);
    expect(resetPasswordFailureMessages({ message: 'x', errors: [{ field: 'email', message: 'bad' }] }, 'fallback')).toEqual([
      'Invalid Information.',
    ]);
  });

  it('falls back to the upstream message otherwise', () => {
    expect(resetPasswordFailureMessages(null, 'No Network: The server cannot be reached.')).toEqual([
      'No Network: The server cannot be reached.',
    ]);
  });

  it('gives the recovery failure as the server message or "Could not reset password."', () => {
    expect(recoveryFailureMessage({ message: 'That account is disabled.' })).toBe('That account is disabled.');
    expect(recoveryFailureMessage({ message: ' ' })).toBe('Could not reset password.');
    expect(recoveryFailureMessage(null)).toBe('Could not reset password.');
  });
});
