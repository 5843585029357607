// /notification-settings through the real portal and agency API: the table and its server-side
// paging (25 / 50 / 100), the no-JavaScript Manage Subscription form (422 with the error
// summary, 303 with a flash), the unsubscribe confirmation page, and a load failure that shows
// the page with a notice instead of failing.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { subscription, type Subscription } from '../../lib/contract.js';
import { errorMessages, subscriptionText, uiText, validationMessages } from '../../lib/messages.js';
import { startTestPortal } from '../helpers/portal.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { accessToken } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, type Agent, withPortal } from './dashboard-helpers.js';

const env = withPortal();


const rowCount = (html: string) => (html.match(/data-island="SubscriptionDialog"/g) ?? []).length;

/** The Subscription column's text of the row of an event type. */
function statusOf(html: string, typeId: number): string {
  return textOf(new RegExp(`<span id="subscription-status-${typeId}">([^<]*)</span>`).exec(html)?.[1] ?? '');
}

async function subscriptionsOf(email: string): Promise<Subscription[]> {
  const token = await accessToken(env.api, email);
  const res = await request(env.api.url).get('/api/event-notification/subscriptions/user').set('Authorization', `Bearer ${token}`);
  return subscription.array().parse(res.body);
}

async function typeIdOf(name: string): Promise<number> {
  const r = await env.api.ctx.db.query<{ id: number }>('SELECT id FROM event_notification_types WHERE name = $1', [name]);
  return r.rows[0]!.id;
}

