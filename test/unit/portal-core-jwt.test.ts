import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { claimList, decodeAccessToken, TokenError, userFromClaims } from '../../server/jwt.js';

function jwt(payload: unknown): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.signature`;
}

const claims = {
  sub: 'u-1',
  name: 'ada@example.gov',
  fullname: 'Ada Lovelace',
  email: 'ada@example.gov',
  jobtitle: 'Analyst',
  exp: 1_900_000_000,
};

describe('decodeAccessToken (spec §3, §8 "Token not of 3 parts")', () => {
  it('reads the claims of a three-part token', () => {
    const decoded = decodeAccessToken(jwt({ ...claims, role: 'StateUser', permission: ['App.stateuser', 'Eco.access'] }));
    expect(decoded.sub).toBe('u-1');
    expect(decoded.fullname).toBe('Ada Lovelace');
    expect(decoded.permission).toEqual(['App.stateuser', 'Eco.access']);
  });

  it('refuses an empty token with the catalogue message', () => {
    expect(() => decodeAccessToken('')).toThrow(errorMessages.emptyAccessToken);
  });

  it.each([['a.b'], ['a.b.c.d'], ['onlyonepart'], ['a..c']])('refuses %s: not three parts', (token) => {
    expect(() => decodeAccessToken(token)).toThrow(new TokenError(errorMessages.invalidToken));
  });

  it('refuses a payload that is not JSON or lacks required claims', () => {
    expect(() => decodeAccessToken('aGVhZA.bm90LWpzb24.sig')).toThrow(errorMessages.invalidToken);
    expect(() => decodeAccessToken(jwt({ sub: 'x' }))).toThrow(errorMessages.invalidToken);
  });
});

describe('userFromClaims', () => {
  it('accepts role and permission as one value or a list (spec §6)', () => {
    const one = userFromClaims(decodeAccessToken(jwt({ ...claims, role: 'StateUser', permission: 'App.stateuser' })), 7);
    expect(one.roles).toEqual(['StateUser']);
    expect(one.permissions).toEqual(['App.stateuser']);
    expect(one.leaId).toBe(7);
    const many = userFromClaims(decodeAccessToken(jwt({ ...claims, role: ['A', 'B'], permission: ['p1', 'p2'] })), null);
    expect(many).toEqual({
      id: 'u-1',
      userName: 'ada@example.gov',
      fullName: 'Ada Lovelace',
      email: 'ada@example.gov',
      jobTitle: 'Analyst',
      roles: ['A', 'B'],
      permissions: ['p1', 'p2'],
      leaId: null,
    });
    const none = userFromClaims(decodeAccessToken(jwt(claims)), null);
    expect(none.roles).toEqual([]);
    expect(none.permissions).toEqual([]);
  });

  it('drops empty entries', () => {
    expect(claimList(['a', '', 'b'])).toEqual(['a', 'b']);
    expect(claimList(undefined)).toEqual([]);
  });
});
