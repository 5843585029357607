// User accounts, preferences, the permission catalogue and every password call (spec §7 Account
// and Passwords). Specific paths are registered before the `:id` ones they would otherwise match.
import { hit, LIMITS, limitClient, TOO_MANY_REQUESTS } from '../rate-limits.js';
import express, { Router } from 'express';
import { z } from 'zod';
import type { User } from '../../lib/contract.js';
import { errorMessages, validationMessages } from '../../lib/messages.js';
import { P, permissionCatalogue } from '../../lib/permissions.js';
import { confirmEmailChangeEmail, emailChangeNoticeEmail, resetPasswordEmail, setPasswordEmail } from '../auth-emails.js';
import { authenticate, authOf, can, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, badRequest, conflict, forbidden, notFound, parse } from '../http.js';
import { createdChanges, diffChanges, recordAudit } from '../audit.js';
import { clearLockout, reserveSignInGuess, throttleKey } from '../lockout.js';
import {
  createOneTimeToken,
  findUsableToken,
  CONFIRM_EMAIL_TTL_SECONDS,
  RESET_PASSWORD_TTL_SECONDS,
  spendTokens,
  WELCOME_PASSWORD_TTL_SECONDS,
} from '../one-time-tokens.js';
import { INCORRECT_PASSWORD_REASON, INVALID_TOKEN_REASON, passwordReasons } from '../password-reasons.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { revokeUserTokens } from '../refresh-tokens.js';
import { bumpStamps, forgetStamps } from '../security-stamps.js';
import { tokenResponseFor } from '../session-tokens.js';
import { isUniqueViolation } from '../sql-errors.js';
import { holdsEverything, inScope, manageable, MANAGE_MESSAGES, managerScope, type ManagerScope } from '../user-management.js';
import { loadUser, loadUsers, pageUsers, USER_SORT_FIELDS, userLeaIds, type UserSortField } from '../users.js';

const v = validationMessages;

// ---- input schemas --------------------------------------------------------------------------

/** Query values: an empty string means "not given". */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const queryFlag = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1'),
);

const pageNumberSchema = z.coerce.number().int(v.incorrectFormat).min(1, v.minValue(1)).max(1_000_000, v.maxValue(1_000_000));
const pageSizeSchema = z.coerce.number().int(v.incorrectFormat).min(1, v.minValue(1)).max(1000, v.maxValue(1000));

const sortFields = Object.keys(USER_SORT_FIELDS) as [UserSortField, ...UserSortField[]];
const listQuery = z.object({
  pageNumber: optionalQuery(pageNumberSchema).transform((n) => n ?? 1),
  pageSize: optionalQuery(pageSizeSchema).transform((n) => n ?? 25),
  search: optionalQuery(z.string().trim().max(200, v.maxLength(200))),
  leaId: optionalQuery(z.coerce.number().int(v.incorrectFormat).positive(v.incorrectFormat)),
  role: optionalQuery(z.string().trim().max(100, v.maxLength(100))),
  sortField: optionalQuery(z.enum(sortFields, v.selectFromList)),
  sortDirection: optionalQuery(
    z.preprocess((s) => (typeof s === 'string' ? s.toLowerCase() : s), z.enum(['asc', 'desc'], v.selectFromList)),
  ),
  includeDeleted: optionalQuery(queryFlag).transform((b) => b ?? false),
  /** Only enabled (true) or only disabled (false) accounts; both when absent. */
  isEnabled: optionalQuery(queryFlag),
});
const pagingParams = z.object({ pageNumber: pageNumberSchema, pageSize: pageSizeSchema });
const jurisdictionQuery = z.object({
  pageNumber: optionalQuery(pageNumberSchema),
  pageSize: optionalQuery(pageSizeSchema),
});
const userIdParam = z.object({ id: z.guid(v.incorrectFormat) });
const leaIdParam = z.object({ leaId: z.coerce.number().int(v.incorrectFormat).positive(v.incorrectFormat).max(2_147_483_647) });
const userNameParam = z.object({ name: z.string().trim().min(1, v.fieldRequired).max(256, v.maxLength(256)) });

const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired, abort: true })
  .max(254, v.maxLength(254))
  .pipe(z.email(v.emailInvalid));
const fullNameField = z.string({ error: v.fullNameRequired }).trim().min(1, v.fullNameRequired).max(200, v.maxLength(200));
const jobTitleField = z.string({ error: v.incorrectFormat }).trim().max(200, v.maxLength(200));
const phoneField = z
  .string({ error: v.incorrectFormat })
  .trim()
  .max(40, v.maxLength(40))
  .regex(/^[0-9+().\-\s]*(?:\s*(?:x|ext\.?)\s*[0-9]+)?$/i, v.incorrectFormat);
const userNameField = z.string().trim().min(1, v.fieldRequired).max(256, v.maxLength(256));
const leaIdField = z.number({ error: v.incorrectFormat }).int(v.incorrectFormat).positive(v.incorrectFormat);
const roleNamesField = z.array(z.string().trim().min(1, v.fieldRequired).max(100, v.maxLength(100))).max(100);

/** Stored preferences; homeUrl is a path inside the portal, never another site (it is redirected to). */
const configurationSchema = z.object({
  language: z.string().trim().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, v.incorrectFormat),
  homeUrl: z.string().trim().max(200, v.maxLength(200)).regex(/^\/(?![/\\])[^\s\\]*$/, v.incorrectFormat),
  showSelfAssessmentIntro: z.boolean({ error: v.incorrectFormat }),
});
type Configuration = z.infer<typeof configurationSchema>;

