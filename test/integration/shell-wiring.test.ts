// The signed-in shell through its public behaviour: the real app, real Redis under its own
// prefix, the real agency API behind a recording proxy (to see the headers every call carries).
import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_ID_HEADER } from '../../lib/client-events.js';
import { errorMessages, navText, shellText, uiText } from '../../lib/messages.js';
import { canAccessRoute, modules, routes } from '../../lib/routes.js';
import { KEEP_ALIVE_PATH } from '../../islands/SessionTimeoutWarning.island.js';
import { pendingRoutes } from '../../server/routes/modules.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { csrfFrom, startTestPortal, type TestPortal } from '../helpers/portal.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { demoEmails, signedInAgent, type Agent } from './dashboard-helpers.js';

const ADMIN = demoEmails.admin;
const DISTRICT = demoEmails.district;

/** Test-only windows onto the session (mounted after the portal's routers). */
function testRouters(): Router[] {
  const router = Router();
  router.get('/test/session', (req, res) => {
    res.json({
      sid: req.sessionID,
      currentLeaId: req.session.currentLeaId ?? null,
      schoolYear: req.session.schoolYear ?? null,
      childSearchForm: req.session.childSearchForm ?? null,
      permissions: req.session.user?.permissions ?? [],
    });
  });
  router.get('/test/child-search-form', (req, res) => {
    req.session.childSearchForm = { lastName: 'Rivera' };
    res.status(204).end();
  });
  // GET /api/leas/schools answers with the schools of the CurrentLeaId LEA: the API's echo of the header.
  router.get('/test/schools', async (_req, res) => {
    const schools = await res.locals.api.call({ path: '/api/leas/schools', schema: z.array(z.object({ name: z.string(), leaId: z.number() })) });
    res.json(schools);
  });
  router.get('/test/set-lea/:id', (req, res) => {
    req.session.currentLeaId = Number(req.params.id);
    res.status(204).end();
  });
  return [router];
}

let api: TestApi;
let proxy: FaultProxy;
let portal: TestPortal;

beforeAll(async () => {
  api = await startTestApi('pglite');
  proxy = await startFaultProxy(api.url);
  portal = await startTestPortal({ api, apiBaseUrl: proxy.url, extraRouters: testRouters() });
}, 60_000);
afterAll(async () => {
  await portal?.close();
  await proxy?.close();
  await api?.close();
});
beforeEach(() => {
  proxy.requests.length = 0;
});

interface SessionView {
  sid: string;
  currentLeaId: number | null;
  schoolYear: string | null;
  childSearchForm: unknown;
  permissions: string[];
}

async function sessionOf(agent: Agent): Promise<SessionView> {
  return (await agent.get('/test/session').expect(200)).body as SessionView;
}

