// Sign-in, token refresh and revocation, self-registration and email verification (spec §7 Auth).
import { clientOf, hit, LIMITS, limitClient, TOO_MANY_REQUESTS, unhit } from '../rate-limits.js';
import { Router, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorMessages, validationMessages } from '../../lib/messages.js';
import { PASSWORD_MIN_LENGTH, unmetPasswordRequirements } from '../../lib/password-policy.js';
import { PUBLIC_DR_ROLE } from '../../lib/permissions.js';
import { registrationAttemptEmail, verificationEmail } from '../auth-emails.js';
import type { ApiContext } from '../context.js';
import { ApiError, badRequest, conflict, notFound, parse, unauthorized } from '../http.js';
import { clearLockout, reserveSignInGuess, throttleKey } from '../lockout.js';
import { createOneTimeToken, findUsableToken, spendTokens, VERIFY_EMAIL_TTL_SECONDS } from '../one-time-tokens.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../passwords.js';
import { createRecaptchaCheck } from '../recaptcha.js';
import {
  clearRefreshCookie,
  findRefreshToken,
  issueRefreshToken,
  markRotated,
  presentedRefreshToken,
  refreshTokenState,
  revokeFamily,
  setRefreshCookie,
} from '../refresh-tokens.js';
import { tokenResponseFor } from '../session-tokens.js';
import { isUniqueViolation } from '../sql-errors.js';

/** The 300-second wait between verification emails (spec §4, §9). */
export const RESEND_VERIFICATION_SECONDS = 300;

const v = validationMessages;
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const tokenBody = z.object({
  username: z.string({ error: v.valueRequired }).trim().min(1, v.valueRequired).max(256),
  password: z.string({ error: v.valueRequired }).min(1, v.valueRequired).max(1024),
  recaptchaToken: z.string().max(4096).optional().default(''),
});

const schoolYearKey = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().regex(/^\d{4}-\d{4}$/, v.incorrectFormat).optional(),
);
const refreshBody = z.object({ activeSchoolYear: schoolYearKey });

const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired, abort: true })
  .max(254, v.maxLength(254))
  .pipe(z.email(v.emailInvalid));

/** The registration rules of spec §5 (Dispute registration), messages from lib/messages. */
export const registerBody = z
  .object({
    fullName: z.string({ error: v.fullNameRequired }).trim().min(1, v.fullNameRequired).max(200, v.maxLength(200)),
    email: emailField,
    password: z
      .string({ error: v.passwordRequired })
      .min(1, { error: v.passwordRequired, abort: true })
      .max(1024, v.maxLength(1024))
      .refine((p) => [...p].length >= PASSWORD_MIN_LENGTH, v.passwordMinLength)
      // Complexity is judged apart from length, so a short password gets both messages.
      .refine((p) => unmetPasswordRequirements(p).every((r) => r.id === 'length'), v.passwordComplexity),
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, v.confirmPasswordRequired),
    recaptchaToken: z.string().max(4096).optional().default(''),
  })
  .refine((b) => b.confirmPassword === '' || b.confirmPassword === b.password, {
    path: ['confirmPassword'],
    error: v.passwordsDoNotMatch,
  });

const verifyBody = z.object({ uid: z.string({ error: v.valueRequired }).trim().min(1, v.valueRequired).max(200) });
// By the account-created page's id, or by address (the sign-in page's offer to an unverified user).
const resendBody = z.union([z.object({ uid: z.guid(v.incorrectFormat) }), z.object({ email: emailField })]);

interface SignInRow {
  id: string;
  password_hash: string | null;
  is_enabled: boolean;
  is_deleted: boolean;
  email_confirmed: boolean;
}

const invalidCredentials = () => badRequest(errorMessages.loginFailed, { code: 'invalid_credentials' });
const locked = (retryAfterSeconds: number) => new ApiError(429, errorMessages.accountLocked, { code: 'locked', retryAfterSeconds });