/** Everything editable about an account, as it is saved. */
const draftSchema = z.object({
  userName: userNameField,
  email: emailField,
  fullName: fullNameField,
  jobTitle: jobTitleField,
  phoneNumber: phoneField,
  leaId: leaIdField.nullable(),
  leaIds: z.array(leaIdField).max(1000),
  roles: roleNamesField,
  isEnabled: z.boolean({ error: v.incorrectFormat }),
  configuration: configurationSchema,
});
type UserDraft = z.infer<typeof draftSchema>;

const createUserBody = z.object({
  fullName: fullNameField,
  email: emailField,
  userName: userNameField.optional(),
  jobTitle: jobTitleField.optional().default(''),
  phoneNumber: phoneField.optional().default(''),
  leaId: leaIdField.nullable().optional(),
  leaIds: z.array(leaIdField).max(1000).optional().default([]),
  roles: roleNamesField.optional().default([]),
  isEnabled: z.boolean().optional().default(true),
  password: z.string().max(1024).optional(),
});

/** PUT /users/{id}: fields left out keep their current value. */
const updateUserBody = z.object({
  fullName: fullNameField,
  email: emailField,
  userName: userNameField.optional(),
  jobTitle: jobTitleField.optional(),
  phoneNumber: phoneField.optional(),
  leaId: leaIdField.nullable().optional(),
  leaIds: z.array(leaIdField).max(1000).optional(),
  roles: roleNamesField.optional(),
  isEnabled: z.boolean().optional(),
  configuration: configurationSchema.partial().optional(),
});

/** PUT /users/{id}/roles: the whole set of role names the user holds afterwards. */
const setRolesBody = z.object({ roles: roleNamesField });

/** PUT /users/me: only the caller's own profile; anything else sent (roles, isEnabled...) is ignored. */
const updateMeBody = z.object({
  fullName: fullNameField,
  jobTitle: jobTitleField.optional(),
  phoneNumber: phoneField.optional(),
  configuration: configurationSchema.partial().optional(),
});

const patchOperations = z
  .array(
    z.object({
      op: z.enum(['add', 'remove', 'replace', 'copy', 'move', 'test'], v.selectFromList),
      path: z.string().max(100),
      value: z.unknown().optional(),
      from: z.string().max(100).optional(),
    }),
  )
  .min(1, v.fieldRequired)
  .max(50);
const patchBody = z.union([patchOperations, z.object({ operations: patchOperations }).transform((b) => b.operations)]);

const passwordText = z.string({ error: v.valueRequired }).max(1024, v.maxLength(1024));
const recoverBody = z.object({ email: emailField });
const resetBody = z.object({
  email: z.string({ error: v.valueRequired }).trim().min(1, v.valueRequired).max(254, v.maxLength(254)),
  newPassword: passwordText,
  token: z.string({ error: v.valueRequired }).trim().max(512, v.maxLength(512)),
});
const resetCheckBody = resetBody.pick({ email: true, token: true });
const confirmEmailBody = z.object({ token: z.string({ error: v.valueRequired }).trim().min(1, v.valueRequired).max(200) });
const changePasswordBody = z.object({
  id: z.guid(v.incorrectFormat),
  currentPassword: passwordText.min(1, v.valueRequired),
  newPassword: passwordText,
});
const adminChangePasswordBody = z.object({ id: z.guid(v.incorrectFormat), newPassword: passwordText });

// ---- patch paths ----------------------------------------------------------------------------

type PatchPath =
  | 'fullName'
  | 'jobTitle'
  | 'phoneNumber'
  | 'email'
  | 'isEnabled'
  | 'roles'
  | 'leaIds'
  | 'leaId'
  | 'configuration/language'
  | 'configuration/homeUrl'
  | 'configuration/showSelfAssessmentIntro';

const ADMIN_PATCH_PATHS: readonly PatchPath[] = [
  'fullName',
  'jobTitle',
  'phoneNumber',
  'email',
  'isEnabled',
  'roles',
  'leaIds',
  'leaId',
  'configuration/language',
  'configuration/homeUrl',
  'configuration/showSelfAssessmentIntro',
];
const SELF_PATCH_PATHS: readonly PatchPath[] = [
  'fullName',
  'jobTitle',
  'phoneNumber',
  'configuration/language',
  'configuration/homeUrl',
  'configuration/showSelfAssessmentIntro',
];
/** What `remove` leaves behind; fields without an entry cannot be removed. */
const REMOVED_VALUE: Partial<Record<PatchPath, unknown>> = {
  jobTitle: '',
  phoneNumber: '',
  leaId: null,
  leaIds: [],
  roles: [],
  'configuration/language': 'en',
  'configuration/homeUrl': '/',
  'configuration/showSelfAssessmentIntro': true,
};

function getPath(draft: UserDraft, path: PatchPath): unknown {
  if (path.startsWith('configuration/')) return draft.configuration[path.slice('configuration/'.length) as keyof Configuration];
  return draft[path as Exclude<PatchPath, `configuration/${string}`>];
}

