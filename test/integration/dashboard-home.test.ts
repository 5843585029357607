// The dashboard at / through the real portal (supertest, CSRF on, real Redis) in front of the
// real agency API: the tiles each demo user may open, the greeting by the agency's time zone,
// the instruction text block and its per-session cache, and the Messages widget's no-JavaScript
// actions (open marks Viewed and follows a safe openUrl; dismiss removes the message).
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { dashboardText, navText, shellText, uiText } from '../../lib/messages.js';
import { AFTERNOON_FROM_HOUR, EVENING_FROM_HOUR } from '../../lib/greeting.js';
import { csrfFrom, startTestPortal } from '../helpers/portal.js';
import { createMessage, decoded, demoEmails, messageState, postForm, signedInAgent, textOf, titleOf, type Agent, withPortal } from './dashboard-helpers.js';

const env = withPortal();


/** The tiles of a dashboard page: title and Open target, in page order. */
function tilesOf(html: string): { title: string; href: string }[] {
  const tiles: { title: string; href: string }[] = [];
  const re = /<li class="usa-card[^"]*dashboard-tile">([\s\S]*?)<\/li>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const body = m[1] ?? '';
    const title = textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(body)?.[1] ?? '');
    const href = decoded(/<a class="usa-button" href="([^"]+)"/.exec(body)?.[1] ?? '');
    tiles.push({ title, href });
  }
  return tiles;
}

