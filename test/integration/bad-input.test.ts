// Hostile input to every form of the portal and to its /api proxy: empty and huge values, arrays
// and objects where strings belong, control characters, broken Unicode, script and SQL
// fragments, encoded path tricks, wrong and lying content types. The POST routes are read from
// the app's router stack, so a form added later is covered without being listed here. Every
// answer must be a clear one (never a 5xx, never a crash, a message the user can act on), and
// nothing the attacker sent may come back as live markup.
//
// The /api proxy must forward only the agency API's paths and methods, never the browser's
// cookies, Authorization or forwarding headers, and never hand the API's Set-Cookie back.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { fillPath, listRoutes, PASSWORD, pathOf, startFaultProxy, type FaultProxy, type RouteEntry } from './ops-helpers.js';

const SCRIPT = '<script>alert("pwned")</script>';
const IMG = '"><img src=x onerror=alert(1)>';

/** Values a form field may receive from an attacker or a broken client. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' \t ',
  'x'.repeat(2_000),
  `${IMG}${SCRIPT}`,
  "' OR '1'='1'; DROP TABLE users; -- {{7*7}}${7*7}<%= 7*7 %>\u202e\u200b\ufeff",
  '\u0000\u0001\u0007\u001b[31m\r\n\t\ud800\udfff\ud800\u2028', // control characters, lone surrogates (broken UTF-16)
  '//evil.example/../%2e%2e%2fetc%2fpasswd%00',
  'javascript:alert(1)',
  '-1',
  '1e308',
  'state.admin@demo.example',
];

/** JSON values where a string (or a flag, or a number) belongs. */
const HOSTILE_JSON_VALUES: readonly unknown[] = [null, 1e308, ['a', 'b'], { $gt: '', toString: 'x' }];