function setPath(draft: UserDraft, path: PatchPath, value: unknown): void {
  // Types are checked afterwards, when the whole draft is parsed with draftSchema.
  const target = (path.startsWith('configuration/') ? draft.configuration : draft) as unknown as Record<string, unknown>;
  target[path.startsWith('configuration/') ? path.slice('configuration/'.length) : path] = value;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies JSON Patch operations to a draft, refusing paths outside the allow-list. */
function applyPatch(draft: UserDraft, operations: z.infer<typeof patchOperations>, allowed: readonly PatchPath[]): UserDraft {
  const next: UserDraft = structuredClone(draft);
  const resolve = (raw: string | undefined, index: number, field: 'path' | 'from'): PatchPath => {
    // ASP.NET JSON Patch matches property names case-insensitively: so do we.
    const wanted = (raw ?? '').replace(/^\//, '').toLowerCase();
    const match = allowed.find((p) => p.toLowerCase() === wanted);
    if (!match) {
      throw badRequest('The body is not valid.', {
        errors: [{ field: `${index}.${field}`, message: `${raw ?? ''} cannot be changed here.` }],
      });
    }
    return match;
  };
  operations.forEach((op, index) => {
    const path = resolve(op.path, index, 'path');
    switch (op.op) {
      case 'add':
      case 'replace':
        setPath(next, path, op.value);
        break;
      case 'remove': {
        if (!(path in REMOVED_VALUE)) {
          throw badRequest('The body is not valid.', { errors: [{ field: `${index}.path`, message: `${op.path} cannot be removed.` }] });
        }
        setPath(next, path, REMOVED_VALUE[path]);
        break;
      }
      case 'test':
        if (!sameJson(getPath(next, path), op.value)) throw conflict(`The test of ${op.path} failed: the value has changed.`);
        break;
      case 'copy':
      case 'move': {
        const from = resolve(op.from, index, 'from');
        setPath(next, path, structuredClone(getPath(next, from)));
        if (op.op === 'move') {
          if (!(from in REMOVED_VALUE)) {
            throw badRequest('The body is not valid.', { errors: [{ field: `${index}.from`, message: `${op.from} cannot be removed.` }] });
          }
          setPath(next, from, REMOVED_VALUE[from]);
        }
        break;
      }
    }
  });
  return next;
}

/** What the audit log records of an account: its editable fields, never a password hash. */
function auditView(user: User): Record<string, unknown> {
  return {
    userName: user.userName,
    email: user.email,
    fullName: user.fullName,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    leaId: user.leaId,
    leaIds: user.leaData.map((l) => l.id).sort((a, b) => a - b),
    roles: [...user.roles].sort(),
    isEnabled: user.isEnabled,
    configuration: user.configuration,
  };
}

function draftOf(user: User): UserDraft {
  return {
    userName: user.userName,
    email: user.email,
    fullName: user.fullName,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    leaId: user.leaId,
    leaIds: user.leaData.map((l) => l.id),
    roles: [...user.roles],
    isEnabled: user.isEnabled,
    configuration: { ...user.configuration },
  };
}

// ---- persistence ----------------------------------------------------------------------------

/** Role ids by name; unknown names answer 400 naming them. */
async function roleIds(q: Queryable, names: string[]): Promise<number[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const found = await q.query<{ id: number; name: string }>('SELECT id, name FROM roles WHERE name = ANY($1::text[])', [unique]);
  const missing = unique.filter((n) => !found.rows.some((r) => r.name === n));
  if (missing.length) {
    throw badRequest('The body is not valid.', { errors: [{ field: 'roles', message: `Unknown role: ${missing.join(', ')}` }] });
  }
  return found.rows.map((r) => r.id);
}

async function checkLeas(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await q.query<{ id: number }>('SELECT id FROM leas WHERE id = ANY($1::int[])', [ids]);
  const missing = ids.filter((id) => !found.rows.some((r) => r.id === id));
  if (missing.length) {
    throw badRequest('The body is not valid.', { errors: [{ field: 'leaIds', message: `Unknown LEA: ${missing.join(', ')}` }] });
  }
}

/**
 * Writes a whole draft: the row, its roles and its LEAs. The primary LEA is always one of the
 * user's LEAs: kept when still listed, else the first listed one.
 */
async function saveDraft(
  q: Queryable,
  userId: string,
  draft: UserDraft,
  actor: string,
  now: Date,
  previousLeaId: number | null,
): Promise<{ rolesChanged: boolean }> {
  const leaIds = [...new Set(draft.leaId === null ? draft.leaIds : [draft.leaId, ...draft.leaIds])];
  await checkLeas(q, leaIds);
  const leaId = draft.leaId ?? (previousLeaId !== null && leaIds.includes(previousLeaId) ? previousLeaId : (leaIds[0] ?? null));
  const roles = await roleIds(q, draft.roles);
  try {
    await q.query(
      `UPDATE users SET user_name = $2, email = $3, full_name = $4, job_title = $5, phone_number = $6, lea_id = $7,
         is_enabled = $8, configuration = $9::jsonb, updated_at = $10, updated_by = $11
       WHERE id = $1`,
      [userId, draft.userName, draft.email, draft.fullName, draft.jobTitle, draft.phoneNumber, leaId, draft.isEnabled, JSON.stringify(draft.configuration), now, actor],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another account already uses this email address or user name.');
    throw err;
  }
  const removed = await q.query('DELETE FROM user_roles WHERE user_id = $1 AND NOT (role_id = ANY($2::int[]))', [userId, roles]);
  const added = await q.query(
    `INSERT INTO user_roles (user_id, role_id, created_by, updated_by) SELECT $1::uuid, unnest($2::int[]), $3::text, $3::text ON CONFLICT DO NOTHING`,
    [userId, roles, actor],
  );
  await q.query('DELETE FROM user_leas WHERE user_id = $1 AND NOT (lea_id = ANY($2::int[]))', [userId, leaIds]);
  await q.query(
    `INSERT INTO user_leas (user_id, lea_id, created_by, updated_by) SELECT $1::uuid, unnest($2::int[]), $3::text, $3::text ON CONFLICT DO NOTHING`,
    [userId, leaIds, actor],
  );
  // A disabled account keeps no sessions.
  if (!draft.isEnabled) await revokeUserTokens(q, userId, now, actor);
  return { rolesChanged: (removed.rowCount ?? 0) + (added.rowCount ?? 0) > 0 };
}

/**
 * Refuses changes beyond the caller's reach: a manager limited to a jurisdiction gives and takes
 * away only their own LEAs, and nobody gives or takes away a role granting permissions they do
 * not hold themselves (so users.manage cannot be turned into Site Admin).
 */
async function guardChange(
  q: Queryable,
  auth: AuthContext,
  scope: Scope,
  before: { leaIds: number[]; roles: string[] },
  draft: UserDraft,
  creating: boolean,
): Promise<void> {
  const after = new Set(draft.leaId === null ? draft.leaIds : [draft.leaId, ...draft.leaIds]);
  const previous = new Set(before.leaIds);
  if (scope !== 'all') {
    const changed = [...after].filter((id) => !previous.has(id)).concat([...previous].filter((id) => !after.has(id)));
    if (changed.some((id) => !scope.includes(id))) throw forbidden(MANAGE_MESSAGES.jurisdictionLeas);
    if (creating && after.size === 0) {
      throw badRequest('The body is not valid.', { errors: [{ field: 'leaIds', message: v.fieldRequired }] });
    }
  }
  const changedRoles = draft.roles.filter((r) => !before.roles.includes(r)).concat(before.roles.filter((r) => !draft.roles.includes(r)));
  if (!(await holdsEverything(q, auth, changedRoles))) {
    throw forbidden(MANAGE_MESSAGES.strongerRole);
  }
}

async function setPassword(q: Queryable, userId: string, passwordHash: string, actor: string, now: Date): Promise<void> {
  await q.query(`UPDATE users SET password_hash = $2, updated_at = $3, updated_by = $4 WHERE id = $1`, [userId, passwordHash, now, actor]);
}

const invalidInformation = (reasons: string[]) => badRequest(errorMessages.invalidInformation, { reasons });

/** The users a caller may see and manage: all, or those sharing one of the caller's LEAs. */
type Scope = ManagerScope;

// ---- the router -----------------------------------------------------------------------------

export function accountRouter(ctx: ApiContext): Router {
  const router = Router();
  const signedIn = authenticate(ctx);
  const viewUsers = requirePermission(P.usersView, P.jurisdictionUsersView);
  const manageUsers = requirePermission(P.usersManage);
  // JSON Patch clients send application/json-patch+json, which the app-wide JSON parser skips.
  const jsonPatch = express.json({ type: 'application/json-patch+json', limit: '64kb' });

  /** App.users.view reaches every user; anyone else (jurisdiction viewers, local admins) their LEAs' users. */
  async function scopeOf(auth: AuthContext): Promise<Scope> {
    return managerScope(ctx.db, auth);
  }
  const visible = (user: User, auth: AuthContext, scope: Scope) =>
    inScope(
      scope,
      auth,
      user.id,
      user.leaData.map((l) => l.id),
    );

  /** A user the caller may see, or 404 (not 403, so ids outside a jurisdiction reveal nothing). */
  async function visibleUser(auth: AuthContext, id: string): Promise<User> {
    const scope = await scopeOf(auth);
    const user = await loadUser(ctx.db, id, { includeDeleted: scope === 'all', now: ctx.now() });
    if (!user || !visible(user, auth, scope)) throw notFound('No such user.');
    return user;
  }

  async function activeUser(id: string): Promise<User> {
    const user = await loadUser(ctx.db, id, { now: ctx.now() });
    if (!user) throw notFound('No such user.');
    return user;
  }

  /**
   * A not-deleted user inside the manager's scope (else 404) whose roles grant nothing the
   * manager lacks (else 403): editing the email or password of a more powerful account would be
   * a way to take it over.
   */
  async function managedUser(auth: AuthContext, id: string): Promise<{ user: User; scope: Scope }> {
    const scope = await scopeOf(auth);
    const user = await activeUser(id);
    if (!visible(user, auth, scope)) throw notFound('No such user.');
    if (!manageable(scope, auth, user.id, user.leaData.map((l) => l.id))) throw forbidden(MANAGE_MESSAGES.otherLeas);
    if (user.id !== auth.userId && !(await holdsEverything(ctx.db, auth, user.roles))) {
      throw forbidden(MANAGE_MESSAGES.strongerAccount);
    }
    return { user, scope };
  }

  async function sendResetLink(userId: string, email: string, fullName: string, actor: string, welcome: boolean): Promise<void> {
    const now = ctx.now();
    const token = await createOneTimeToken(ctx.db, {
      userId,
      purpose: 'reset-password',
      ttlSeconds: welcome ? WELCOME_PASSWORD_TTL_SECONDS : RESET_PASSWORD_TTL_SECONDS,
      now,
      actor,
    });
    const build = welcome ? setPasswordEmail : resetPasswordEmail;
    await ctx.mailer.send(build(email, fullName, ctx.config.portalPublicUrl, token), actor);
  }

  // ---- passwords (anonymous) ----

  router.post('/api/account/recover/password', async (req, res) => {
    const { email } = parse(recoverBody, req.body, 'body');
    await limitClient(ctx, req, res, LIMITS.recoverPerClient);
    // The answer is the same, and as quick, whether or not the account exists: the lookup and
    // the email happen after the response.
    res.json({ message: errorMessages.passwordRecoverySent });
    void (async () => {
      // Past the per-address limit nothing more is sent: the same answer, no flood of emails.
      if (!(await hit(ctx, LIMITS.recoverPerAddress, email)).allowed) {
        ctx.log.info('password recovery: per-address limit reached, no email sent');
        return;
      }
      const found = await ctx.db.query<{ id: string; email: string; full_name: string }>(
        `SELECT id, email, full_name FROM users WHERE lower(email) = lower($1) AND NOT is_deleted AND is_enabled`,
        [email],
      );
      const user = found.rows[0];
      if (!user) {
        ctx.log.info('password recovery asked for an unknown or inactive address');
        return;
      }
      await sendResetLink(user.id, user.email, user.full_name, user.id, false);
    })().catch((err: unknown) => ctx.log.error({ err }, 'password recovery email failed'));
  });

  // The reset page asks first, so someone with a used or expired link is told so before typing
  // two passwords. Nothing is spent; the answer needs the address and the token together.
  router.post('/api/account/reset/check', async (req, res) => {
    const body = parse(resetCheckBody, req.body, 'body');
    const now = ctx.now();
    const token = body.token ? await findUsableToken(ctx.db, body.token, 'reset-password', now) : null;
    const owner = token ? await ctx.db.query('SELECT 1 FROM users WHERE id = $1 AND lower(email) = lower($2) AND NOT is_deleted', [token.userId, body.email]) : null;
    res.set('Cache-Control', 'no-store').json({ usable: owner !== null && owner.rows.length > 0 });
  });

  router.post('/api/account/reset/password', async (req, res) => {
    const body = parse(resetBody, req.body, 'body');
    await limitClient(ctx, req, res, LIMITS.resetPerClient);
    const reasons = passwordReasons(body.newPassword);
    const now = ctx.now();
    // The token is checked before any hashing: a bad token costs no CPU (issue 10, finding 4).
    const usable = body.token ? await ctx.db.tx(async (q) => findUsableToken(q, body.token, 'reset-password', now)) : null;
    if (usable === null) reasons.push(INVALID_TOKEN_REASON);
    if (reasons.length) throw invalidInformation(reasons);
    const passwordHash = await hashPassword(body.newPassword);
    const ok = await ctx.db.tx(async (q) => {
      const token = await findUsableToken(q, body.token, 'reset-password', now);
      const owner = token
        ? await q.query('SELECT 1 FROM users WHERE id = $1 AND lower(email) = lower($2) AND NOT is_deleted', [token.userId, body.email])
        : null;
      const tokenOk = token !== null && owner !== null && owner.rows.length > 0;
      if (!tokenOk) reasons.push(INVALID_TOKEN_REASON);
      if (!tokenOk || reasons.length) return false;
      await setPassword(q, token.userId, passwordHash, token.userId, now);
      // Receiving the link proves the address, so an unverified account becomes verified.
      await q.query('UPDATE users SET email_confirmed = true WHERE id = $1', [token.userId]);
      await clearLockout(q, token.userId, token.userId);
      await spendTokens(q, token.userId, 'reset-password', now, token.userId);
      await revokeUserTokens(q, token.userId, now, token.userId);
      await bumpStamps(ctx, q, [token.userId]);
      return true;
    });
    if (!ok) throw invalidInformation(reasons);
    res.json({ success: true });
  });

  // ---- catalogue and the caller's own account ----

  router.get('/api/account/permissions', signedIn, async (_req, res) => {
    const rows = await ctx.db.query<{ value: string; name: string; group_name: string; description: string }>(
      'SELECT value, name, group_name, description FROM permissions',
    );
    const order = new Map(permissionCatalogue.map((p, i) => [p.value, i]));
    const rank = (value: string) => order.get(value) ?? Number.MAX_SAFE_INTEGER;
    const items = rows.rows
      .sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value))
      .map((p) => ({ name: p.name, value: p.value, groupName: p.group_name, description: p.description }));
    res.json(items);
  });

  router.get('/api/account/users/me', signedIn, async (_req, res) => {
    res.json(await activeUser(authOf(res).userId));
  });

  router.get('/api/account/users/me/preferences', signedIn, async (_req, res) => {
    res.json((await activeUser(authOf(res).userId)).configuration);
  });

  router.put('/api/account/users/me/preferences', signedIn, async (req, res) => {
    const auth = authOf(res);
    const changes = parse(configurationSchema.partial(), req.body, 'body');
    const current = await activeUser(auth.userId);
    const configuration = { ...current.configuration, ...changes };
    await ctx.db.query(`UPDATE users SET configuration = $2::jsonb, updated_at = $3, updated_by = $4 WHERE id = $1`, [
      auth.userId,
      JSON.stringify(configuration),
      ctx.now(),
      auth.userId,
    ]);
    res.json(configuration);
  });

  router.put('/api/account/users/me', signedIn, async (req, res) => {
    const auth = authOf(res);
    const body = parse(updateMeBody, req.body, 'body');
    const current = await activeUser(auth.userId);
    const draft = draftOf(current);
    draft.fullName = body.fullName;
    if (body.jobTitle !== undefined) draft.jobTitle = body.jobTitle;
    if (body.phoneNumber !== undefined) draft.phoneNumber = body.phoneNumber;
    if (body.configuration) draft.configuration = { ...draft.configuration, ...body.configuration };
    res.json(await saveAndLoad(current, draft, auth));
  });

  router.patch('/api/account/users/me', jsonPatch, signedIn, async (req, res) => {
    const auth = authOf(res);
    const operations = parse(patchBody, req.body, 'body');
    const current = await activeUser(auth.userId);
    const draft = parse(draftSchema, applyPatch(draftOf(current), operations, SELF_PATCH_PATHS), 'body');
    res.json(await saveAndLoad(current, draft, auth));
  });

  /** Saves a draft of an existing user; `scope` given means a manager's edit, which is guarded. */
  async function saveAndLoad(current: User, draft: UserDraft, auth: AuthContext, scope?: Scope): Promise<User> {
    const now = ctx.now();
    // A new address takes effect only once its owner confirms it (a manager who could change
    // it at once could take the account over through Forgot Password); the old one is told.
    const newEmail = draft.email.toLowerCase() === current.email.toLowerCase() ? null : draft.email;
    if (newEmail !== null) {
      const taken = await ctx.db.query('SELECT 1 FROM users WHERE id <> $1 AND (lower(email) = lower($2) OR lower(user_name) = lower($2))', [current.id, newEmail]);
      if (taken.rows.length) throw conflict('Another account already uses this email address or user name.');
      draft = { ...draft, email: current.email, userName: draft.userName.toLowerCase() === newEmail.toLowerCase() ? current.userName : draft.userName };
    }
    // New LEAs without a new primary LEA: the primary moves to one of the new LEAs.
    if (draft.leaId !== null && draft.leaId === current.leaId && !draft.leaIds.includes(draft.leaId)) {
      const before = current.leaData.map((l) => l.id);
      const changed = draft.leaIds.length !== before.length || draft.leaIds.some((id) => !before.includes(id));
      if (changed) draft = { ...draft, leaId: draft.leaIds[0] ?? null };
    }
    let pending: { token: string; newEmail: string } | null = null;
    const saved = await ctx.db.tx(async (q) => {
      if (scope !== undefined) {
        await guardChange(q, auth, scope, { leaIds: current.leaData.map((l) => l.id), roles: current.roles }, draft, false);
      }
      const { rolesChanged } = await saveDraft(q, current.id, draft, auth.userId, now, current.leaId);
      // Tokens issued with the old roles, or to an account now disabled, stop working now.
      if (rolesChanged || (current.isEnabled && !draft.isEnabled)) await bumpStamps(ctx, q, [current.id]);
      const saved = await loadUser(q, current.id, { now });
      if (!saved) throw notFound('No such user.');
      if (newEmail !== null) {
        await spendTokens(q, current.id, 'confirm-email', now, auth.userId);
        const token = await createOneTimeToken(q, { userId: current.id, purpose: 'confirm-email', ttlSeconds: CONFIRM_EMAIL_TTL_SECONDS, now, actor: auth.userId, payload: newEmail });
        await recordAudit(q, { actor: auth.userId, action: 'user.email-change-requested', entityType: 'user', entityId: current.id, changes: { email: { from: current.email, to: newEmail } } });
        pending = { token, newEmail };
      }
      // A manager's edit is an admin change; a user editing their own profile is not.
      if (scope !== undefined) {
        await recordAudit(q, {
          actor: auth.userId,
          action: 'user.update',
          entityType: 'user',
          entityId: current.id,
          changes: diffChanges(auditView(current), auditView(saved)),
        });
      }
      return saved;
    });
    if (pending === null) return saved;
    const { token, newEmail: to } = pending;
    await ctx.mailer.send(confirmEmailChangeEmail(to, saved.fullName, ctx.config.portalPublicUrl, token), auth.userId);
    await ctx.mailer.send(emailChangeNoticeEmail(current.email, saved.fullName, ctx.config.portalPublicUrl, to), auth.userId);
    return { ...saved, pendingEmail: to };
  }

  // The owner of a new address confirms it (anonymous: the link is the proof). The same answer
  // for every token that does not work, so the link tells nothing about the account.
  router.post('/api/account/email/confirm', async (req, res) => {
    const { token: raw } = parse(confirmEmailBody, req.body, 'body');
    const now = ctx.now();
    const outcome = await ctx.db.tx(async (q): Promise<'confirmed' | 'invalid' | 'taken'> => {
      const token = await findUsableToken(q, raw, 'confirm-email', now);
      if (!token?.payload) return 'invalid';
      const newEmail = token.payload;
      const taken = await q.query('SELECT 1 FROM users WHERE id <> $1 AND (lower(email) = lower($2) OR lower(user_name) = lower($2))', [token.userId, newEmail]);
      if (taken.rows.length) return 'taken';
      const before = await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND NOT is_deleted', [token.userId]);
      const old = before.rows[0]?.email;
      if (old === undefined) return 'invalid';
      // The user name follows the address when it was the address.
      await q.query(
        `UPDATE users SET email = $2, user_name = CASE WHEN lower(user_name) = lower($3) THEN $2 ELSE user_name END,
           email_confirmed = true, updated_at = $4, updated_by = $1 WHERE id = $1`,
        [token.userId, newEmail, old, now],
      );
      await spendTokens(q, token.userId, 'confirm-email', now, token.userId);
      await recordAudit(q, { actor: token.userId, action: 'user.email-changed', entityType: 'user', entityId: token.userId, changes: { email: { from: old, to: newEmail } } });
      return 'confirmed';
    });
    res.json({ outcome });
  });

  router.put('/api/account/users/:id/password', signedIn, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const body = parse(changePasswordBody, req.body, 'body');
    // Only the account holder changes a password this way; administrators use changeuser-password.
    if (id !== auth.userId || body.id !== auth.userId) throw forbidden();
    const row = await ctx.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1 AND NOT is_deleted', [id]);
    if (!row.rows[0]) throw notFound('No such user.');
    // Each try is counted before the password is checked (issue 10, findings 6 and 9), in the same
    // count as sign-in guesses: past five, even the right password waits, so a stolen session
    // cannot guess it, nor go on guessing at the sign-in page.
    const guess = await ctx.db.tx((q) => reserveSignInGuess(q, throttleKey(id, ''), id, ctx.now()));
    if (!guess.allowed) {
      res.set('Retry-After', String(guess.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY_REQUESTS, { retryAfterSeconds: guess.retryAfterSeconds });
    }
    if (!(await verifyPassword(body.currentPassword, row.rows[0].password_hash))) throw invalidInformation([INCORRECT_PASSWORD_REASON]);
    await clearLockout(ctx.db, id);
    const reasons = passwordReasons(body.newPassword);
    if (reasons.length) throw invalidInformation(reasons);
    const hash = await hashPassword(body.newPassword);
    const now = ctx.now();
    // Every other sign-in ends (a stolen session must not outlive the change); the caller's own
    // refresh family is kept and a fresh access token comes back, since the stamp moves on.
    const tokens = await ctx.db.tx(async (q) => {
      await setPassword(q, id, hash, auth.userId, now);
      await q.query(
        `UPDATE refresh_tokens SET revoked_at = $2, updated_at = $2, updated_by = $1
         WHERE user_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR family_id::text <> $3)`,
        [id, now, auth.sessionFamily],
      );
      await bumpStamps(ctx, q, [id]);
      return tokenResponseFor(ctx, q, id, auth.sessionFamily ?? undefined);
    });
    forgetStamps(ctx, [id]);
    res.set('Cache-Control', 'no-store').json({ success: true, ...(tokens ? { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn } : {}) });
  });

  // ---- users: reading ----

  router.get('/api/account/users', signedIn, viewUsers, async (req, res) => {
    const auth = authOf(res);
    const query = parse(listQuery, req.query, 'query');
    const scope = await scopeOf(auth);
    res.json(await pageUsers(ctx.db, { ...query, withinLeaIds: scope === 'all' ? undefined : scope, now: ctx.now() }));
  });

  router.get('/api/account/users/username/:name', signedIn, async (req, res) => {
    const auth = authOf(res);
    const { name } = parse(userNameParam, req.params, 'path');
    const found = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [name]);
    const id = found.rows[0]?.id;
    if (id !== auth.userId && !can(auth, P.usersView, P.jurisdictionUsersView)) throw forbidden();
    if (!id) throw notFound('No such user.');
    res.json(await visibleUser(auth, id));
  });

  router.get('/api/account/users/:pageNumber/:pageSize', signedIn, viewUsers, async (req, res) => {
    const auth = authOf(res);
    const paging = parse(pagingParams, req.params, 'path');
    const scope = await scopeOf(auth);
    res.json(await pageUsers(ctx.db, { ...paging, withinLeaIds: scope === 'all' ? undefined : scope, now: ctx.now() }));
  });

  router.get('/api/account/users/:id', signedIn, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    if (id !== auth.userId && !can(auth, P.usersView, P.jurisdictionUsersView)) throw forbidden();
    res.json(await visibleUser(auth, id));
  });

  router.get('/api/account/lea/users/:leaId', signedIn, viewUsers, async (req, res) => {
    const auth = authOf(res);
    const { leaId } = parse(leaIdParam, req.params, 'path');
    const scope = await scopeOf(auth);
    if (scope !== 'all' && !scope.includes(leaId)) throw forbidden();
    res.json(await loadUsers(ctx.db, { leaId, now: ctx.now() }));
  });

  router.get('/api/account/jurisdiction/users', signedIn, viewUsers, async (req, res) => {
    const auth = authOf(res);
    const query = parse(jurisdictionQuery, req.query, 'query');
    const leaIds = await userLeaIds(ctx.db, auth.userId);
    const pageSize = query.pageSize ?? 1000;
    res.json(await pageUsers(ctx.db, { pageNumber: query.pageNumber ?? 1, pageSize, withinLeaIds: leaIds, now: ctx.now() }));
  });

  // ---- users: writing ----

  router.post('/api/account/users', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const body = parse(createUserBody, req.body, 'body');
    if (body.password !== undefined && body.password !== '') {
      const reasons = passwordReasons(body.password);
      if (reasons.length) {
        throw badRequest('The body is not valid.', { errors: reasons.map((message) => ({ field: 'password', message })), reasons });
      }
    }
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const now = ctx.now();
    const draft = parse(
      draftSchema,
      {
        userName: body.userName ?? body.email,
        email: body.email,
        fullName: body.fullName,
        jobTitle: body.jobTitle,
        phoneNumber: body.phoneNumber,
        leaId: body.leaId ?? null,
        leaIds: body.leaIds,
        roles: body.roles,
        isEnabled: body.isEnabled,
        configuration: { language: 'en', homeUrl: '/', showSelfAssessmentIntro: true },
      },
      'body',
    );
    const scope = await scopeOf(auth);
    const userId = await ctx.db.tx(async (q) => {
      await guardChange(q, auth, scope, { leaIds: [], roles: [] }, draft, true);
      let id: string | undefined;
      try {
        // An administrator vouches for the address, so the account starts verified.
        const inserted = await q.query<{ id: string }>(
          `INSERT INTO users (user_name, email, full_name, password_hash, email_confirmed, created_at, created_by, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, true, $5, $6, $5, $6) RETURNING id`,
          [draft.userName, draft.email, draft.fullName, passwordHash, now, auth.userId],
        );
        id = inserted.rows[0]?.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('Another account already uses this email address or user name.');
        throw err;
      }
      if (!id) throw new Error('user insert returned no id');
      await saveDraft(q, id, draft, auth.userId, now, null);
      const created = await loadUser(q, id, { now });
      if (created) {
        await recordAudit(q, {
          actor: auth.userId,
          action: 'user.create',
          entityType: 'user',
          entityId: id,
          changes: { ...createdChanges(auditView(created)), welcomeLinkSent: { to: !passwordHash } },
        });
      }
      return id;
    });
    if (!passwordHash) await sendResetLink(userId, draft.email, draft.fullName, auth.userId, true);
    const created = await loadUser(ctx.db, userId, { now });
    res.status(201).location(`/api/account/users/${userId}`).json(created);
  });

  router.put('/api/account/users/unblock/:id', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const { user } = await managedUser(auth, id);
    await ctx.db.tx(async (q) => {
      await clearLockout(q, id, auth.userId);
      await recordAudit(q, {
        actor: auth.userId,
        action: 'user.unblock',
        entityType: 'user',
        entityId: id,
        changes: { isLockedOut: { from: user.isLockedOut, to: false } },
      });
    });
    res.json(await activeUser(id));
  });

  // App.roles.assign "gives users roles and takes them away" without editing the rest of the
  // account; the same who-may-manage-whom rules apply as to a full edit.
  router.put('/api/account/users/:id/roles', signedIn, requirePermission(P.rolesAssign, P.usersManage), async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const body = parse(setRolesBody, req.body, 'body');
    const { user: current, scope } = await managedUser(auth, id);
    const draft = draftOf(current);
    draft.roles = body.roles;
    res.json(await saveAndLoad(current, draft, auth, scope));
  });

  router.put('/api/account/users/:id', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const body = parse(updateUserBody, req.body, 'body');
    const { user: current, scope } = await managedUser(auth, id);
    const draft = draftOf(current);
    draft.fullName = body.fullName;
    draft.email = body.email;
    if (body.userName !== undefined) draft.userName = body.userName;
    if (body.jobTitle !== undefined) draft.jobTitle = body.jobTitle;
    if (body.phoneNumber !== undefined) draft.phoneNumber = body.phoneNumber;
    if (body.leaId !== undefined) draft.leaId = body.leaId;
    if (body.leaIds !== undefined) draft.leaIds = body.leaIds;
    if (body.roles !== undefined) draft.roles = body.roles;
    if (body.isEnabled !== undefined) draft.isEnabled = body.isEnabled;
    if (body.configuration) draft.configuration = { ...draft.configuration, ...body.configuration };
    refuseSelfDisable(current, draft, auth);
    res.json(await saveAndLoad(current, draft, auth, scope));
  });

  router.patch('/api/account/users/:id', jsonPatch, signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const operations = parse(patchBody, req.body, 'body');
    const { user: current, scope } = await managedUser(auth, id);
    const draft = parse(draftSchema, applyPatch(draftOf(current), operations, ADMIN_PATCH_PATHS), 'body');
    refuseSelfDisable(current, draft, auth);
    res.json(await saveAndLoad(current, draft, auth, scope));
  });

  function refuseSelfDisable(current: User, draft: UserDraft, auth: AuthContext): void {
    if (current.id === auth.userId && !draft.isEnabled) throw badRequest('You cannot disable your own account.');
  }

  router.delete('/api/account/users/:id', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    if (id === auth.userId) throw badRequest('You cannot delete your own account.');
    await managedUser(auth, id);
    const now = ctx.now();
    const deleted = await ctx.db.tx(async (q) => {
      const r = await q.query(
        `UPDATE users SET is_deleted = true, is_enabled = false, updated_at = $2, updated_by = $3 WHERE id = $1 AND NOT is_deleted`,
        [id, now, auth.userId],
      );
      if (r.rowCount === 0) return false;
      await revokeUserTokens(q, id, now, auth.userId);
      await bumpStamps(ctx, q, [id]);
      await recordAudit(q, {
        actor: auth.userId,
        action: 'user.delete',
        entityType: 'user',
        entityId: id,
        changes: { isDeleted: { from: false, to: true }, isEnabled: { to: false } },
      });
      return true;
    });
    if (!deleted) throw notFound('No such user.');
    res.status(204).end();
  });

  router.post('/api/account/reset/user-password/:id', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const { id } = parse(userIdParam, req.params, 'path');
    const { user } = await managedUser(auth, id);
    await sendResetLink(user.id, user.email, user.fullName, auth.userId, false);
    // What was sent and to whom; the link itself stays out of the log.
    await recordAudit(ctx.db, { actor: auth.userId, action: 'user.reset-link-sent', entityType: 'user', entityId: user.id, changes: { emailedTo: user.email } });
    res.json({ sent: true });
  });

  router.put('/api/account/admin/changeuser-password', signedIn, manageUsers, async (req, res) => {
    const auth = authOf(res);
    const body = parse(adminChangePasswordBody, req.body, 'body');
    await managedUser(auth, body.id);
    const reasons = passwordReasons(body.newPassword);
    if (reasons.length) throw invalidInformation(reasons);
    const hash = await hashPassword(body.newPassword);
    const now = ctx.now();
    await ctx.db.tx(async (q) => {
      await setPassword(q, body.id, hash, auth.userId, now);
      await clearLockout(q, body.id, auth.userId);
      // Whoever was signed in with the old password is signed out, at once.
      await revokeUserTokens(q, body.id, now, auth.userId);
      await bumpStamps(ctx, q, [body.id]);
      // That it was set, not what to: no password or hash goes into the log.
      await recordAudit(q, { actor: auth.userId, action: 'user.password-set', entityType: 'user', entityId: body.id, changes: { sessionsEnded: true } });
    });
    res.json({ success: true });
  });

  return router;
}

// Re-exported for the OpenAPI description, so documentation and validation cannot drift apart.
export const accountSchemas = {
  listQuery,
  createUserBody,
  updateUserBody,
  updateMeBody,
  patchOperations,
  configurationSchema,
  recoverBody,
  resetBody,
  resetCheckBody,
  confirmEmailBody,
  changePasswordBody,
  adminChangePasswordBody,
  setRolesBody,
};