describe('GET /', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const res = await request(env.portal.app).get('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/login?returnUrl=%2F');
  });

  it('shows a site admin every tile, the school year, greeting, text block and messages', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.admin);
    const res = await agent.get('/');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${navText.dashboard} - Compliance Portal`);
    const text = textOf(res.text);
    expect(text).toMatch(new RegExp(`(Good Morning|Good Afternoon|Good Evening), Avery State Admin`));
    expect(text).toContain('Choose an application below to start.');

    expect(tilesOf(res.text)).toEqual([
      { title: navText.restraintAversiveIntervention, href: '/restraint-aversive-intervention' },
      { title: navText.earlyChildhoodOutcomes, href: '/child-search' },
      { title: navText.postSchoolOutcomesSurvey, href: '/post-school-outcomes/lea-tracking' },
      { title: navText.disputeResolution, href: '/dispute-resolution' },
    ]);
    // Every tile names the active school year the session works in.
    const year = /School Year (\d{4}-\d{4})/.exec(text)?.[1];
    expect(year).toBeDefined();
    expect(text.split(shellText.schoolYearOf(year!)).length - 1).toBe(4);

    // The seeded messages: newest first, two of them New.
    expect(text).toContain('Three districts have not submitted their post-school outcomes student lists.');
    expect(text).toContain('Scheduled maintenance is planned for Saturday');
    expect(res.text.match(/<span class="usa-tag[^"]*">New<\/span>/g)).toHaveLength(2);
    expect(res.text).toContain('href="/notification-settings"');
  });

  it('shows a district user only the modules their role opens', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await agent.get('/');
    expect(tilesOf(res.text)).toEqual([
      { title: navText.restraintAversiveIntervention, href: '/restraint-aversive-intervention' },
      { title: navText.earlyChildhoodOutcomes, href: '/child-search' },
      { title: navText.postSchoolOutcomesSurvey, href: '/post-school-outcomes/lea-tracking' },
      { title: navText.disputeResolution, href: '/dispute-resolution' },
    ]);
    expect(textOf(res.text)).toContain('Riley District User');
  });

  it('sends the vendor\u2019s Post-School Outcomes tile to the vendor dashboard, and says when there are no messages', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.vendor);
    const res = await agent.get('/');
    expect(tilesOf(res.text)).toEqual([{ title: navText.postSchoolOutcomesSurvey, href: '/post-school-outcomes/vendor-dashboard' }]);
    expect(textOf(res.text)).toContain(uiText.noSystemMessages);
  });

  it('shows a state user the state modules and the public dispute resolution user only theirs', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const stateUser = tilesOf((await agent.get('/')).text);
    expect(stateUser.map((t) => t.title)).toEqual([
      navText.restraintAversiveIntervention,
      navText.earlyChildhoodOutcomes,
      navText.postSchoolOutcomesSurvey,
      navText.disputeResolution,
    ]);
    const drPublic = await signedInAgent(env.portal.url, demoEmails.drPublic);
    const res = await drPublic.get('/');
    expect(tilesOf(res.text)).toEqual([{ title: navText.disputeResolution, href: '/dispute-resolution' }]);
  });
});

describe('the instruction text block', () => {
  it('is cached per session for a minute; another session sees an edit at once', async () => {
    const first = await signedInAgent(env.portal.url, demoEmails.district);
    expect(textOf((await first.get('/')).text)).toContain('Choose an application below to start.');

    const db = env.api.ctx.db;
    const before = await db.query<{ html: string }>("SELECT html FROM text_blocks WHERE block_code = 'main-dashboard-text'");
    await db.query("UPDATE text_blocks SET html = '<p>Updated instructions for everyone.</p>' WHERE block_code = 'main-dashboard-text'");
    try {
      const again = textOf((await first.get('/')).text);
      expect(again, 'the same session keeps its cached copy').toContain('Choose an application below to start.');
      const second = await signedInAgent(env.portal.url, demoEmails.district);
      const fresh = textOf((await second.get('/')).text);
      expect(fresh).toContain('Updated instructions for everyone.');
      expect(fresh).not.toContain('Choose an application below to start.');
    } finally {
      await db.query("UPDATE text_blocks SET html = $1 WHERE block_code = 'main-dashboard-text'", [before.rows[0]!.html]);
    }
  });

  it('keeps a session\u2019s messages for MESSAGES_CACHE_SECONDS; another session sees a new message at once', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.vendor);
    expect(textOf((await agent.get('/')).text)).toContain(uiText.noSystemMessages);
    await createMessage(env.api, demoEmails.vendor, 'The spring survey window opens on Monday.', null);
    expect(textOf((await agent.get('/')).text), 'the same session keeps its list for a few seconds').toContain(uiText.noSystemMessages);
    const other = await signedInAgent(env.portal.url, demoEmails.vendor);
    const text = textOf((await other.get('/')).text);
    expect(text).toContain('The spring survey window opens on Monday.');
    expect(text).not.toContain(uiText.noSystemMessages);
  });
});

describe('MESSAGES_CACHE_SECONDS', () => {
  it('a new message reaches an open session once the window has passed', async () => {
    const portal = await startTestPortal({ api: env.api, env: { MESSAGES_CACHE_SECONDS: '1' } });
    try {
      const agent = await signedInAgent(portal.app, demoEmails.stateUser);
      await agent.get('/').expect(200);
      await createMessage(env.api, demoEmails.stateUser, 'Window test: the report is due Friday.', null);
      expect(textOf((await agent.get('/')).text)).not.toContain('Window test: the report is due Friday.');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(textOf((await agent.get('/')).text)).toContain('Window test: the report is due Friday.');
    } finally {
      await portal.close();
    }
  });

  it('0 asks the API on every view', async () => {
    const portal = await startTestPortal({ api: env.api, env: { MESSAGES_CACHE_SECONDS: '0' } });
    try {
      const agent = await signedInAgent(portal.app, demoEmails.stateUser);
      await agent.get('/').expect(200);
      await createMessage(env.api, demoEmails.stateUser, 'Zero window: new data is in.', null);
      expect(textOf((await agent.get('/')).text)).toContain('Zero window: new data is in.');
    } finally {
      await portal.close();
    }
  });
});

describe('the greeting follows the agency\u2019s time zone (boundaries 12 and 17)', () => {
  /** A fixed-offset zone whose wall clock now shows `hour` (Etc/GMT-N is UTC+N). */
  function zoneAt(hour: number, now = new Date()): string {
    const offset = (((hour - now.getUTCHours()) % 24) + 24) % 24;
    const signed = offset > 12 ? offset - 24 : offset; // Etc zones run from UTC-12 to UTC+14
    return signed === 0 ? 'Etc/GMT' : signed > 0 ? `Etc/GMT-${signed}` : `Etc/GMT+${-signed}`;
  }

  const cases = [
    { hour: AFTERNOON_FROM_HOUR - 1, expected: uiText.goodMorning },
    { hour: AFTERNOON_FROM_HOUR, expected: uiText.goodAfternoon },
    { hour: EVENING_FROM_HOUR - 1, expected: uiText.goodAfternoon },
    { hour: EVENING_FROM_HOUR, expected: uiText.goodEvening },
  ];

  it.each(cases)('$hour:xx in the agency\u2019s zone greets "$expected"', async ({ hour, expected }) => {
    // The hour could turn between choosing the zone and rendering: try again once if it did.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const startedHour = new Date().getUTCHours();
      const zone = zoneAt(hour);
      const zoned = await startTestPortal({ api: env.api, env: { TZ: zone } });
      try {
        const agent = await signedInAgent(zoned.app, demoEmails.vendor);
        const text = textOf((await agent.get('/')).text);
        if (new Date().getUTCHours() !== startedHour) continue;
        expect(text).toContain(dashboardText.greeting(expected, 'Morgan Survey Vendor'));
        return;
      } finally {
        await zoned.close();
      }
    }
    throw new Error('the hour kept changing during the test');
  });
});

describe('Messages widget actions without JavaScript', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await signedInAgent(env.portal.url, demoEmails.district);
  });

  it('opening a message marks it Viewed and follows its openUrl', async () => {
    const id = await createMessage(env.api, demoEmails.district, 'Review the restraint report for Meadowlark.', '/restraint-aversive-intervention/reports');
    const page = await agent.get('/');
    expect(page.text).toContain(`action="/messages/${id}/view"`);
    const res = await agent.post(`/messages/${id}/view`).type('form').send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/restraint-aversive-intervention/reports');
    expect(await messageState(env.api, id)).toEqual({ status: 2, dismissed: false });
  });

  it('never follows an openUrl off this site', async () => {
    const offSite = await createMessage(env.api, demoEmails.district, 'An external link.', 'https://evil.example/phish');
    const none = await createMessage(env.api, demoEmails.district, 'No link at all.', null);
    for (const id of [offSite, none]) {
      const res = await postForm(agent, `/messages/${id}/view`, {}, '/');
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/');
      expect((await messageState(env.api, id)).status).toBe(2);
    }
  });

  it('dismissing removes the message and goes back to the page it was on', async () => {
    const id = await createMessage(env.api, demoEmails.district, 'Dismiss me, please.', null);
    const page = await agent.get('/');
    expect(textOf(page.text)).toContain('Dismiss me, please.');
    const res = await agent
      .post(`/messages/${id}/dismiss`)
      .set('Referer', `${env.portal.url}/notification-settings`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/notification-settings');
    expect(await messageState(env.api, id)).toEqual({ status: 0, dismissed: true });
    expect(textOf((await agent.get('/')).text)).not.toContain('Dismiss me, please.');
  });

  it('answers JSON to an island', async () => {
    const id = await createMessage(env.api, demoEmails.district, 'Open me from an island.', '/child-search');
    const token = csrfFrom((await agent.get('/')).text);
    const viewed = await agent.post(`/messages/${id}/view`).set('Accept', 'application/json').set('x-csrf-token', token);
    expect(viewed.status).toBe(200);
    expect(viewed.body).toEqual({ ok: true, location: '/child-search' });
    const dismissed = await agent.post(`/messages/${id}/dismiss`).set('Accept', 'application/json').set('x-csrf-token', token);
    expect(dismissed.body).toEqual({ ok: true });
    expect((await messageState(env.api, id)).dismissed).toBe(true);
  });

  it('a message dismissed through an island\u2019s /api call is gone from the next page at once', async () => {
    const id = await createMessage(env.api, demoEmails.district, 'Dismiss me from an island.', null);
    const page = await agent.get('/');
    expect(textOf(page.text)).toContain('Dismiss me from an island.');
    const res = await agent
      .put(`/api/event-notification/message/dismiss/${id}`)
      .set('Accept', 'application/json')
      .set('x-csrf-token', csrfFrom(page.text));
    expect(res.status).toBeLessThan(300);
    expect(textOf((await agent.get('/')).text)).not.toContain('Dismiss me from an island.');
  });

  it('refuses a post without the CSRF token, and another user\u2019s message', async () => {
    const id = await createMessage(env.api, demoEmails.district, 'Protected message.', null);
    const forged = await agent.post(`/messages/${id}/dismiss`).type('form').send({});
    expect(forged.status).toBe(403);
    expect((await messageState(env.api, id)).dismissed).toBe(false);

    const someoneElse = await signedInAgent(env.portal.url, demoEmails.vendor);
    const res = await postForm(someoneElse, `/messages/${id}/dismiss`, {}, '/');
    // The API does not know the message for this user: nothing changes, back to the dashboard.
    expect(res.status).toBe(303);
    expect((await messageState(env.api, id)).dismissed).toBe(false);
  });
});
