// Contract tests of the agency API's content endpoints: text blocks (anonymous reads, sanitised
// edits), system messages and notification subscriptions, on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationMessage, subscription, textBlock, type Subscription } from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { signAccessToken } from '../../api/tokens.js';
import { userPermissions } from '../../api/users.js';
import { NOTIFICATION_MESSAGES } from '../../api/routes/event-notification.js';
import { textBlockSeeds } from '../../api/seed-data/text-blocks.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';

async function userId(api: TestApi, email: string): Promise<string> {
  const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const id = r.rows[0]?.id;
  if (!id) throw new Error(`no demo user ${email}`);
  return id;
}

/** An access token for a demo user with the permissions their roles grant (or the ones given). */
async function tokenFor(api: TestApi, email: string, permissions?: string[]): Promise<string> {
  const id = await userId(api, email);
  const held = await userPermissions(api.ctx.db, id);
  return signAccessToken(
    api.ctx.config.jwtSecret,
    {
      sub: id,
      name: email,
      fullname: email,
      email,
      jobtitle: '',
      phone_number: '',
      role: held.roles,
      permission: permissions ?? held.permissions,
      configuration: '{}',
    },
    900,
    api.ctx.now(),
  );
}

const messages = z.array(notificationMessage);
const subscriptions = z.array(subscription);

