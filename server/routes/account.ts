// /account (the user menu's "My account"): the signed-in user's profile, password and
// preferences. Three plain forms, each a POST with CSRF that answers 303 back to its part of the
// page with a flash on success, or 422 with an error summary and field messages (JavaScript off
// or on alike). Every call is the user's own: GET /api/account/users/me, PUT /users/me,
// PUT /users/{id}/password, PUT /users/me/preferences (spec §7).
import { Router, type Request, type Response } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { user as userSchema, userConfiguration, type User } from '../../lib/contract.js';
import { accountText as t, errorMessages, portalLanguages } from '../../lib/messages.js';
import { homePageChoices } from '../../lib/navigation.js';
import { routeById } from '../../lib/routes.js';
import { changePasswordFields, changePasswordSchema, preferencesFields, preferencesSchema, profileFields, profileSchema } from '../../lib/validation/account.js';
import { formText, resetPasswordFailureMessages, validateForm, type FieldError } from '../../lib/validation/auth.js';
import { AccountPage, type AccountForm, type AccountPageProps } from '../../views/pages/account/AccountPage.js';
import { currentUser } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { addFlash } from '../flash.js';
import { renderPage } from '../render.js';
import { requireRoute } from '../route-guard.js';
import { UpstreamError } from '../upstream.js';
import { endPortalSessions } from './admin/utilities.js';

const ROUTE = routeById('account');
const PATH = ROUTE.path;
/** What the API says to a wrong current password (api/password-reasons.ts). */
const INCORRECT_PASSWORD = 'Incorrect password.';
const passwordChanged = z.object({ success: z.boolean(), accessToken: z.string().optional(), expiresIn: z.number().optional() });

type Failed = NonNullable<AccountPageProps['failed']>;

function languageOptions(current: string) {
  const known = portalLanguages.some((l) => l.value === current);
  return known ? portalLanguages : [...portalLanguages, { value: current, label: current }];
}

function homePageOptions(req: Request, current: string) {
  const choices = homePageChoices(currentUser(req)?.permissions ?? []).map((c) => ({ value: c.path, label: c.label }));
  // A home page the user may no longer open still shows, so saving the form keeps or changes it knowingly.
  return choices.some((c) => c.value === current) ? choices : [{ value: current, label: current }, ...choices];
}

async function loadMe(res: Response): Promise<User> {
  return res.locals.api.call({ path: '/api/account/users/me', schema: userSchema });
}

interface Overrides {
  /** The account as already read by the handler, so a refusal does not ask the API again. */
  me?: User;
  failed?: Failed;
  profile?: AccountPageProps['profile'];
  status?: number;
}

async function renderAccount(req: Request, res: Response, overrides: Overrides = {}): Promise<void> {
  const me = overrides.me ?? (await loadMe(res));
  const configuration = userConfiguration.parse(me.configuration ?? {});
  const props: AccountPageProps = {
    title: ROUTE.title,
    account: { userName: me.userName, email: me.email, roles: me.roles },
    profile: overrides.profile ?? { fullName: me.fullName, jobTitle: me.jobTitle, phoneNumber: me.phoneNumber },
    preferences: { language: configuration.language, homeUrl: configuration.homeUrl },
    languages: languageOptions(configuration.language),
    homePages: homePageOptions(req, configuration.homeUrl),
    failed: overrides.failed,
  };
  renderPage(req, res, createElement(AccountPage, props), {
    title: ROUTE.title,
    errorsInTitle: overrides.failed !== undefined,
    layout: 'shell',
    status: overrides.status,
  });
}

function refusal(form: AccountForm, errors: FieldError[], formError?: string): Failed {
  return { form, errors, formError };
}

/** A refusal the user can act on (400/409/422/429); anything else goes to the error page. */
function upstreamRefusal(err: unknown): UpstreamError {
  if (err instanceof UpstreamError && err.kind === 'http' && [400, 409, 422, 429].includes(err.status)) return err;
  throw err;
}

