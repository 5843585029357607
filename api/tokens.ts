// Access tokens: HS256 JWTs carrying the claims of spec §3. The portal decodes them; only this
// API verifies them.
import { SignJWT, jwtVerify } from 'jose';
import { accessTokenClaims, type AccessTokenClaims } from '../lib/contract.js';

const ISSUER = 'agency-api';
const AUDIENCE = 'compliance-portal';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export type AccessTokenInput = Omit<AccessTokenClaims, 'exp'>;

export async function signAccessToken(secret: string, claims: AccessTokenInput, ttlSeconds: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key(secret));
}

export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const parsed = accessTokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** role and permission claims are one value or a list (spec §3). */
export function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