describe('the table', () => {
  let admin: Agent;
  let total: number;

  beforeAll(async () => {
    // The seeded types plus 15 more: more than one page of 25, fewer than 50.
    const seeded = await env.api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_notification_types');
    total = Number(seeded.rows[0]!.n) + 15;
    expect(total).toBeGreaterThan(25);
    expect(total).toBeLessThanOrEqual(50);
    const token = await accessToken(env.api, demoEmails.admin);
    for (let i = 1; i <= 15; i += 1) {
      const res = await request(env.api.url)
        .post('/api/event-notification/types')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: `Paging Check ${String(i).padStart(2, '0')}`, description: 'For the paging test.', module: 'App', supportedFrequency: [1, 2], isSupportsEmail: true, isSupportsInApp: true });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    admin = await signedInAgent(env.portal.url, demoEmails.admin);
  });

  it('has the spec\u2019s titles, breadcrumb and columns, and 25 rows a page by default', async () => {
    const res = await admin.get('/notification-settings');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${uiText.notificationSubscription} - Compliance Portal`);
    expect(res.text).toMatch(new RegExp(`<h1[^>]*>${uiText.notificationSettings}</h1>`));
    expect(textOf(/<nav class="usa-breadcrumb[\s\S]*?<\/nav>/.exec(res.text)?.[0] ?? '')).toContain(uiText.notificationSettings);
    const head = textOf(/<thead>[\s\S]*?<\/thead>/.exec(res.text)?.[0] ?? '');
    expect(head).toBe(`${subscriptionText.actions} ${subscriptionText.name} ${subscriptionText.description} ${subscriptionText.subscription}`);
    expect(rowCount(res.text)).toBe(25);
    expect(textOf(res.text)).toContain(`Showing 1 to 25 of ${total}`);
    // The page sizes of spec §9, and nothing else.
    const sizes = [...(/<select[^>]*name="pageSize"[\s\S]*?<\/select>/.exec(res.text)?.[0] ?? '').matchAll(/<option value="(\w+)"/g)].map((m) => m[1]);
    expect(sizes).toEqual(['25', '50', '100']);
  });

  it('pages on the server with ?page and ?pageSize, ignoring sizes not offered', async () => {
    const second = await admin.get('/notification-settings?page=2');
    expect(rowCount(second.text)).toBe(total - 25);
    expect(textOf(second.text)).toContain(`Showing 26 to ${total} of ${total}`);
    expect(rowCount((await admin.get('/notification-settings?pageSize=50')).text)).toBe(total);
    expect(rowCount((await admin.get('/notification-settings?pageSize=10')).text)).toBe(25);
    expect(rowCount((await admin.get('/notification-settings?page=99')).text)).toBe(total - 25);
  });

  it('says how each type is delivered', async () => {
    const res = await admin.get('/notification-settings?pageSize=50');
    expect(statusOf(res.text, await typeIdOf('System Announcements'))).toBe(uiText.subscriptionBoth);
    expect(statusOf(res.text, await typeIdOf('Restraint Violation Created'))).toBe(uiText.subscriptionInSystem);
    expect(statusOf(res.text, await typeIdOf('Account Changes'))).toBe(uiText.subscriptionNone);
  });

  it('links each row to the no-JavaScript form, and subscribed optional rows to the unsubscribe page', async () => {
    const res = await admin.get('/notification-settings?pageSize=50');
    const dispute = await typeIdOf('Dispute Request Submitted');
    const required = await typeIdOf('System Announcements');
    expect(res.text).toContain(`href="/notification-settings/${dispute}"`);
    expect(res.text).toContain(`href="/notification-settings/${dispute}/unsubscribe"`);
    expect(res.text).not.toContain(`href="/notification-settings/${required}/unsubscribe"`);
  });
});

describe('Manage Subscription without JavaScript', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await signedInAgent(env.portal.url, demoEmails.district);
  });

  it('re-renders with 422 and the error summary when nothing is chosen', async () => {
    const typeId = await typeIdOf('Account Changes');
    const form = await agent.get(`/notification-settings/${typeId}`);
    expect(form.status).toBe(200);
    expect(titleOf(form.text)).toBe(`${subscriptionText.manageSubscriptionFor('Account Changes')} - Compliance Portal`);
    expect(textOf(form.text)).toContain(subscriptionText.immediately);
    expect(textOf(form.text)).toContain(subscriptionText.daily);

    const res = await postForm(agent, `/notification-settings/${typeId}`, { frequency: '1' }, `/notification-settings/${typeId}`);
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toMatch(/^Error: /);
    expect(textOf(res.text)).toContain(uiText.errorSummaryTitle);
    // The summary names the field; the field keeps the bare message.
    expect(res.text).toContain(`<a href="#subscription-is-email">${subscriptionText.delivery}: ${subscriptionText.chooseDelivery}</a>`);
    expect((await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId)?.isSubscribed).toBe(false);
  });

  it('refuses a frequency the type does not offer', async () => {
    const typeId = await typeIdOf('Account Changes');
    const res = await postForm(agent, `/notification-settings/${typeId}`, { isEmail: 'on', frequency: '3' }, `/notification-settings/${typeId}`);
    expect(res.status).toBe(422);
    expect(decoded(res.text)).toContain(validationMessages.selectFromList);
  });

  it('saves with 303, a flash, and the row showing the new delivery', async () => {
    const typeId = await typeIdOf('Account Changes');
    const res = await postForm(agent, `/notification-settings/${typeId}`, { isInApp: 'on', frequency: '2' }, `/notification-settings/${typeId}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/notification-settings');
    const table = await agent.get('/notification-settings');
    expect(textOf(table.text)).toContain(errorMessages.subscriptionUpdated);
    expect(statusOf(table.text, typeId)).toBe(uiText.subscriptionInSystem);
    const saved = (await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId);
    expect(saved).toMatchObject({ isSubscribed: true, isEmail: false, isInApp: true, frequency: 2 });
    // The flash shows once.
    expect(textOf((await agent.get('/notification-settings')).text)).not.toContain(errorMessages.subscriptionUpdated);
  });

  it('asks for an LEA on per-LEA types and refuses LEAs the user cannot choose', async () => {
    const typeId = await typeIdOf('Restraint Violation Created');
    const form = await agent.get(`/notification-settings/${typeId}`);
    const leaIds = [...form.text.matchAll(/name="leaId" value="(\d+)"/g)].map((m) => m[1]!);
    expect(leaIds.length).toBe(1); // the district user's own district
    const path = `/notification-settings/${typeId}`;

    const none = await postForm(agent, path, { isEmail: 'on', frequency: '1' }, path);
    expect(none.status).toBe(422);
    expect(textOf(none.text)).toContain(subscriptionText.chooseLea);

    const foreign = await postForm(agent, path, { isEmail: 'on', frequency: '1', leaId: '999999' }, path);
    expect(foreign.status).toBe(422);
    expect(decoded(foreign.text)).toContain(validationMessages.selectFromList);

    const ok = await postForm(agent, path, { isEmail: 'on', frequency: '1', leaId: leaIds }, path);
    expect(ok.status).toBe(303);
    const saved = (await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId);
    expect(saved).toMatchObject({ isEmail: true, isInApp: false, subscribedLeaIds: leaIds.map(Number) });
  });

  it('keeps a required type\u2019s email setting whatever is posted', async () => {
    const typeId = await typeIdOf('System Announcements');
    const form = await agent.get(`/notification-settings/${typeId}`);
    expect(form.text).toMatch(/<input[^>]*id="subscription-is-email"[^>]*disabled=""/);
    expect(textOf(form.text)).toContain(subscriptionText.requiredNote);
    const res = await postForm(agent, `/notification-settings/${typeId}`, { isInApp: 'on', frequency: '1' }, `/notification-settings/${typeId}`);
    expect(res.status).toBe(303);
    const saved = (await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId);
    expect(saved).toMatchObject({ isEmail: true, isInApp: true });
  });

  it('answers 404 for an event type the user does not have', async () => {
    // The public dispute resolution filer has no monitoring.
    const visit = await typeIdOf('Monitoring Visit Scheduled');
    const publicAgent = await signedInAgent(env.portal.url, demoEmails.drPublic);
    expect((await publicAgent.get(`/notification-settings/${visit}`)).status).toBe(404);
    expect((await agent.get('/notification-settings/999999')).status).toBe(404);
    expect((await agent.get('/notification-settings/abc')).status).toBe(404);
  });
});