export function accountRouter(_deps: AppDeps): Router {
  const router = Router();
  const guard = requireRoute(ROUTE.id);

  router.get(PATH, guard, async (req, res) => {
    await renderAccount(req, res);
  });

  router.post(`${PATH}/profile`, guard, async (req, res) => {
    const result = validateForm(profileSchema, req.body, profileFields);
    // What was typed, re-shown on a refusal; a hostile body (objects, arrays) reads as text or nothing.
    const typed = { fullName: formText(req.body, 'fullName'), jobTitle: formText(req.body, 'jobTitle'), phoneNumber: formText(req.body, 'phoneNumber') };
    if (!result.ok) return renderAccount(req, res, { failed: refusal('profile', result.errors), profile: typed, status: 422 });
    let saved: User;
    try {
      saved = await res.locals.api.call({ method: 'PUT', path: '/api/account/users/me', json: result.data, schema: userSchema });
    } catch (err) {
      const refused = upstreamRefusal(err);
      const fieldErrors = (refused.body?.errors ?? []).filter((e) => (profileFields as readonly string[]).includes(e.field));
      return renderAccount(req, res, {
        failed: refusal('profile', fieldErrors, fieldErrors.length ? undefined : refused.body?.message || refused.message),
        profile: typed,
        status: refused.status === 400 ? 422 : refused.status,
      });
    }
    // The shell's name and greeting follow at once (the token's claims catch up at its next renewal).
    if (req.session.user) req.session.user = { ...req.session.user, fullName: saved.fullName, jobTitle: saved.jobTitle };
    addFlash(req, { type: 'success', text: t.profileSaved });
    res.redirect(303, `${PATH}#profile`);
  });

  router.post(`${PATH}/password`, guard, async (req, res) => {
    const user = currentUser(req);
    if (!user) throw new Error('requireRoute lets only a signed-in user through');
    const result = validateForm(changePasswordSchema, req.body, changePasswordFields);
    if (!result.ok) return renderAccount(req, res, { failed: refusal('password', result.errors), status: 422 });
    const { currentPassword, newPassword } = result.data;
    let answer: z.infer<typeof passwordChanged>;
    try {
      answer = await res.locals.api.call({ method: 'PUT', path: `/api/account/users/${user.id}/password`, json: { id: user.id, currentPassword, newPassword }, schema: passwordChanged });
    } catch (err) {
      const refused = upstreamRefusal(err);
      if (refused.status === 429) {
        const wait = refused.body?.retryAfterSeconds;
        if (wait) res.set('Retry-After', String(wait));
        return renderAccount(req, res, { failed: refusal('password', [], t.passwordChangeWait), status: 429 });
      }
      // Spec §8: each of the API's reasons as given ("non alphanumeric" said as "symbol"); a wrong
      // current password belongs to that field, the rest to the new password.
      const reasons = refused.body?.reasons ?? [];
      const messages = reasons.length ? resetPasswordFailureMessages(refused.body, errorMessages.invalidInformation) : [];
      const errors: FieldError[] = messages.map((message) => ({ field: message === INCORRECT_PASSWORD ? 'currentPassword' : 'newPassword', message }));
      return renderAccount(req, res, { failed: refusal('password', errors, errors.length ? undefined : errorMessages.invalidInformation), status: 422 });
    }
    // The API ended every other sign-in and gave this one a fresh token (the old one's stamp is
    // spent): keep it, and end the user's other portal sessions now rather than at their next call.
    const { tokens } = res.locals.deps;
    const record = await tokens.store.get(req.sessionID);
    if (record && answer.accessToken && answer.expiresIn) {
      const { rev: _rev, ...rest } = record;
      await tokens.save(req.sessionID, { ...rest, accessToken: answer.accessToken, expiresAt: Date.now() + answer.expiresIn * 1000 });
    }
    await endPortalSessions(req, res, user.id);
    addFlash(req, { type: 'success', text: errorMessages.passwordChanged });
    res.redirect(303, `${PATH}#password`);
  });

  router.post(`${PATH}/preferences`, guard, async (req, res) => {
    const me = await loadMe(res);
    const configuration = userConfiguration.parse(me.configuration ?? {});
    const schema = preferencesSchema(
      languageOptions(configuration.language).map((l) => l.value),
      homePageOptions(req, configuration.homeUrl).map((c) => c.value),
    );
    const result = validateForm(schema, req.body, preferencesFields);
    if (!result.ok) return renderAccount(req, res, { me, failed: refusal('preferences', result.errors), status: 422 });
    try {
      await res.locals.api.call({ method: 'PUT', path: '/api/account/users/me/preferences', json: result.data, schema: userConfiguration });
    } catch (err) {
      const refused = upstreamRefusal(err);
      return renderAccount(req, res, { failed: refusal('preferences', [], refused.body?.message || refused.message), status: refused.status === 400 ? 422 : refused.status });
    }
    addFlash(req, { type: 'success', text: t.preferencesSaved });
    res.redirect(303, `${PATH}#preferences`);
  });

  return router;
}