export function authRouter(ctx: ApiContext): Router {
  const router = Router();
  const checkRecaptcha = createRecaptchaCheck(ctx.config, ctx.log);

  router.post('/api/auth/token', async (req, res) => {
    const input = req.body as Record<string, unknown> | undefined;
    // The form posts `username`; spec §3 calls the login model's field userName: accept either.
    const body = parse(tokenBody, { ...input, username: input?.username ?? input?.userName }, 'body');
    await checkRecaptcha(body.recaptchaToken, req.ip);

    const found = await ctx.db.query<SignInRow>(
      `SELECT id, password_hash, is_enabled, is_deleted, email_confirmed FROM users
       WHERE lower(email) = lower($1) OR lower(user_name) = lower($1)
       ORDER BY (lower(email) = lower($1)) DESC LIMIT 1`,
      [body.username],
    );
    const user = found.rows[0];
    // Issue 10, finding 6: the guess is counted before the password is checked, per client
    // (undone by a right password) and per account, where past five free guesses each waits its
    // turn. An unknown or deleted name is counted by what was typed and answered the same way.
    const client = await hit(ctx, LIMITS.signInPerClient, clientOf(req));
    if (!client.allowed) {
      res.set('Retry-After', String(client.retryAfterSeconds));
      throw new ApiError(429, errorMessages.tooManySignIns, { code: 'too_many_requests', retryAfterSeconds: client.retryAfterSeconds });
    }
    const known = user && !user.is_deleted ? user : undefined;
    const guess = await ctx.db.tx((q) => reserveSignInGuess(q, throttleKey(known?.id ?? null, body.username), known?.id ?? null, ctx.now()));
    if (!guess.allowed) {
      res.set('Retry-After', String(guess.retryAfterSeconds));
      throw locked(guess.retryAfterSeconds);
    }
    // Unknown users are compared against a dummy hash so the answer takes as long either way.
    const passwordOk = await verifyPassword(body.password, known?.password_hash ?? DUMMY_HASH);
    if (!known || !passwordOk) throw invalidCredentials();
    // A right password clears the counts, whatever stops the sign-in next.
    await unhit(ctx, LIMITS.signInPerClient, clientOf(req));
    await clearLockout(ctx.db, known.id);
    if (!known.is_enabled) throw invalidCredentials();
    if (!known.email_confirmed) {
      throw badRequest(errorMessages.emailNotVerified, { code: 'email_not_verified' });
    }

    const now = ctx.now();
    const { response, raw } = await ctx.db.tx(async (q) => {
      const refresh = await issueRefreshToken(q, {
        userId: known.id,
        activeSchoolYear: null,
        ttlSeconds: ctx.config.refreshTokenTtlSeconds,
        now,
      });
      const tokens = await tokenResponseFor(ctx, q, known.id, refresh.familyId);
      if (!tokens) throw invalidCredentials();
      return { response: tokens, raw: refresh.raw };
    });
    setRefreshCookie(res, ctx.config, raw);
    res.set('Cache-Control', 'no-store').json(response);
  });

  router.post('/api/auth/refresh-token', async (req, res) => {
    const body = parse(refreshBody, req.body ?? {}, 'body');
    const raw = presentedRefreshToken(req);
    if (!raw) return refuseSession(res);
    const now = ctx.now();
    const outcome = await ctx.db.tx(async (q) => {
      const row = await findRefreshToken(q, raw);
      if (!row) return null;
      const state = refreshTokenState(row, now);
      if (state === 'reused') {
        // A rotated or revoked token came back: someone holds a copy. End the whole family.
        ctx.log.warn({ familyId: row.family_id, userId: row.user_id }, 'refresh token reuse: family revoked');
        await revokeFamily(q, row.family_id, now);
        return null;
      }
      if (state === 'expired') return null;
      const response = await tokenResponseFor(ctx, q, row.user_id, row.family_id);
      if (!response) {
        await revokeFamily(q, row.family_id, now);
        return null;
      }
      await markRotated(q, row.id, now);
      const next = await issueRefreshToken(q, {
        userId: row.user_id,
        familyId: row.family_id,
        activeSchoolYear: body.activeSchoolYear ?? row.active_school_year,
        ttlSeconds: ctx.config.refreshTokenTtlSeconds,
        now,
      });
      return { response, raw: next.raw };
    });
    if (!outcome) return refuseSession(res);
    setRefreshCookie(res, ctx.config, outcome.raw);
    res.set('Cache-Control', 'no-store').json(outcome.response);
  });

  router.post('/api/auth/access-token', async (req, res) => {
    const raw = presentedRefreshToken(req);
    if (!raw) return refuseSession(res);
    const now = ctx.now();
    const response = await ctx.db.tx(async (q) => {
      const row = await findRefreshToken(q, raw);
      if (!row) return null;
      const state = refreshTokenState(row, now);
      if (state !== 'active') {
        if (state === 'reused') await revokeFamily(q, row.family_id, now);
        return null;
      }
      // Roles and permissions are read again, so a role change applies without a new sign-in.
      const tokens = await tokenResponseFor(ctx, q, row.user_id, row.family_id);
      if (!tokens) await revokeFamily(q, row.family_id, now);
      return tokens;
    });
    if (!response) return refuseSession(res);
    res.set('Cache-Control', 'no-store').json(response);
  });

  router.post('/api/auth/revoke-token', async (req, res) => {
    const raw = presentedRefreshToken(req);
    if (raw) {
      await ctx.db.tx(async (q) => {
        const row = await findRefreshToken(q, raw);
        if (row) await revokeFamily(q, row.family_id, ctx.now(), row.user_id);
      });
    }
    clearRefreshCookie(res, ctx.config);
    res.status(204).end();
  });

  router.post('/api/auth/register', async (req, res) => {
    const body = parse(registerBody, req.body, 'body');
    // Per client and per address, before any hashing or email (issue 10, findings 4 and 5).
    await limitClient(ctx, req, res, LIMITS.registerPerClient);
    const perAddress = await hit(ctx, LIMITS.registerPerAddress, body.email);
    if (!perAddress.allowed) {
      res.set('Retry-After', String(perAddress.retryAfterSeconds));
      throw new ApiError(429, TOO_MANY_REQUESTS, { retryAfterSeconds: perAddress.retryAfterSeconds });
    }
    await checkRecaptcha(body.recaptchaToken, req.ip);
    const passwordHash = await hashPassword(body.password);
    const now = ctx.now();
    let created: { userId: string; token: string };
    try {
      created = await ctx.db.tx(async (q) => {
        const role = await q.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [PUBLIC_DR_ROLE]);
        const roleId = role.rows[0]?.id;
        if (roleId === undefined) throw new Error(`The ${PUBLIC_DR_ROLE} role is missing: seed the roles first.`);
        const inserted = await q.query<{ id: string }>(
          `INSERT INTO users (user_name, email, full_name, password_hash, email_confirmed, verification_sent_at,
                              created_by, updated_by)
           VALUES ($1, $1, $2, $3, false, $4, 'self-registration', 'self-registration') RETURNING id`,
          [body.email, body.fullName, passwordHash, now],
        );
        const userId = inserted.rows[0]?.id;
        if (!userId) throw new Error('user insert returned no id');
        await q.query(`INSERT INTO user_roles (user_id, role_id, created_by, updated_by) VALUES ($1, $2, $3, $3)`, [userId, roleId, userId]);
        const token = await createOneTimeToken(q, { userId, purpose: 'verify-email', ttlSeconds: VERIFY_EMAIL_TTL_SECONDS, now, actor: userId });
        return { userId, token };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The address has an account. Saying so would tell anyone who owns an account; instead the
      // answer looks like a new registration's, and the owner of the address is told by email how
      // to sign in or reset the password. The id leads nowhere (resending for it sends nothing).
      const owner = await ctx.db.query<{ id: string; full_name: string }>(
        'SELECT id, full_name FROM users WHERE lower(email) = lower($1) AND NOT is_deleted ORDER BY created_at LIMIT 1',
        [body.email],
      );
      const existing = owner.rows[0];
      if (existing) await ctx.mailer.send(registrationAttemptEmail(body.email, existing.full_name, ctx.config.portalPublicUrl), existing.id);
      res.status(201).json({ userId: randomUUID() });
      return;
    }
    await ctx.mailer.send(verificationEmail(body.email, body.fullName, ctx.config.portalPublicUrl, created.token), created.userId);
    res.status(201).json({ userId: created.userId });
  });

  router.post('/api/auth/verify-email', async (req, res) => {
    const body = parse(verifyBody, req.body, 'body');
    const now = ctx.now();
    const role = await ctx.db.tx(async (q) => {
      const token = await findUsableToken(q, body.uid, 'verify-email', now);
      if (!token) return null;
      const updated = await q.query(
        `UPDATE users SET email_confirmed = true, updated_at = $2, updated_by = $3 WHERE id = $1 AND NOT is_deleted`,
        [token.userId, now, token.userId],
      );
      if (updated.rowCount === 0) return null;
      await spendTokens(q, token.userId, 'verify-email', now, token.userId);
      const roles = await q.query<{ name: string }>(
        `SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY ur.created_at, r.name LIMIT 1`,
        [token.userId],
      );
      return roles.rows[0]?.name ?? '';
    });
    // 200 either way: the portal shows the success or failure text block from `success`.
    res.json(role === null ? { success: false, role: null } : { success: true, role: role || null });
  });

  router.post('/api/auth/resend-verification', async (req, res) => {
    const body = parse(resendBody, req.body, 'body');
    await limitClient(ctx, req, res, LIMITS.resendPerClient);
    // By address, past the limit the answer stays the same and nothing is sent.
    if ('email' in body && !(await hit(ctx, LIMITS.resendPerAddress, body.email)).allowed) {
      return void res.json({ sent: true, retryAfterSeconds: RESEND_VERIFICATION_SECONDS });
    }
    const now = ctx.now();
    const outcome = await ctx.db.tx(async (q) => {
      const found = await q.query<{ id: string; email: string; full_name: string; email_confirmed: boolean; verification_sent_at: Date | string | null }>(
        'uid' in body
          ? `SELECT id, email, full_name, email_confirmed, verification_sent_at FROM users WHERE id = $1 AND NOT is_deleted FOR UPDATE`
          : `SELECT id, email, full_name, email_confirmed, verification_sent_at FROM users
              WHERE lower(email) = lower($1) AND NOT is_deleted AND NOT email_confirmed ORDER BY created_at LIMIT 1 FOR UPDATE`,
        ['uid' in body ? body.uid : body.email],
      );
      const user = found.rows[0];
      if (!user) return { kind: 'unknown' as const };
      if (user.email_confirmed) return { kind: 'verified' as const };
      const sentAt = user.verification_sent_at === null ? null : new Date(user.verification_sent_at).getTime();
      const waitMs = sentAt === null ? 0 : sentAt + RESEND_VERIFICATION_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) return { kind: 'wait' as const, retryAfterSeconds: Math.ceil(waitMs / 1000) };
      // Older links stop working, so only the newest email's link verifies.
      await spendTokens(q, user.id, 'verify-email', now, user.id);
      const token = await createOneTimeToken(q, { userId: user.id, purpose: 'verify-email', ttlSeconds: VERIFY_EMAIL_TTL_SECONDS, now, actor: user.id });
      await q.query(`UPDATE users SET verification_sent_at = $2 WHERE id = $1`, [user.id, now]);
      return { kind: 'send' as const, userId: user.id, email: user.email, fullName: user.full_name, token };
    });
    const sameAnswer = { sent: true, retryAfterSeconds: RESEND_VERIFICATION_SECONDS };
    // Asked by address, every answer is the same, so nobody learns whether an account exists or
    // waits for verification; the per-account wait still keeps the emails to one per 300 s.
    // By id, an unknown id and an account already verified answer as sent too (issue 10, finding
    // 11): the id a registration of a taken address got looks like any other.
    if (outcome.kind === 'unknown' || outcome.kind === 'verified' || ('email' in body && outcome.kind !== 'send')) return void res.json(sameAnswer);
    if (outcome.kind === 'wait') {
      res.set('Retry-After', String(outcome.retryAfterSeconds));
      throw new ApiError(429, `Please wait ${outcome.retryAfterSeconds} seconds before asking for another email.`, {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
    await ctx.mailer.send(verificationEmail(outcome.email, outcome.fullName, ctx.config.portalPublicUrl, outcome.token), outcome.userId);
    res.json(sameAnswer);
  });

  function refuseSession(res: Response): never {
    clearRefreshCookie(res, ctx.config);
    throw unauthorized(SESSION_ENDED);
  }

  return router;
}