/** Raw bodies whose framing is broken and that still reach the route's handler. */
const BROKEN_BODIES: readonly { type: string; body: string | Buffer; name: string }[] = [
  { name: 'JSON array', type: 'application/json', body: '[1,2,3]' },
  { name: 'deep nesting and prototype pollution', type: 'application/json', body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}` },
  { name: 'plain text (no body parsed)', type: 'text/plain', body: 'userName=a&password=b' },
];

/** Bodies the parsers refuse or read alike for every route (the same middleware): a few routes show it. */
const UNREADABLE_BODIES: readonly { type: string; body: string | Buffer; name: string }[] = [
  { name: 'multipart', type: 'multipart/form-data; boundary=XX', body: '--XX\r\nContent-Disposition: form-data; name="userName"\r\n\r\na\r\n--XX--\r\n' },
  { name: 'invalid UTF-8 bytes', type: 'application/x-www-form-urlencoded', body: Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x26, 0x62, 0x3d, 0xed, 0xa0, 0x80]) },
  { name: 'broken percent-encoding', type: 'application/x-www-form-urlencoded', body: 'userName=%E0%A4%A&password=%&email=%ZZ%' },
  { name: 'truncated JSON', type: 'application/json', body: '{"userName": "a' },
  { name: 'JSON that is not an object', type: 'application/json', body: '"just a string"' },
  { name: 'unsupported charset', type: 'application/x-www-form-urlencoded; charset=utf-7', body: 'userName=+ADw-script+AD4-' },
  { name: 'too large', type: 'application/x-www-form-urlencoded', body: `userName=${'a'.repeat(200_000)}` },
  { name: 'too large JSON', type: 'application/json', body: JSON.stringify({ userName: 'a'.repeat(200_000) }) },
  { name: 'too many fields', type: 'application/x-www-form-urlencoded', body: Array.from({ length: 2_000 }, (_, i) => `f${i}=1`).join('&') },
];

type Agent = ReturnType<typeof request.agent>;

let api: TestApi;
let upstream: FaultProxy;
let portal: TestPortal;
let postRoutes: RouteEntry[];
/** Every field name any form of the app renders (anonymous and signed in). */
const fieldNames = new Set<string>(['userName', 'password', 'email', 'returnUrl', 'uid', 'token']);
/** The fields of the forms that post to each path. */
const formFields = new Map<string, Set<string>>();
let anonymous: { agent: Agent; csrf: string };
let signedIn: { agent: Agent; csrf: string };
let clientIp = 0;

/** A fresh client address per request, so sign-in rate limits never hide what a handler does. */
const nextIp = () => `198.51.100.${(clientIp++ % 250) + 1}`;

function fieldsIn(html: string): string[] {
  return [...html.matchAll(/<(?:input|select|textarea|button)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!).filter((n) => n !== '_csrf');
}

/** Records the fields of each post form on a page, by where it posts (its own path without an action). */
function learnForms(pagePath: string, html: string): void {
  for (const form of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = form[1] ?? '';
    if (!/method="post"/i.test(attrs)) continue;
    const action = (/action="([^"]*)"/.exec(attrs)?.[1] ?? pagePath).replace(/&amp;/g, '&').split('?')[0]!;
    const set = formFields.get(action) ?? new Set<string>();
    fieldsIn(form[2] ?? '').forEach((n) => set.add(n));
    formFields.set(action, set);
  }
  fieldsIn(html).forEach((n) => fieldNames.add(n));
}

async function session(userName?: string): Promise<{ agent: Agent; csrf: string }> {
  const agent = request.agent(portal.url);
  const page = await agent.get('/auth/login').set('x-forwarded-for', nextIp()).expect(200);
  if (!userName) return { agent, csrf: csrfFrom(page.text) };
  await agent
    .post('/auth/login')
    .set('x-forwarded-for', nextIp())
    .type('form')
    .send({ _csrf: csrfFrom(page.text), userName, password: PASSWORD, returnUrl: '/' })
    .expect(303);
  return { agent, csrf: csrfFrom((await agent.get('/').expect(200)).text) };
}

beforeAll(async () => {
  // PostgreSQL, not PGlite: the API's queries then run beside this process, not inside it.
  api = await startTestApi('postgres');
  upstream = await startFaultProxy(api.url);
  // The API answers every proxied call with a cookie of its own, which must not reach the browser.
  upstream.rules.push({ match: (r) => !pathOf(r).startsWith('/api/auth/'), addResponseHeaders: { 'set-cookie': 'apiSession=leaked; Path=/; HttpOnly' } });
  portal = await startTestPortal({ api, apiBaseUrl: upstream.url, env: { TRUST_PROXY: 'loopback' } });
  postRoutes = listRoutes(portal.app).filter((r) => r.method === 'POST');
  anonymous = await session();
  signedIn = await session('state.admin@demo.example');
  // Learn the forms' field names from every page that renders without parameters.
  const pages = listRoutes(portal.app).filter((r) => r.method === 'GET' && !r.path.includes(':'));
  for (const { agent } of [anonymous, signedIn]) {
    for (const page of pages) {
      const res = await agent.get(page.path).set('x-forwarded-for', nextIp());
      if (res.type === 'text/html') learnForms(page.path, res.text);
    }
  }
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await upstream?.close();
  await api?.close();
});

interface Answer {
  status: number;
  type: string;
  text: string;
  body: unknown;
  location?: string;
}

/** The answer is a clear one: no 5xx, a same-origin redirect, a page with a heading, or JSON with a message. */
function expectClear(what: string, res: Answer): void {
  expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 300 && res.status < 400) {
    expect(res.location, what).toMatch(/^\/(?!\/)/);
    return;
  }
  // Done, nothing to show (a keep-alive).
  if (res.status === 204) return;
  if (res.type === 'application/json') {
    // A message, or field errors each with its message (a form island shows them by its fields).
    const body = res.body as { message?: unknown; errors?: { message?: unknown }[] };
    const said = typeof body.message === 'string' || (Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e.message === 'string'));
    if (res.status >= 400) expect(said, `${what}: JSON without a message: ${res.text.slice(0, 200)}`).toBe(true);
    return;
  }
  expect(res.type, what).toBe('text/html');
  expect(res.text, `${what}: no heading`).toMatch(/<h1[\s>]/);
  if (res.status >= 400) {
    // An error summary, an alert, or an error page says what went wrong.
    expect(res.text, `${what}: no message`).toMatch(/usa-error-message|usa-alert|portal-error/);
  }
  // Nothing sent comes back as markup.
  expect(res.text, `${what}: reflected script`).not.toContain(SCRIPT);
  expect(res.text, `${what}: reflected attribute break-out`).not.toContain('<img src=x onerror');
  expect(res.text, `${what}: javascript: URL`).not.toMatch(/(?:href|action|src)="\s*javascript:/i);
}

function answer(res: request.Response): Answer {
  return { status: res.status, type: res.type, text: res.text ?? '', body: res.body, location: res.headers.location as string | undefined };
}

/** Whether a route is behind sign-in: an anonymous post with a valid token is sent to sign in (or told to). */
async function needsSignIn(route: string): Promise<boolean> {
  const probe = await session();
  const res = await probe.agent.post(route).set('x-forwarded-for', nextIp()).type('form').send({ _csrf: probe.csrf });
  return res.status === 401 || ((res.status === 302 || res.status === 303) && /^\/auth\/login\?/.test(res.headers.location ?? ''));
}

async function ensureSignedIn(): Promise<void> {
  const res = await signedIn.agent.get('/').redirects(0);
  if (res.status !== 200) signedIn = await session('state.admin@demo.example');
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type Who = { agent: Agent; csrf: string };
interface Send {
  what: string;
  /** A forged token: must be refused with the form-expired page. */
  forged?: boolean;
  run: (who: Who) => request.Test;
}

function sendsFor(path: string, unreadable: boolean): Send[] {
  // The route's own fields get every value; long values go to them only, so the body stays
  // under the parser's limit and reaches the handler.
  const own = [...(formFields.get(path) ?? fieldNames)];
  const fields = [...new Set([...own, ...fieldNames])];
  const post = (who: Who) => who.agent.post(path).set('x-forwarded-for', nextIp());
  const sends: Send[] = [];
  for (const value of HOSTILE_STRINGS) {
    const form = Object.fromEntries((value.length > 200 ? own : fields).map((f) => [f, value]));
    sends.push({ what: `${path} form ${JSON.stringify(value.slice(0, 40))}`, run: (who) => post(who).type('form').send({ ...form, _csrf: who.csrf }) });
  }
  // Repeated fields arrive as arrays where strings belong.
  const repeated = fields.flatMap((f) => [`${encodeURIComponent(f)}=a`, `${encodeURIComponent(f)}=${encodeURIComponent(SCRIPT)}`]).join('&');
  sends.push({ what: `${path} repeated fields`, run: (who) => post(who).type('form').send(`${repeated}&_csrf=${encodeURIComponent(who.csrf)}`) });
  // Bracket keys stay flat strings ('simple' parsing), never objects.
  sends.push({ what: `${path} bracket keys`, run: (who) => post(who).type('form').send(`userName[$gt]=&password[]=a&__proto__[x]=1&id[]=2&_csrf=${encodeURIComponent(who.csrf)}`) });
  for (const value of HOSTILE_JSON_VALUES) {
    const body = Object.fromEntries((typeof value === 'string' && value.length > 200 ? own : fields).map((f) => [f, value]));
    sends.push({ what: `${path} JSON ${JSON.stringify(value)?.slice(0, 40)}`, run: (who) => post(who).set('x-csrf-token', who.csrf).set('accept', 'application/json').send(body) });
  }
  for (const broken of [...BROKEN_BODIES, ...(unreadable ? UNREADABLE_BODIES : [])]) {
    sends.push({ what: `${path} ${broken.name}`, run: (who) => post(who).set('x-csrf-token', who.csrf).set('content-type', broken.type).send(broken.body) });
  }
  // A forged token, and a token of the wrong type, are refused with the form-expired message.
  sends.push({ what: `${path} bad CSRF`, forged: true, run: (who) => post(who).type('form').send({ _csrf: SCRIPT, userName: SCRIPT }) });
  sends.push({ what: `${path} CSRF as array`, forged: true, run: (who) => post(who).type('form').send(`_csrf=${encodeURIComponent(who.csrf)}&_csrf=x`) });
  return sends;
}

const isForgeryAnswer = (res: Answer) => res.status === 403 && `${res.text} ${JSON.stringify(res.body)}`.includes(errorMessages.csrfInvalid);

describe('every form, with hostile values', () => {
  it('the app has forms to test', () => {
    expect(postRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/auth/login', '/auth/logout', '/dr-request']));
  });

  it('answers every hostile form value clearly, never with a 5xx or reflected markup', async () => {
    for (const [i, route] of postRoutes.entries()) {
      const path = fillPath(route.path);
      const signedInOnly = await needsSignIn(path);
      // One session of each kind serves every route, until a post ends it (then a new one).
      const fresh = async (): Promise<Who> => {
        if (signedInOnly) return (signedIn = await session('state.admin@demo.example'));
        return (anonymous = await session());
      };
      let who = signedInOnly ? signedIn : anonymous;
      // Unreadable bodies never reach a route: a few routes show the parsers' answers.
      await inPool(sendsFor(path, i < 3), 8, async (send) => {
        let res = answer(await send.run(who));
        if (!send.forged && isForgeryAnswer(res)) {
          // Another post of this batch ended the session (sign-out, ending sessions): again, on a fresh one.
          who = await fresh();
          res = answer(await send.run(who));
        }
        expectClear(send.what, res);
        if (send.forged) {
          expect(res.status, send.what).toBe(403);
          expect(res.text, send.what).toContain(errorMessages.csrfInvalid);
        } else {
          // The token was good, so the handler (or the body parser) answered, not the CSRF check.
          expect(isForgeryAnswer(res), `${send.what} was refused as a forgery`).toBe(false);
        }
      });
    }
  }, 120_000);

  it('answers encoded path tricks on every route with a clear page', async () => {
    const tricks = ['..%2f..%2fetc%2fpasswd%00%ff', SCRIPT, 'a%0d%0aSet-Cookie:%20x=1'];
    const withParams = listRoutes(portal.app).filter((r) => r.path.includes(':'));
    const paths = [
      ...withParams.flatMap((r) => tricks.map((t) => ({ method: r.method, path: fillPath(r.path, 'PLACEHOLDER').replace(/PLACEHOLDER/g, t) }))),
      ...withParams.map((r) => ({ method: r.method, path: fillPath(r.path, '9'.repeat(400)) })),
      ...tricks.map((t) => ({ method: 'GET', path: `/${t}` })),
      { method: 'GET', path: '/auth/login?returnUrl=%2F%2Fevil.example' },
      { method: 'GET', path: `/auth/login?returnUrl=${encodeURIComponent('javascript:alert(1)')}&returnUrl=/x` },
      { method: 'GET', path: `/auth/reset-password?email=${encodeURIComponent(SCRIPT)}&token=${encodeURIComponent(IMG)}` },
      { method: 'GET', path: '/%2e%2e/%2e%2e/package.json' },
      { method: 'GET', path: '/assets/..%2f..%2fpackage.json' },
    ];
    await inPool(paths, 6, async ({ method, path }) => {
      const agent = signedIn.agent;
      const req = method === 'POST' ? agent.post(path).type('form').send({ _csrf: signedIn.csrf }) : agent.get(path);
      const res = answer(await req.redirects(0));
      if (path.startsWith('/assets/')) {
        // Built assets: a plain 404, no session, no page.
        expect(res.status, path).toBe(404);
        return;
      }
      expectClear(`${method} ${path}`, res);
      expect(res.text).not.toContain('"name": "compliance-portal"');
      if (res.location) expect(res.location).not.toMatch(/^\/\/|^javascript:/i);
    });
    await ensureSignedIn();
  }, 60_000);

  it('stays up: after all of it the portal still serves pages and signs in', async () => {
    await request(portal.url).get('/healthz').expect(200);
    const fresh = await session('district.user@demo.example');
    expect((await fresh.agent.get('/').expect(200)).text).toContain('Riley District User');
  });
});

describe('the /api proxy', () => {
  const SUBSCRIPTIONS = '/api/event-notification/subscriptions/user';

  // api-proxy.test.ts shows the token, cookie, X-Forwarded-* and Set-Cookie rules on plain calls;
  // these are the hostile variants it does not send.
  it('forwards none of the other forwarding or credential headers a browser (or attacker) adds', async () => {
    await ensureSignedIn();
    const sentAt = Date.now();
    const res = await signedIn.agent
      .get(SUBSCRIPTIONS)
      .set('accept', 'application/json')
      .set('Forwarded', 'for=203.0.113.9;host=evil.example;proto=http')
      .set('X-Real-IP', '203.0.113.9')
      .set('X-Forwarded-Proto', 'http')
      .set('Proxy-Authorization', 'Basic ZXZpbDpldmls')
      .set('X-Request-Id', SCRIPT)
      .set('Authorization', 'Basic ZHItcHVibGljOmd1ZXNz');
    expect(res.status).toBe(200);
    const forwarded = upstream.requests.filter((r) => r.at >= sentAt && pathOf(r) === SUBSCRIPTIONS);
    expect(forwarded).toHaveLength(1);
    const headers = forwarded[0]!.headers;
    expect(headers.authorization).toMatch(/^Bearer eyJ/);
    for (const name of ['forwarded', 'x-real-ip', 'x-forwarded-proto', 'proxy-authorization']) expect(headers[name], name).toBeUndefined();
    expect(String(headers['x-request-id'] ?? '')).not.toContain('<script>');
  });

  it('forwards only the agency API paths and methods it allows, whatever the encoding', async () => {
    await ensureSignedIn();
    const attempts: { method: string; path: string }[] = [
      { method: 'GET', path: '/api/auth/token' },
      { method: 'POST', path: '/api/auth/refresh-token' },
      { method: 'GET', path: '/api/account/users/me' },
      { method: 'GET', path: '/api/roles' },
      { method: 'GET', path: `${SUBSCRIPTIONS}/../../../roles` },
      { method: 'GET', path: `${SUBSCRIPTIONS}/..%2f..%2f..%2froles` },
      { method: 'GET', path: '/api/event-notification/subscriptions/%2e%2e/%2e%2e/roles' },
      { method: 'GET', path: '/api/%2e%2e/healthz' },
      { method: 'GET', path: '/api//event-notification/subscriptions/user' },
      { method: 'GET', path: '/API/event-notification/subscriptions/user' },
      { method: 'GET', path: `${SUBSCRIPTIONS}%00` },
      { method: 'GET', path: `${SUBSCRIPTIONS}%0d%0aX-Injected:%201` },
      { method: 'GET', path: '/api/event-notification/subscriptions/unsubscribe/1' },
      { method: 'DELETE', path: SUBSCRIPTIONS },
      { method: 'PATCH', path: SUBSCRIPTIONS },
      { method: 'PUT', path: SUBSCRIPTIONS },
      { method: 'OPTIONS', path: SUBSCRIPTIONS },
      { method: 'TRACE', path: SUBSCRIPTIONS },
      { method: 'DELETE', path: '/api/event-notification/subscriptions/unsubscribe/0' },
      { method: 'DELETE', path: '/api/event-notification/subscriptions/unsubscribe/-1' },
      { method: 'DELETE', path: '/api/event-notification/subscriptions/unsubscribe/1%2f..%2f..%2froles' },
      { method: 'DELETE', path: `/api/event-notification/subscriptions/unsubscribe/${'9'.repeat(40)}` },
      { method: 'PUT', path: '/api/event-notification/message/view/1e3' },
      { method: 'GET', path: `/api/people?firstName=${'a'.repeat(5_000)}` },
      { method: 'GET', path: '/api/people?firstName=a&firstName=b' },
      { method: 'GET', path: `/api/people?lastName=${encodeURIComponent(SCRIPT)}&pageSize=-1` },
      { method: 'GET', path: '/api/schools?sortField=password&sortDirection=sideways' },
      { method: 'GET', path: '/api/schools?pageSize=1e9' },
    ];
    const sentAt = Date.now();
    for (const { method, path } of attempts) {
      const res = await signedIn.agent[method.toLowerCase() as 'get'](path).set('accept', 'application/json').set('x-csrf-token', signedIn.csrf).redirects(0);
      const what = `${method} ${path.slice(0, 80)}`;
      expect(res.status, `${what}: ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what}: ${res.status}`).toBeLessThan(500);
      if (method !== 'HEAD') expect(typeof res.body?.message, `${what} says why`).toBe('string');
    }
    // None of them reached the API: nothing outside the allowed calls is forwarded.
    const reached = upstream.requests.filter((r) => r.at >= sentAt && !['/api/leas/school-years', '/api/auth/refresh-token'].includes(pathOf(r)));
    expect(reached.map((r) => `${r.method} ${r.path}`)).toEqual([]);

    // Parameters the call does not take are dropped, not forwarded: the API sees a clean query.
    const cleanAt = Date.now();
    const res = await signedIn.agent.get('/api/people?leaId[$gt]=0&__proto__[x]=1&firstName=Ann').set('accept', 'application/json');
    expect(res.status).toBeLessThan(500);
    for (const r of upstream.requests.filter((x) => x.at >= cleanAt && pathOf(x) === '/api/people')) {
      expect(r.path).not.toMatch(/\$gt|__proto__|%5B|\[/i);
    }
  });

  it('answers hostile JSON bodies to the calls that take one with 4xx and a message', async () => {
    await ensureSignedIn();
    const path = '/api/event-notification/subscriptions';
    const bodies: { type: string; body: string | Buffer }[] = [
      ...HOSTILE_JSON_VALUES.map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
      ...HOSTILE_JSON_VALUES.map((v) => ({ type: 'application/json', body: JSON.stringify({ notificationTypeId: v, leaIds: v, frequency: v, deliveryTime: v }) })),
      ...BROKEN_BODIES,
      ...UNREADABLE_BODIES,
    ];
    for (const { type, body } of bodies) {
      const res = await signedIn.agent.post(path).set('accept', 'application/json').set('x-csrf-token', signedIn.csrf).set('content-type', type).send(body);
      const what = `POST ${path} ${String(body).slice(0, 60)}`;
      expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(typeof res.body?.message, what).toBe('string');
    }
    // Without the CSRF header the proxy is not reached at all.
    const forged = await signedIn.agent.post(path).set('accept', 'application/json').send({});
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ message: errorMessages.csrfInvalid });
  });
});