/** The options of a select on the page: value and label. */
function optionsOf(html: string, selectId: string): { value: string; label: string }[] {
  const select = new RegExp(`<select[^>]*id="${selectId}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  if (!select?.[1]) return [];
  return [...select[1].matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => ({ value: m[1] ?? '', label: m[2] ?? '' }));
}

/** The upstream calls (path, CurrentLeaId, activeschoolyear) the proxy saw since the last reset. */
function upstreamCalls(): { path: string; lea: string | undefined; year: string | undefined }[] {
  return proxy.requests.map((r) => ({
    path: r.path.split('?')[0] ?? r.path,
    lea: r.headers.currentleaid as string | undefined,
    year: r.headers.activeschoolyear as string | undefined,
  }));
}

let adminAgent: Agent;
let districtAgent: Agent;
let districtPermissions: string[];

beforeAll(async () => {
  adminAgent = await signedInAgent(portal.url, ADMIN);
  districtAgent = await signedInAgent(portal.url, DISTRICT);
  districtPermissions = (await sessionOf(districtAgent)).permissions;
}, 60_000);

describe('route guards', () => {
  it('sends a signed-out visitor of every shell page to sign in, coming back to it', async () => {
    for (const route of pendingRoutes) {
      const res = await request(portal.url).get(`${route.path}?tab=2`);
      expect(res.status, route.path).toBe(302);
      expect(res.headers.location).toBe(`/auth/login?returnUrl=${encodeURIComponent(`${route.path}?tab=2`)}`);
    }
    const root = await request(portal.url).get('/admin');
    expect(root.headers.location).toBe('/auth/login?returnUrl=%2Fadmin');
  });

  it('opens every module page for the site admin in the shell, and says "not available yet" on exactly the pages no router serves', async () => {
    for (const route of routes.filter((r) => r.module !== null)) {
      const res = await adminAgent.get(route.path);
      expect(res.status, route.path).toBe(200);
      expect(res.text).toMatch(/<nav id="main-menu" class="app-sidebar" aria-label="Main menu"/);
      expect(res.text).toContain('<nav class="usa-breadcrumb" aria-label="Breadcrumb">');
      // A page a feature router serves must not be listed as pending (server/routes/modules.ts
      // builtRouteIds), and a listed page must not have a screen of its own.
      const saysPending = res.text.includes('is not available in the portal yet.');
      expect(saysPending, route.path).toBe(pendingRoutes.includes(route));
      if (!saysPending) continue;
      expect(res.text).toContain(`<title>${escape(route.title)} - Compliance Portal</title>`);
      expect(res.text).toContain(`<h1 tabindex="-1">${escape(route.menuLabel)}</h1>`);
    }
    // The loop above walked both kinds: served pages and pages still pending.
    expect(pendingRoutes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.module !== null).length).toBeGreaterThan(pendingRoutes.length);
  });

  it('says plainly that a screen is not built yet, with Go Back and Help Links', async () => {
    // A page no router serves yet (the ECO pages are built): Restraint and Aversive Intervention's Incidents.
    const page = routes.find((r) => r.id === 'rai.incidents')!;
    const mod = modules.find((m) => m.id === 'rai')!;
    expect(pendingRoutes).toContain(page);
    const res = await adminAgent.get(page.path).expect(200);
    expect(res.text).toContain(escape(shellText.modulePending(`${mod.menuLabel} ${page.menuLabel}`)));
    expect(res.text).toContain(escape(`The ${mod.menuLabel} ${page.menuLabel} page is not available in the portal yet.`));
    expect(res.text).toMatch(/<a class="usa-button usa-button--outline" href="\/">Go Back<\/a>/);
    expect(res.text).toContain('<summary class="usa-button usa-button--outline">Help Links</summary>');
    // Crumbs from the route table: Dashboard \ the module \ the page (the current page, not a link).
    expect(res.text).toContain(`<a class="usa-breadcrumb__link" href="${mod.path}"><span>${escape(mod.breadcrumb)}</span></a>`);
    expect(res.text).toContain(`<li class="usa-breadcrumb__list-item usa-current" aria-current="page"><span>${escape(page.breadcrumb)}</span>`);
  });

  it('answers 403 Access Denied! inside the shell where the district user lacks the permission', async () => {
    let denied = 0;
    for (const route of pendingRoutes) {
      const res = await districtAgent.get(route.path);
      const allowed = canAccessRoute(route, districtPermissions);
      expect(res.status, route.path).toBe(allowed ? 200 : 403);
      if (!allowed) {
        denied += 1;
        expect(res.text).toContain(`<h1>${errorMessages.accessDenied}</h1>`);
        expect(res.text).toContain('aria-label="Main menu"');
        expect(res.text).toContain('Riley District User');
      }
    }
    // The admin pages and the state-tracking pages are among them.
    expect(denied).toBeGreaterThan(5);
    for (const path of ['/admin/manage-users', '/admin/manage-roles', '/admin/admin-utils', '/child-search/state-tracking']) {
      await districtAgent.get(path).expect(403);
    }
  });

  it('answers islands JSON, not a page, when access is denied', async () => {
    const res = await districtAgent.get('/admin/manage-users').set('Accept', 'application/json').expect(403);
    expect(res.body).toEqual({ message: errorMessages.accessDenied });
  });

  it('sends a module root to the first page the user may open, or 403', async () => {
    expect((await adminAgent.get('/child-search').expect(302)).headers.location).toBe('/child-search/dashboard');
    expect((await adminAgent.get('/admin').expect(302)).headers.location).toBe('/admin/manage-users');
    expect((await districtAgent.get('/restraint-aversive-intervention').expect(302)).headers.location).toBe(
      '/restraint-aversive-intervention/dashboard',
    );
    await districtAgent.get('/admin').expect(403);
    expect((await districtAgent.get('/dispute-resolution').expect(302)).headers.location).toBe('/dispute-resolution/dashboard');
  });

  it('hides from the menu what the user may not open; the Admin group is only for user managers', async () => {
    const admin = (await adminAgent.get('/child-search/dashboard').expect(200)).text;
    const district = (await districtAgent.get('/child-search/dashboard').expect(200)).text;
    expect(admin).toContain('<summary>Admin</summary>');
    expect(admin).toContain('href="/admin/manage-users"');
    expect(district).not.toContain('<summary>Admin</summary>');
    expect(district).not.toContain('href="/admin/');
    expect(district).not.toContain('href="/child-search/state-tracking"');
    expect(district).toContain('href="/child-search/child-list"');
    // Help is there for everyone.
    expect(district).toContain('<a href="/contact">Contact</a>');
    expect(district).toContain('<a href="/faq">FAQ</a>');
  });
});

describe('the top bar', () => {
  it('shows the LEA selector only to a user with more than one LEA, and the school year to both', async () => {
    const admin = (await adminAgent.get('/child-search/dashboard').expect(200)).text;
    const leas = optionsOf(admin, 'current-lea');
    expect(leas.length).toBeGreaterThan(5);
    expect(admin).toContain('<optgroup label="Districts">');
    expect(admin).toContain('<optgroup label="Charters">');
    expect(admin).toContain('State Department of Education');
    expect(optionsOf(admin, 'current-school-year').length).toBeGreaterThanOrEqual(2);
    // No JavaScript: each selector is a form with its own button.
    expect(admin).toContain(`>${shellText.changeLea}</button>`);
    expect(admin).toContain(`>${shellText.changeSchoolYear}</button>`);
    expect(admin).toContain('Avery State Admin');
    expect(admin).toContain(`>${shellText.logout}</button>`);

    const district = (await districtAgent.get('/child-search/dashboard').expect(200)).text;
    expect(optionsOf(district, 'current-lea')).toEqual([]);
    expect(optionsOf(district, 'current-school-year').length).toBeGreaterThanOrEqual(2);
  });

  it('loads the LEA and school-year lists once, not on every page', async () => {
    const agent = await signedInAgent(portal.url, ADMIN);
    proxy.requests.length = 0;
    await agent.get('/child-search/dashboard').expect(200);
    await agent.get('/child-search/search').expect(200);
    await agent.get('/contact').expect(200);
    const calls = upstreamCalls().map((c) => c.path);
    expect(calls.filter((p) => p === '/api/leas/users')).toHaveLength(1);
    expect(calls.filter((p) => p === '/api/leas/school-years')).toHaveLength(1);
  });

  it('selects on load: a saved LEA the user may no longer pick gives way to their own', async () => {
    const agent = await signedInAgent(portal.url, DISTRICT);
    const own = (await sessionOf(agent)).currentLeaId;
    expect(own).not.toBeNull();
    const admin = (await adminAgent.get('/child-search/dashboard')).text;
    const other = optionsOf(admin, 'current-lea').find((o) => Number(o.value) !== own)!;
    await agent.get(`/test/set-lea/${other.value}`).expect(204);
    proxy.requests.length = 0;
    await agent.get('/contact').expect(200);
    expect((await sessionOf(agent)).currentLeaId).toBe(own);
    const block = upstreamCalls().find((c) => c.path.startsWith('/api/text-blocks/'));
    expect(block?.lea).toBe(String(own));
  });
});

describe('changing the LEA', () => {
  async function pick(agent: Agent): Promise<{ token: string; leas: { value: string; label: string }[] }> {
    const page = await agent.get('/child-search/dashboard').expect(200);
    return { token: csrfFrom(page.text), leas: optionsOf(page.text, 'current-lea') };
  }

  it('goes to the dashboard with Redirecting to Dashboard., clears the child search form, and later calls carry the LEA', async () => {
    const agent = await signedInAgent(portal.url, ADMIN);
    const { token, leas } = await pick(agent);
    const before = (await sessionOf(agent)).currentLeaId;
    const target = leas.find((o) => Number(o.value) !== before)!;
    await agent.get('/test/child-search-form').expect(204);
    expect((await sessionOf(agent)).childSearchForm).toEqual({ lastName: 'Rivera' });

    const res = await agent.post('/session/lea').type('form').send({ _csrf: token, leaId: target.value, returnTo: '/child-search/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    const after = await sessionOf(agent);
    expect(after.currentLeaId).toBe(Number(target.value));
    expect(after.childSearchForm).toBeNull();

    proxy.requests.length = 0;
    const next = await agent.get('/faq').expect(200);
    expect(next.text).toContain(uiText.redirectingToDashboard);
    // The selector shows the new LEA as chosen.
    expect(next.text).toMatch(new RegExp(`<option value="${target.value}" selected="">`));
    const calls = upstreamCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.lea, call.path).toBe(target.value);
  });

  it('reloads a post-school outcomes page in place, but not a student-list detail page', async () => {
    const agent = await signedInAgent(portal.url, ADMIN);
    const { token, leas } = await pick(agent);
    const res = await agent
      .post('/session/lea')
      .type('form')
      .send({ _csrf: token, leaId: leas[1]!.value, returnTo: '/post-school-outcomes/lea-tracking?page=2' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/post-school-outcomes/lea-tracking?page=2');
    const page = await agent.get(res.headers.location as string).expect(200);
    expect(page.text).not.toContain(uiText.redirectingToDashboard);

    const detail = await agent
      .post('/session/lea')
      .type('form')
      .send({ _csrf: token, leaId: leas[2]!.value, returnTo: '/post-school-outcomes/student-list/17' });
    expect(detail.headers.location).toBe('/');
    expect((await agent.get('/').expect(200)).text).toContain(uiText.redirectingToDashboard);
  });

  it('refuses an LEA the user may not pick, and changes nothing', async () => {
    const admin = await pick(adminAgent);
    const stateLevel = admin.leas.find((o) => o.label === 'State Department of Education')!;
    const agent = await signedInAgent(portal.url, DISTRICT);
    const before = await sessionOf(agent);
    const token = csrfFrom((await agent.get('/child-search/dashboard')).text);
    const res = await agent.post('/session/lea').type('form').send({ _csrf: token, leaId: stateLevel.value, returnTo: '/child-search/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/child-search/dashboard');
    expect((await sessionOf(agent)).currentLeaId).toBe(before.currentLeaId);
    expect((await agent.get('/child-search/dashboard')).text).toContain(shellText.leaNotAvailable);
    // Nonsense is refused the same way.
    await agent.post('/session/lea').type('form').send({ _csrf: token, leaId: 'abc', returnTo: '/' }).expect(303);
    expect((await sessionOf(agent)).currentLeaId).toBe(before.currentLeaId);
  });

  it('never redirects off the site, and needs the CSRF token', async () => {
    const { token, leas } = await pick(adminAgent);
    const res = await adminAgent.post('/session/lea').type('form').send({ _csrf: token, leaId: leas[0]!.value, returnTo: 'https://evil.example/post-school-outcomes' });
    expect(res.headers.location).toBe('/');
    const refused = await adminAgent.post('/session/lea').type('form').send({ leaId: leas[0]!.value, returnTo: '/' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(errorMessages.csrfInvalid);
  });

  it('refuses a change without a session: there is no form to accept', async () => {
    const res = await request(portal.url).post('/session/lea').type('form').send({ leaId: '1' });
    // No session, no CSRF token: the form has expired.
    expect(res.status).toBe(403);
  });
});

describe('changing the school year', () => {
  it('saves it, comes back to the page, and every later call carries it (and the LEA)', async () => {
    const agent = await signedInAgent(portal.url, DISTRICT);
    const page = await agent.get('/restraint-aversive-intervention/dashboard').expect(200);
    const years = optionsOf(page.text, 'current-school-year');
    const { schoolYear: current, currentLeaId } = await sessionOf(agent);
    expect(current).toBe(years[0]!.value);
    const prior = years.find((y) => y.value !== current)!;

    const res = await agent
      .post('/session/school-year')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), schoolYear: prior.value, returnTo: '/restraint-aversive-intervention/dashboard?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/restraint-aversive-intervention/dashboard?x=1');
    expect((await sessionOf(agent)).schoolYear).toBe(prior.value);

    proxy.requests.length = 0;
    const back = await agent.get('/contact').expect(200);
    expect(back.text).toContain(shellText.schoolYearChanged(prior.label));
    expect(back.text).toMatch(new RegExp(`<option value="${prior.value}" selected="">`));
    const calls = upstreamCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.year, call.path).toBe(prior.value);
      expect(call.lea, call.path).toBe(String(currentLeaId));
    }
  });

  it('the API acts on the chosen LEA: its schools come back, and only its schools', async () => {
    const agent = await signedInAgent(portal.url, ADMIN);
    const page = await agent.get('/child-search/dashboard');
    const target = optionsOf(page.text, 'current-lea').find((o) => o.label === 'Prairie View Public Schools')!;
    await agent.post('/session/lea').type('form').send({ _csrf: csrfFrom(page.text), leaId: target.value, returnTo: '/' }).expect(303);
    const schools = (await agent.get('/test/schools').expect(200)).body as { name: string; leaId: number }[];
    expect(schools.map((s) => s.name)).toContain('Meadowlark Elementary School');
    expect(new Set(schools.map((s) => s.leaId))).toEqual(new Set([Number(target.value)]));
  });

  it('refuses a school year that is not offered', async () => {
    const agent = await signedInAgent(portal.url, DISTRICT);
    const page = await agent.get('/child-search/dashboard');
    const before = (await sessionOf(agent)).schoolYear;
    const res = await agent.post('/session/school-year').type('form').send({ _csrf: csrfFrom(page.text), schoolYear: '1999-2000', returnTo: '/child-search/dashboard' });
    expect(res.headers.location).toBe('/child-search/dashboard');
    expect((await sessionOf(agent)).schoolYear).toBe(before);
    expect((await agent.get('/child-search/dashboard')).text).toContain(shellText.schoolYearNotAvailable);
  });
});

describe('keep-alive', () => {
  it('extends the idle timeout of a signed-in session (204) with the CSRF header', async () => {
    const agent = await signedInAgent(portal.url, DISTRICT);
    const { sid } = await sessionOf(agent);
    const token = csrfFrom((await agent.get('/child-search/dashboard')).text);
    const key = `${portal.redisPrefix}sess:${sid}`;
    const idleSeconds = portal.config.sessionIdleMinutes * 60;
    // The server enforces the idle timeout: the session lives in Redis for that long, no longer.
    expect(await portal.redis!.ttl(key)).toBeLessThanOrEqual(idleSeconds);
    await portal.redis!.expire(key, 30);
    const res = await agent.post(KEEP_ALIVE_PATH).set('x-csrf-token', token).set('Accept', 'application/json').send({});
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^portal\.sid=/);
    expect(await portal.redis!.ttl(key)).toBeGreaterThan(idleSeconds - 60);
    // Once the session is gone, the next page goes to sign in, coming back here.
    await portal.redis!.del(key);
    const after = await agent.get('/child-search/dashboard').expect(302);
    expect(after.headers.location).toBe('/auth/login?returnUrl=%2Fchild-search%2Fdashboard');
  });

  it('refuses without the CSRF header, and answers 401 once the session is over', async () => {
    const agent = await signedInAgent(portal.url, DISTRICT);
    const refused = await agent.post(KEEP_ALIVE_PATH).set('Accept', 'application/json').set('x-csrf-token', 'wrong').send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: errorMessages.csrfInvalid });
    const anonymous = await request(portal.url).post(KEEP_ALIVE_PATH).set('Accept', 'application/json').send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: errorMessages.sessionExpired, location: '/auth/login?returnUrl=%2F' });
  });
});

describe('pages outside the route table', () => {
  it('answers an unknown path inside the shell when signed in, and with the public page otherwise', async () => {
    const inShell = await districtAgent.get('/no/such/page').expect(404);
    expect(inShell.text).toContain(`<h1>${errorMessages.pageNotFound}</h1>`);
    expect(inShell.text).toContain('aria-label="Main menu"');
    expect(inShell.text).toMatch(/<li class="usa-breadcrumb__list-item usa-current" aria-current="page"><span>Page not found<\/span>/);
    const unknownInModule = await districtAgent.get('/child-search/no-such-page').expect(404);
    expect(unknownInModule.text).toContain('aria-label="Main menu"');
    const publicPage = await request(portal.url).get('/no/such/page').expect(404);
    expect(publicPage.text).toContain(`<h1>${errorMessages.pageNotFound}</h1>`);
    expect(publicPage.text).not.toContain('aria-label="Main menu"');
  });

  it('shows Contact and FAQ to everyone: the public layout signed out, the shell signed in', async () => {
    const contact = await request(portal.url).get('/contact').expect(200);
    expect(contact.text).toContain('<title>Contact - Compliance Portal</title>');
    expect(contact.text).toContain('data-block-code="contact-page"');
    expect(contact.text).toContain('Portal help desk');
    expect(contact.text).not.toContain('aria-label="Main menu"');
    const faq = await request(portal.url).get('/faq').expect(200);
    expect(faq.text).toContain('data-block-code="faq-page"');
    expect(faq.text).toContain('How do I get an account?');

    const inShell = await districtAgent.get('/faq').expect(200);
    expect(inShell.text).toContain('aria-label="Main menu"');
    expect(inShell.text).toContain(`<h1 tabindex="-1">${navText.faq}</h1>`);
    expect(inShell.text).toContain('<a href="/faq" class="usa-current" aria-current="page">FAQ</a>');
  });

  it('names the build on every response (x-build-id), pages, errors and JSON alike', async () => {
    const build = portal.config.buildId;
    expect((await request(portal.url).get('/contact')).headers[BUILD_ID_HEADER]).toBe(build);
    expect((await request(portal.url).get('/no/such/page')).headers[BUILD_ID_HEADER]).toBe(build);
    expect((await request(portal.url).get('/healthz')).headers[BUILD_ID_HEADER]).toBe(build);
    expect((await request(portal.url).post(KEEP_ALIVE_PATH).send({})).headers[BUILD_ID_HEADER]).toBe(build);
  });
});

describe('the shell islands', () => {
  it('renders the keyboard cycling, drawer, toasts, version check, session-timeout warning and overlay', async () => {
    const html = (await districtAgent.get('/child-search/dashboard').expect(200)).text;
    for (const name of ['ShellKeyboard', 'SidebarDrawer', 'Toasts', 'VersionCheck', 'SessionTimeoutWarning', 'PageBusy', 'AutoSubmitSelect']) {
      expect(html, name).toContain(`data-island="${name}"`);
    }
    // Without JavaScript: the menu toggle is a link to the menu; the idle timeout is explained.
    expect(html).toMatch(/<a class="usa-button usa-button--outline app-menu-toggle" href="#main-menu">/);
    expect(html).toContain(shellText.sessionTimeoutNoScript(portal.config.sessionIdleMinutes));
    expect(html).toContain(`"idleSeconds":${portal.config.sessionIdleMinutes * 60}`);
    expect(html).toContain(`"buildId":"${portal.config.buildId}"`);
  });
});

function escape(text: string): string {
  return text.replace(/&/g, '&amp;');
}

