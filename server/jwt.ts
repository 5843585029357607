// Reads the claims of an access token. The portal does not verify the signature (only the API
// can, and does on every call); it needs the claims to know who is signed in and what they may
// see. A token that is not three parts, or whose claims do not parse, is refused.
import { accessTokenClaims, userConfiguration, type AccessTokenClaims } from '../lib/contract.js';
import { errorMessages } from '../lib/messages.js';
import type { SessionUser } from './session-types.js';

export class TokenError extends Error {
  override readonly name = 'TokenError';
}

export function decodeAccessToken(token: string): AccessTokenClaims {
  if (!token) throw new TokenError(errorMessages.emptyAccessToken);
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) throw new TokenError(errorMessages.invalidToken);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError(errorMessages.invalidToken);
  }
  const claims = accessTokenClaims.safeParse(payload);
  if (!claims.success) throw new TokenError(errorMessages.invalidToken);
  return claims.data;
}

/** role and permission are one value or a list (spec §3, §6). */
export function claimList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v.length > 0);
}

export function userFromClaims(claims: AccessTokenClaims, leaId: number | null): SessionUser {
  return {
    id: claims.sub,
    userName: claims.name,
    fullName: claims.fullname,
    email: claims.email,
    jobTitle: claims.jobtitle,
    roles: claimList(claims.role),
    permissions: claimList(claims.permission),
    leaId,
  };
}

/** The user's chosen home page from the token's configuration claim; '/' when none or unreadable. */
export function homeUrlFromClaims(claims: AccessTokenClaims): string {
  try {
    const parsed = userConfiguration.safeParse(JSON.parse(claims.configuration));
    return parsed.success ? parsed.data.homeUrl : '/';
  } catch {
    return '/';
  }
}