describe('unsubscribing without JavaScript', () => {
  it('asks first on a page of its own, then unsubscribes on confirm', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const typeId = await typeIdOf('Early Childhood Scores Submitted');
    const path = `/notification-settings/${typeId}/unsubscribe`;

    const confirm = await agent.get(path);
    expect(confirm.status).toBe(200);
    const text = textOf(confirm.text);
    expect(text).toContain(uiText.unsubscribeFrom('Early Childhood Scores Submitted'));
    expect(text).toContain(uiText.unsubscribe);
    expect(confirm.text).toContain(`action="${path}"`);
    expect(confirm.text).toContain('name="confirm" value="yes"');

    // Posting without confirm=yes (the row's form) shows the same question.
    const asked = await postForm(agent, path, {}, '/notification-settings');
    expect(asked.status).toBe(200);
    expect(textOf(asked.text)).toContain(uiText.unsubscribeFrom('Early Childhood Scores Submitted'));
    expect((await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId)?.isSubscribed).toBe(true);

    const done = await postForm(agent, path, { confirm: 'yes' }, path);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/notification-settings');
    // Every type on one page: with the module's types and the paging ones, this one is past the first 25.
    const table = await agent.get('/notification-settings?pageSize=50');
    expect(textOf(table.text)).toContain(errorMessages.subscriptionUpdated);
    expect(statusOf(table.text, typeId)).toBe(uiText.subscriptionNone);
    expect((await subscriptionsOf(demoEmails.district)).find((s) => s.eventNotificationTypeId === typeId)?.isSubscribed).toBe(false);
  });

  it('does not offer to unsubscribe from a required type', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.admin);
    const typeId = await typeIdOf('System Announcements');
    const res = await agent.get(`/notification-settings/${typeId}/unsubscribe`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/notification-settings');
  });

  it('needs the CSRF token', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.admin);
    const typeId = await typeIdOf('Dispute Request Submitted');
    const res = await agent.post(`/notification-settings/${typeId}/unsubscribe`).type('form').send({ confirm: 'yes' });
    expect(res.status).toBe(403);
    expect((await subscriptionsOf(demoEmails.admin)).find((s) => s.eventNotificationTypeId === typeId)?.isSubscribed).toBe(true);
  });
});

describe('when the subscriptions cannot be loaded', () => {
  it('shows the page with a notice and an empty table (spec §8: only logged)', async () => {
    const proxy = await startFaultProxy(env.api.url);
    const cut = await startTestPortal({ apiBaseUrl: proxy.url });
    try {
      const agent = await signedInAgent(cut.url, demoEmails.district);
      await agent.get('/notification-settings'); // warms the session's lists
      await proxy.stop();
      const res = await agent.get('/notification-settings');
      expect(res.status).toBe(200);
      const text = textOf(res.text);
      expect(text).toContain(subscriptionText.loadFailed);
      expect(text).toContain(uiText.noResults);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });
});