describe.each(testDbs)('agency API content on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let district: string;
  let drPublic: string;
  let stateUser: string;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    admin = await tokenFor(api, 'state.admin@demo.example');
    district = await tokenFor(api, 'district.user@demo.example');
    drPublic = await tokenFor(api, 'dr.public@demo.example');
    stateUser = await tokenFor(api, 'state.user@demo.example');
  });
  afterAll(async () => {
    await api?.close();
  });

  // ---- text blocks ----------------------------------------------------------------------------
  describe('text blocks', () => {
    it('reads a block or a group by code without signing in', async () => {
      const res = await request(api.server).get('/api/text-blocks/by-block-code/login-screen-text').set('Accept', 'application/vnd.portal.v1+json');
      expect(res.status).toBe(200);
      const block = textBlock.parse(res.body);
      expect(block).toMatchObject({ blockCode: 'login-screen-text', isVisible: true });
      expect(block.html).toContain('<a href="/dr-request">');
      const group = z.array(textBlock).parse((await request(api.server).get('/api/text-blocks/by-group-code/help')).body);
      expect(group.map((b) => b.blockCode).sort()).toEqual(['contact-page', 'faq-page']);
      expect(group.find((b) => b.blockCode === 'faq-page')?.html).toContain('password');
      expect((await request(api.server).get('/api/text-blocks/by-block-code/no-such-block')).status).toBe(404);
      expect((await request(api.server).get('/api/text-blocks/by-group-code/no-such-group')).status).toBe(404);
      expect((await request(api.server).get(`/api/text-blocks/by-block-code/${'a'.repeat(101)}`)).status).toBe(400);
      expect((await request(api.server).get('/api/text-blocks/by-block-code/%3Cscript%3E')).status).toBe(400);
    });

    it('lists every block to text block managers only', async () => {
      expect((await request(api.server).get('/api/text-blocks')).status).toBe(401);
      expect((await request(api.server).get('/api/text-blocks').set(bearer(district))).status).toBe(403);
      const res = await request(api.server).get('/api/text-blocks').set(bearer(admin));
      const blocks = z.array(textBlock).parse(res.body);
      expect(blocks.map((b) => b.blockCode).sort()).toEqual(textBlockSeeds.map((b) => b.blockCode).sort());
    });

    it('sanitises HTML and replaces non-breaking spaces when saving', async () => {
      const [block] = z.array(textBlock).parse((await request(api.server).get('/api/text-blocks').set(bearer(admin))).body).filter((b) => b.blockCode === 'main-dashboard-text');
      const html =
        '<h2 onclick="steal()">Hello&nbsp;world</h2><script>alert(1)</script>' +
        '<p>Non\u00A0breaking <img src="x" onerror="alert(2)"> text</p>' +
        '<a href="javascript:alert(3)">bad link</a> <a href="https://example.org/help" target="_blank">good</a> ' +
        '<a href="mailto:help@portal.example">mail</a> <a href="/faq">faq</a> <a href="//evil.example/x">proto</a>' +
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
        '<ul><li>one</li></ul><table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table>' +
        '<p class="usa-intro evil-class" style="color:red">Intro</p>';
      const res = await request(api.server)
        .put(`/api/text-blocks/${block!.id}`)
        .set(bearer(admin))
        .send({ title: 'Dashboard\u00A0welcome', html, isVisible: false, format: 'Card' });
      expect(res.status).toBe(200);
      const saved = textBlock.parse(res.body);
      expect(saved).toMatchObject({ title: 'Dashboard welcome', isVisible: false, format: 'Card', blockCode: 'main-dashboard-text' });
      for (const gone of ['<script', 'alert(1)', 'onclick', 'onerror', 'javascript:', '<iframe', '<style', 'display:none', 'style=', 'evil-class', '//evil.example', '\u00A0', '&nbsp;', '<img']) {
        expect(saved.html, gone).not.toContain(gone);
      }
      expect(saved.html).toContain('<h2>Hello world</h2>');
      expect(saved.html).toContain('Non breaking');
      expect(saved.html).toContain('<a href="https://example.org/help" target="_blank" rel="noopener noreferrer">good</a>');
      expect(saved.html).toContain('<a href="mailto:help@portal.example">mail</a>');
      expect(saved.html).toContain('<a href="/faq">faq</a>');
      expect(saved.html).toContain('<ul><li>one</li></ul>');
      expect(saved.html).toContain('<th scope="col">A</th>');
      expect(saved.html).toContain('<p class="usa-intro">Intro</p>');
      // The anonymous read returns the stored block with its visibility, for the portal to decide.
      const anonymous = textBlock.parse((await request(api.server).get('/api/text-blocks/by-block-code/main-dashboard-text')).body);
      expect(anonymous).toEqual(saved);
    });

    it('refuses bad edits', async () => {
      const body = { title: 'T', html: '<p>x</p>', isVisible: true, format: 'Div' };
      expect((await request(api.server).put('/api/text-blocks/1').send(body)).status).toBe(401);
      expect((await request(api.server).put('/api/text-blocks/1').set(bearer(district)).send(body)).status).toBe(403);
      expect((await request(api.server).put('/api/text-blocks/999999').set(bearer(admin)).send(body)).status).toBe(404);
      for (const bad of [{ ...body, format: 'Span' }, { ...body, title: '' }, { ...body, isVisible: 'yes' }, { ...body, html: ['<p>'] }, { title: 'T' }]) {
        expect((await request(api.server).put('/api/text-blocks/1').set(bearer(admin)).send(bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect((await request(api.server).put('/api/text-blocks/99999999999').set(bearer(admin)).send(body)).status).toBe(400);
    });
  });

  // ---- messages -------------------------------------------------------------------------------
  describe('system messages', () => {
    it('lists the caller’s own messages, newest first', async () => {
      expect((await request(api.server).get('/api/event-notification/message/user-messages')).status).toBe(401);
      const res = await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(district));
      expect(res.status).toBe(200);
      const list = messages.parse(res.body);
      expect(list).toHaveLength(3);
      const times = list.map((m) => Date.parse(m.createdOn));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(list.map((m) => m.status)).toEqual([0, 0, 2]);
      expect(list[0]?.openUrl).toBe('/child-search');
      expect(messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(stateUser))).body)).toEqual([]);
    });

    it('views and dismisses only the caller’s own messages', async () => {
      const mine = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(district))).body);
      const theirs = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(admin))).body);
      const target = mine[0]!;
      const foreign = theirs[0]!;
      for (const action of ['view', 'dismiss']) {
        expect((await request(api.server).put(`/api/event-notification/message/${action}/${foreign.id}`).set(bearer(district))).status).toBe(404);
        expect((await request(api.server).put(`/api/event-notification/message/${action}/${target.id}`)).status).toBe(401);
        expect((await request(api.server).put(`/api/event-notification/message/${action}/x`).set(bearer(district))).status).toBe(400);
      }
      const viewed = await request(api.server).put(`/api/event-notification/message/view/${target.id}`).set(bearer(district));
      expect(viewed.status).toBe(200);
      expect(notificationMessage.parse(viewed.body)).toMatchObject({ id: target.id, status: 2 });
      expect((await request(api.server).put(`/api/event-notification/message/dismiss/${target.id}`).set(bearer(district))).status).toBe(204);
      const after = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(district))).body);
      expect(after.map((m) => m.id)).not.toContain(target.id);
      expect(after).toHaveLength(2);
      expect((await request(api.server).put(`/api/event-notification/message/view/${target.id}`).set(bearer(district))).status).toBe(404);
      // The other user's message is untouched.
      const theirsAfter = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(admin))).body);
      expect(theirsAfter.find((m) => m.id === foreign.id)?.status).toBe(foreign.status);
    });

    it('queues a message to users, a role, or the users of an LEA', async () => {
      const path = '/api/event-notification/message/queue';
      expect((await request(api.server).post(path).send({ message: 'Hi' })).status).toBe(401);
      expect((await request(api.server).post(path).set(bearer(district)).send({ message: 'Hi', roleName: 'Local User' })).status).toBe(403);
      const none = await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi' });
      expect(none.status).toBe(400);
      expect(none.body.errors[0].message).toBe(NOTIFICATION_MESSAGES.noRecipients);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi', roleName: 'Wizards' })).status).toBe(400);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi', userIds: [randomUUID()] })).status).toBe(400);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi', userIds: 'everyone' })).status).toBe(400);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi', leaId: 99999999999 })).status).toBe(400);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ message: '', roleName: 'Local User' })).status).toBe(400);
      const badUrl = await request(api.server).post(path).set(bearer(admin)).send({ message: 'Hi', roleName: 'Local User', openUrl: 'javascript:alert(1)' });
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.errors[0].field).toBe('openUrl');

      const districtLea = (await api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '55-0101-000'")).rows[0]!.id;
      const queued = await request(api.server)
        .post(path)
        .set(bearer(admin))
        .send({ message: 'Student lists are due Friday.', openUrl: '/post-school-outcomes/student-list-manager', roleName: 'Local User', leaId: districtLea });
      expect(queued.status).toBe(200);
      expect(queued.body).toEqual({ queued: 1 });
      const inbox = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(district))).body);
      expect(inbox[0]).toMatchObject({ message: 'Student lists are due Friday.', status: 0, openUrl: '/post-school-outcomes/student-list-manager' });

      const stateUserId = await userId(api, 'state.user@demo.example');
      const direct = await request(api.server).post(path).set(bearer(admin)).send({ message: 'Please review.', userIds: [stateUserId, stateUserId] });
      expect(direct.body).toEqual({ queued: 1 });
      const byRole = await request(api.server).post(path).set(bearer(admin)).send({ message: 'Announcement', roleName: 'site admin', userIds: [stateUserId] });
      expect(byRole.body).toEqual({ queued: 2 });
    });

    it('lets notification managers list and create any user’s messages', async () => {
      const path = '/api/notificationmesages';
      expect((await request(api.server).get(path)).status).toBe(401);
      expect((await request(api.server).get(path).set(bearer(district))).status).toBe(403);
      expect((await request(api.server).post(path).set(bearer(district)).send({})).status).toBe(403);
      const vendorId = await userId(api, 'vendor@demo.example');
      const created = await request(api.server).post(path).set(bearer(admin)).send({ userId: vendorId, message: 'Your survey export is ready.', openUrl: '/post-school-outcomes/vendor-dashboard' });
      expect(created.status).toBe(201);
      expect(notificationMessage.parse(created.body)).toMatchObject({ message: 'Your survey export is ready.', status: 0 });
      expect(created.body.userId).toBe(vendorId);
      const vendor = await tokenFor(api, 'vendor@demo.example');
      const inbox = messages.parse((await request(api.server).get('/api/event-notification/message/user-messages').set(bearer(vendor))).body);
      expect(inbox.map((m) => m.message)).toEqual(['Your survey export is ready.']);

      const page = await request(api.server).get(path).query({ userId: vendorId }).set(bearer(admin));
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(1);
      expect(page.body.items[0]).toMatchObject({ userId: vendorId, message: 'Your survey export is ready.', userEmail: 'vendor@demo.example' });
      const all = await request(api.server).get(path).query({ pageSize: 2, pageNumber: 1 }).set(bearer(admin));
      expect(all.body.items).toHaveLength(2);
      expect(all.body.totalCount).toBeGreaterThan(5);
      for (const query of [{ pageSize: 0 }, { pageSize: 501 }, { userId: 'me' }, { pageNumber: 'one' }]) {
        expect((await request(api.server).get(path).query(query).set(bearer(admin))).status, JSON.stringify(query)).toBe(400);
      }
      expect((await request(api.server).post(path).set(bearer(admin)).send({ userId: randomUUID(), message: 'x' })).status).toBe(400);
      expect((await request(api.server).post(path).set(bearer(admin)).send({ userId: vendorId })).status).toBe(400);
    });
  });

  // ---- subscriptions --------------------------------------------------------------------------
  describe('notification subscriptions', () => {
    const list = async (token: string) => {
      const res = await request(api.server).get('/api/event-notification/subscriptions/user').set(bearer(token));
      expect(res.status).toBe(200);
      return subscriptions.parse(res.body);
    };
    const save = (token: string, body: Partial<Subscription> & { eventNotificationTypeId: number }) =>
      request(api.server)
        .post('/api/event-notification/subscriptions')
        .set(bearer(token))
        .send({ isInApp: true, isEmail: false, frequency: 1, isSubscribed: true, eventNotificationSubscriptionId: null, subscribedLeaIds: [], ...body });

    it('merges every available event type with the caller’s subscriptions', async () => {
      expect((await request(api.server).get('/api/event-notification/subscriptions/user')).status).toBe(401);
      const mine = await list(district);
      const byName = new Map(mine.map((s) => [s.name, s]));
      expect(byName.get('Early Childhood Scores Submitted')).toMatchObject({ isSubscribed: true, isEmail: true, isInApp: false, frequency: 2 });
      expect(byName.get('Early Childhood Scores Submitted')?.eventNotificationSubscriptionId).toEqual(expect.any(Number));
      expect(byName.get('Monitoring Visit Scheduled')).toMatchObject({
        isSubscribed: false,
        isEmail: false,
        isInApp: false,
        frequency: 0,
        eventNotificationSubscriptionId: null,
        subscribedLeaIds: [],
        hasLea: true,
      });
      // A required event the user never saved still reaches them with the type's defaults.
      expect(byName.get('CAP Deadline Warning')).toMatchObject({ isSubscribed: true, isEventNotificationTypeRequired: true, eventNotificationSubscriptionId: null, frequency: 2 });
      // Module events are offered only to users who can open the module: the district user is a
      // district dispute resolution contact (DR spec §13), the public filer sees only DR's.
      expect(byName.has('Dispute Request Submitted')).toBe(true);
      const publicTypes = (await list(drPublic)).map((s) => s.name).sort();
      expect(publicTypes).toEqual([
        'Account Changes', 'DR Case Accepted', 'DR Case Closed', 'DR Deadline Missed', 'DR Neutral Assigned', 'DR Signature Requested', 'DR Withdrawal Decided', 'DR Withdrawal Requested',
        'Dispute Case Timeline Reminder', 'Dispute Request Submitted', 'Dispute Survey Invitation', 'System Announcements',
      ]);
      for (const s of mine) expect(s.supportedFrequency.every((f) => f === 1 || f === 2)).toBe(true);
    });

    it('saves a subscription within the type’s rules', async () => {
      const types = new Map((await list(district)).map((s) => [s.name, s]));
      const visit = types.get('Monitoring Visit Scheduled')!;
      const districtLea = (await api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '55-0101-000'")).rows[0]!.id;
      const stateLea = (await api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '00-0000-000'")).rows[0]!.id;
      const riverbend = (await api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '28-0102-000'")).rows[0]!.id;

      const refusals: [Partial<Subscription> & { eventNotificationTypeId: number }, string, string][] = [
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, frequency: 3 }, 'frequency', NOTIFICATION_MESSAGES.frequencyNotOffered],
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, frequency: 0 }, 'frequency', NOTIFICATION_MESSAGES.frequencyNotOffered],
        [{ eventNotificationTypeId: types.get('Early Childhood Scores Unlocked')!.eventNotificationTypeId, isEmail: true }, 'isEmail', NOTIFICATION_MESSAGES.emailNotOffered],
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, isInApp: false, isEmail: false }, 'isInApp', NOTIFICATION_MESSAGES.noChannel],
        [{ eventNotificationTypeId: types.get('Account Changes')!.eventNotificationTypeId, subscribedLeaIds: [districtLea] }, 'subscribedLeaIds', NOTIFICATION_MESSAGES.leasNotOffered],
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, subscribedLeaIds: [districtLea, stateLea] }, 'subscribedLeaIds.1', NOTIFICATION_MESSAGES.unknownLea],
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, subscribedLeaIds: [riverbend] }, 'subscribedLeaIds.0', NOTIFICATION_MESSAGES.unknownLea],
        [{ eventNotificationTypeId: visit.eventNotificationTypeId, subscribedLeaIds: [999999] }, 'subscribedLeaIds.0', NOTIFICATION_MESSAGES.unknownLea],
      ];
      for (const [body, field, message] of refusals) {
        const res = await save(district, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors).toContainEqual({ field, message });
      }
      for (const bad of [{ eventNotificationTypeId: 'x' }, { eventNotificationTypeId: 3_000_000_000 }, { eventNotificationTypeId: visit.eventNotificationTypeId, subscribedLeaIds: 'all' }]) {
        expect((await save(district, bad as never)).status, JSON.stringify(bad)).toBe(400);
      }
      expect((await save(district, { eventNotificationTypeId: 999999 })).status).toBe(404);
      expect((await save(drPublic, { eventNotificationTypeId: visit.eventNotificationTypeId })).status).toBe(404);

      const saved = await save(district, { eventNotificationTypeId: visit.eventNotificationTypeId, isEmail: true, frequency: 2, subscribedLeaIds: [districtLea, districtLea] });
      expect(saved.status).toBe(200);
      const result = subscription.parse(saved.body);
      expect(result).toMatchObject({ isSubscribed: true, isEmail: true, isInApp: true, frequency: 2, subscribedLeaIds: [districtLea] });
      expect(result.eventNotificationSubscriptionId).toEqual(expect.any(Number));
      // Saving again with the id updates the same subscription.
      const again = await save(district, { eventNotificationTypeId: visit.eventNotificationTypeId, eventNotificationSubscriptionId: result.eventNotificationSubscriptionId, isEmail: false, frequency: 1 });
      expect(subscription.parse(again.body)).toMatchObject({ eventNotificationSubscriptionId: result.eventNotificationSubscriptionId, isEmail: false, frequency: 1, subscribedLeaIds: [] });
      // Another user's subscription id is not the caller's to update.
      const adminSubs = await list(admin);
      const foreignId = adminSubs.find((s) => s.eventNotificationSubscriptionId !== null)!.eventNotificationSubscriptionId;
      expect((await save(district, { eventNotificationTypeId: visit.eventNotificationTypeId, eventNotificationSubscriptionId: foreignId })).status).toBe(404);
    });

    it('keeps required types’ email setting and LEAs, and refuses unsubscribing from them', async () => {
      const types = new Map((await list(district)).map((s) => [s.name, s]));
      const warning = types.get('CAP Deadline Warning')!;
      const districtLea = (await api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '55-0101-000'")).rows[0]!.id;
      const res = await save(district, { eventNotificationTypeId: warning.eventNotificationTypeId, isEmail: false, isInApp: true, frequency: 2, subscribedLeaIds: [districtLea] });
      expect(res.status).toBe(200);
      const saved = subscription.parse(res.body);
      expect(saved).toMatchObject({ isEmail: true, isInApp: true, frequency: 2, subscribedLeaIds: [], isSubscribed: true });
      const refused = await request(api.server).delete(`/api/event-notification/subscriptions/unsubscribe/${saved.eventNotificationSubscriptionId}`).set(bearer(district));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(NOTIFICATION_MESSAGES.requiredUnsubscribe);
    });

    it('unsubscribes only the caller’s own subscriptions', async () => {
      const before = new Map((await list(district)).map((s) => [s.name, s]));
      const eco = before.get('Early Childhood Scores Submitted')!;
      const adminSub = (await list(admin)).find((s) => s.name === 'Dispute Request Submitted')!;
      const path = (id: number | string | null) => `/api/event-notification/subscriptions/unsubscribe/${id}`;
      expect((await request(api.server).delete(path(eco.eventNotificationSubscriptionId))).status).toBe(401);
      expect((await request(api.server).delete(path(adminSub.eventNotificationSubscriptionId)).set(bearer(district))).status).toBe(404);
      expect((await request(api.server).delete(path('abc')).set(bearer(district))).status).toBe(400);
      expect((await request(api.server).delete(path(eco.eventNotificationSubscriptionId)).set(bearer(district))).status).toBe(204);
      const after = new Map((await list(district)).map((s) => [s.name, s]));
      expect(after.get('Early Childhood Scores Submitted')).toMatchObject({ isSubscribed: false, frequency: 0, eventNotificationSubscriptionId: null });
      expect((await request(api.server).delete(path(eco.eventNotificationSubscriptionId)).set(bearer(district))).status).toBe(404);
      expect((await list(admin)).find((s) => s.name === 'Dispute Request Submitted')?.isSubscribed).toBe(true);
    });

    it('lets a notification manager without module access see only App-wide events', async () => {
      const bare = await tokenFor(api, 'vendor@demo.example', [P.notificationManage]);
      expect((await list(bare)).map((s) => s.name).sort()).toEqual(['Account Changes', 'System Announcements']);
    });
  });
});
