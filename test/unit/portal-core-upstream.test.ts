// The upstream client against a tiny local HTTP server: the header contract (spec §7), the
// error catalogue mapping (§8), refresh-ahead and the one refresh + one retry on a 401 (§4).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'express';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../server/session-types.js';
import { InProcessTokenStore, TokenManager, type TokenRecord } from '../../server/token-store.js';
import {
  buildPath,
  createApiClient,
  mapTransportError,
  createRefresher,
  mergeCookies,
  SchoolYearCache,
  SessionExpiredError,
  UpstreamError,
  UpstreamHttp,
} from '../../server/upstream.js';

function jwt(sub: string, extra: Record<string, unknown> = {}): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc({ sub, name: 'ada', fullname: 'Ada L', email: 'ada@x.gov', exp: 2_000_000_000, role: 'StateUser', ...extra })}.sig`;
}

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string | string[]>; delayMs?: number; raw?: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const out = handler(entry);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
        res.end(out.raw ?? (out.body === undefined ? '' : JSON.stringify(out.body)));
      }, out.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  seen = [];
  handler = () => ({ status: 200, body: {} });
});

const user: SessionUser = { id: 'u1', userName: 'ada', fullName: 'Ada L', email: 'ada@x.gov', jobTitle: '', roles: [], permissions: [], leaId: 12 };

interface Setup {
  session?: { user?: SessionUser; currentLeaId?: number | null; schoolYear?: string };
  record?: TokenRecord;
  timeoutMs?: number;
  base?: string;
}

async function setup({ session = { user, currentLeaId: 12, schoolYear: '2024-2025' }, record, timeoutMs = 2_000, base }: Setup = {}) {
  const http = new UpstreamHttp(base ?? baseUrl, timeoutMs);
  const store = new InProcessTokenStore(3600);
  const tokens = new TokenManager(store, createRefresher(http, 'drpub:secret'), { lockTtlMs: 5_000, waitTimeoutMs: 5_000 });
  if (record) await store.put('sid-1', record);
  const req = { session: { ...session }, sessionID: 'sid-1' } as unknown as Request;
  const api = createApiClient(
    req,
    { http, tokens, drPublicBasic: 'drpub:secret', schoolYears: new SchoolYearCache(), log: pino({ level: 'silent' }) },
    'req-123',
  );
  return { api, req, store, http };
}

const freshRecord = (token = jwt('u1')): TokenRecord => ({
  accessToken: token,
  expiresAt: Date.now() + 10 * 60_000,
  cookies: { refreshToken: 'rt-1' },
  userId: 'u1',
  leaId: 12,
  rev: 'r0',
});

describe('header contract (spec §7)', () => {
  it('sends Accept, App-Version, CurrentLeaId, Bearer, activeschoolyear and JSON content type; no cookie on data calls', async () => {
    const record = freshRecord();
    const { api } = await setup({ record });
    await api.call({ path: '/api/account/users/me' });
    expect(seen).toHaveLength(1);
    const h = seen[0]!.headers;
    expect(seen[0]!.method).toBe('GET');
    expect(h.accept).toBe('application/vnd.portal.v1+json');
    expect(h['app-version']).toBe('2.7.0');
    expect(h.currentleaid).toBe('12');
    expect(h.authorization).toBe(`Bearer ${record.accessToken}`);
    expect(h.activeschoolyear).toBe('2024-2025');
    expect(h['content-type']).toBe('application/json');
    expect(h['x-request-id']).toBe('req-123');
    expect(h.cookie).toBeUndefined();
  });

  it('fetches and saves the school year first when none is saved, without activeschoolyear on that call', async () => {
    handler = (r) =>
      r.path === '/api/leas/school-years'
        ? { status: 200, body: [{ key: '2025-2026', label: '2025-2026' }, { key: '2024-2025', label: '2024-2025' }] }
        : { status: 200, body: { ok: true } };
    const { api, req } = await setup({ session: { user, currentLeaId: null }, record: freshRecord() });
    await api.call({ path: '/api/text-blocks' });
    await api.call({ path: '/api/text-blocks' });
    expect(seen.map((s) => s.path)).toEqual(['/api/leas/school-years', '/api/text-blocks', '/api/text-blocks']);
    expect(seen[0]!.headers.activeschoolyear).toBeUndefined();
    expect(seen[1]!.headers.activeschoolyear).toBe('2025-2026');
    expect(seen[1]!.headers.currentleaid).toBe('');
    expect(req.session.schoolYear).toBe('2025-2026');
  });

  it('sends no Authorization on anonymous calls and form-encodes form data', async () => {
    const { api } = await setup({ session: {} , record: undefined });
    handler = (r) => (r.path === '/api/leas/school-years' ? { status: 200, body: [{ key: '2024-2025', label: 'x' }] } : { status: 200, body: {} });
    await api.call({ method: 'POST', path: '/api/auth/token', form: { username: 'a@b.c', password: 'p&q=1' }, auth: 'none' });
    const call = seen.find((s) => s.path === '/api/auth/token')!;
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(call.body).get('password')).toBe('p&q=1');
    expect(call.headers.activeschoolyear).toBe('2024-2025');
  });

  it('uses Basic credentials from config on disputeresolution/public calls, even when signed in', async () => {
    const { api } = await setup({ record: freshRecord() });
    await api.call({ method: 'POST', path: '/api/disputeresolution/public/requests', json: { a: 1 } });
    const h = seen[0]!.headers;
    expect(h.authorization).toBe(`Basic ${Buffer.from('drpub:secret').toString('base64')}`);
    expect(seen[0]!.body).toBe('{"a":1}');
  });

  it('forwards the refresh cookie only to the token endpoints', async () => {
    const record = freshRecord();
    const { api } = await setup({ record });
    handler = () => ({ status: 204 });
    await api.exchange({ method: 'POST', path: '/api/auth/revoke-token', json: {}, credentials: record });
    await api.call({ method: 'POST', path: '/api/auth/verify-email', json: { uid: 'x' }, auth: 'none' });
    expect(seen[0]!.headers.cookie).toBe('refreshToken=rt-1');
    expect(seen[1]!.headers.cookie).toBeUndefined();
  });
});

describe('error mapping (spec §8)', () => {
  it('403 → "Access Denied!"', async () => {
    handler = () => ({ status: 403, body: { message: 'nope' } });
    const { api } = await setup({ record: freshRecord() });
    const err = await api.call({ path: '/api/roles' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'http', status: 403, message: errorMessages.accessDenied });
  });

  it("other errors pass on the server's message and body; unreadable bodies say something went wrong", async () => {
    handler = () => ({ status: 409, body: { message: 'Name taken.', errors: [{ field: 'name', message: 'taken' }] } });
    const { api } = await setup({ record: freshRecord() });
    await expect(api.call({ path: '/api/roles', json: {} })).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      message: 'Name taken.',
      body: { errors: [{ field: 'name', message: 'taken' }] },
    });
    handler = () => ({ status: 502, raw: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } });
    await expect(api.call({ path: '/api/roles' })).rejects.toMatchObject({ kind: 'http', status: 502, body: null, message: errorMessages.somethingWentWrong });
  });

  it('a response that does not match the schema is an invalid-response error', async () => {
    handler = () => ({ status: 200, body: { id: 'not-a-number' } });
    const { api } = await setup({ record: freshRecord() });
    await expect(api.call({ path: '/api/roles/1', schema: z.object({ id: z.number() }) })).rejects.toMatchObject({ kind: 'invalid-response' });
    handler = () => ({ status: 200, body: { id: 4 } });
    await expect(api.call({ path: '/api/roles/1', schema: z.object({ id: z.number() }) })).resolves.toEqual({ id: 4 });
  });

  it('an unreachable API is "No Network" with status 0, at once', async () => {
    const { api } = await setup({ record: freshRecord(), base: 'http://127.0.0.1:1' });
    const started = Date.now();
    const err = await api.call({ path: '/api/roles' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', status: 0, message: errorMessages.noNetwork });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a stuck API times out within the configured bound', async () => {
    handler = () => ({ status: 200, body: {}, delayMs: 3_000 });
    const { api } = await setup({ record: freshRecord(), timeoutMs: 300 });
    const started = Date.now();
    const err = await api.call({ path: '/api/roles' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', message: errorMessages.upstreamTimeout });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('tokens on the wire (spec §4)', () => {
  it('refreshes ahead when less than 60 s are left, sending the cookie and the school year', async () => {
    const next = jwt('u1', { role: ['StateUser', 'Admin'] });
    handler = (r) =>
      r.path === '/api/auth/refresh-token'
        ? { status: 200, body: { accessToken: next, expiresIn: 900, leaId: 12, id: 'u1' }, headers: { 'set-cookie': 'refreshToken=rt-2; Path=/api/auth; HttpOnly' } }
        : { status: 200, body: {} };
    const { api, store, req } = await setup({ record: { ...freshRecord(), expiresAt: Date.now() + 30_000 } });
    await api.call({ path: '/api/account/users/me' });
    expect(seen.map((s) => s.path)).toEqual(['/api/auth/refresh-token', '/api/account/users/me']);
    expect(seen[0]!.headers.cookie).toBe('refreshToken=rt-1');
    expect(JSON.parse(seen[0]!.body)).toEqual({ activeSchoolYear: '2024-2025' });
    expect(seen[1]!.headers.authorization).toBe(`Bearer ${next}`);
    const saved = await store.get('sid-1');
    expect(saved?.accessToken).toBe(next);
    expect(saved?.cookies).toEqual({ refreshToken: 'rt-2' });
    // Roles come from the token: the session's user follows the refreshed claims.
    expect(req.session.user?.roles).toEqual(['StateUser', 'Admin']);
  });

  it('does not refresh with more than 60 s left', async () => {
    const { api } = await setup({ record: { ...freshRecord(), expiresAt: Date.now() + 61_000 } });
    await api.call({ path: '/api/account/users/me' });
    expect(seen.map((s) => s.path)).toEqual(['/api/account/users/me']);
  });

  it('on a 401: one refresh, one retry with the new token', async () => {
    const old = jwt('u1', { n: 1 });
    const next = jwt('u1', { n: 2 });
    handler = (r) => {
      if (r.path === '/api/auth/refresh-token') return { status: 200, body: { accessToken: next, expiresIn: 900, leaId: 12, id: 'u1' } };
      return r.headers.authorization === `Bearer ${next}` ? { status: 200, body: { ok: 1 } } : { status: 401, body: { message: 'expired' } };
    };
    const { api } = await setup({ record: freshRecord(old) });
    await expect(api.call({ path: '/api/account/users/me' })).resolves.toEqual({ ok: 1 });
    expect(seen.map((s) => s.path)).toEqual(['/api/account/users/me', '/api/auth/refresh-token', '/api/account/users/me']);
  });

  it('when the refresh is refused the session is over: SessionExpiredError and no tokens left', async () => {
    handler = (r) => (r.path === '/api/auth/refresh-token' ? { status: 401, body: { message: 'Session ended.' } } : { status: 401, body: {} });
    const { api, store } = await setup({ record: freshRecord() });
    await expect(api.call({ path: '/api/account/users/me' })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(seen.filter((s) => s.path === '/api/auth/refresh-token')).toHaveLength(1);
    expect(await store.get('sid-1')).toBeNull();
  });

  it('a signed-in session without a token record is expired, not anonymous', async () => {
    const { api } = await setup({ record: undefined });
    await expect(api.call({ path: '/api/account/users/me' })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(seen).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('mergeCookies applies new values and deletions', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(mergeCookies({ a: '1', b: '2' }, ['a=9; Path=/', 'b=; Max-Age=0', 'c="q"; HttpOnly'], now)).toEqual({ a: '9', c: 'q' });
    expect(mergeCookies({ a: '1' }, ['a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], now)).toEqual({});
  });

  it('maps transport failures: nothing answered → network, too slow → timeout', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']) {
      expect(mapTransportError(Object.assign(new Error(code), { code }))).toMatchObject({ kind: 'network', status: 0, message: errorMessages.noNetwork });
    }
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) {
      expect(mapTransportError(Object.assign(new Error(code), { code }))).toMatchObject({ kind: 'timeout', message: errorMessages.upstreamTimeout });
    }
    expect(mapTransportError(new DOMException('t', 'TimeoutError'))).toMatchObject({ kind: 'timeout' });
  });

  it('buildPath adds the query and refuses paths that could leave the API', () => {
    expect(buildPath('api/schools', { pageNumber: 1, sortField: 'name', skip: undefined })).toBe('/api/schools?pageNumber=1&sortField=name');
    for (const bad of ['//evil.example/x', '/api/../admin', 'http://evil/x', '/api/a b']) expect(() => buildPath(bad)).toThrow(/unsafe/);
  });
});
