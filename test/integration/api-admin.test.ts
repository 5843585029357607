// Contract tests of the admin area's API additions: the list manager, notification event types,
// school years, and the LEA parts the admin screens edit one at a time (contacts, years, members),
// against a real API on PGlite and on PostgreSQL.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminSchoolYear,
  apiErrorBody,
  eventNotificationType,
  lea as leaSchema,
  leaContact,
  lookupList,
  lookupListItem,
  schoolYear,
  subscription,
  user as userSchema,
} from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { signAccessToken } from '../../api/tokens.js';
import { seed } from '../../api/seed.js';
import { listSeeds } from '../../api/seed-data/lists.js';
import { LIST_MESSAGES } from '../../api/routes/lists.js';
import { EVENT_TYPE_MESSAGES } from '../../api/routes/notification-types.js';
import { SCHOOL_YEAR_MESSAGES } from '../../api/routes/school-years.js';
import { LEA_MESSAGES } from '../../api/routes/leas.js';
import { MEMBER_MESSAGES } from '../../api/lea-members.js';
import { MANAGE_MESSAGES } from '../../api/user-management.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, createUser, demo, leaIdByCode, STRONG_PASSWORD, uniqueEmail } from './api-auth-helpers.js';

const DISTRICT_LEA = '55-0101-000';
const OTHER_LEA = '28-0102-000';

/** An access token for a demo user carrying exactly the given permissions. */
async function tokenWith(api: TestApi, email: string, permissions: string[]): Promise<string> {
  const r = await api.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const id = r.rows[0]!.id;
  return signAccessToken(
    api.ctx.config.jwtSecret,
    { sub: id, name: email, fullname: email, email, jobtitle: '', phone_number: '', permission: permissions, configuration: '{}' },
    900,
    api.ctx.now(),
  );
}

const fieldsOf = (body: unknown) => (apiErrorBody.parse(body).errors ?? []).map((e) => e.field);

describe.each(testDbs)('admin API on %s', (dbKind) => {
  let api: TestApi;
  let admin: string;
  let district: string;
  let stateUser: string;
  let districtLea: number;
  let otherLea: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [admin, district, stateUser] = await Promise.all([accessToken(api, demo.admin), accessToken(api, demo.district), accessToken(api, demo.stateUser)]);
    districtLea = await leaIdByCode(api, DISTRICT_LEA);
    otherLea = await leaIdByCode(api, OTHER_LEA);
  });
  afterAll(async () => {
    await api?.close();
  });

  // ---- list manager ---------------------------------------------------------------------------
  describe('list manager', () => {
    it('serves the seeded lists to any signed-in user, the form list in order', async () => {
      expect((await request(api.url).get('/api/lists')).status).toBe(401);
      expect((await request(api.url).get('/api/lists/by-name/dr-request-types')).status).toBe(401);
      const lists = z.array(lookupList).parse((await request(api.url).get('/api/lists').set(as(district))).body);
      expect(lists.map((l) => l.name).sort()).toEqual(listSeeds.map((l) => l.name).sort());
      expect(lists.every((l) => l.isBuiltIn && l.isActive && l.items === undefined)).toBe(true);

      const res = await request(api.url).get('/api/lists/by-name/dr-request-types').set(as(district));
      expect(res.status).toBe(200);
      const types = lookupList.parse(res.body);
      expect(types.items?.map((i) => i.label)).toEqual(['State Complaint', 'Mediation', 'Due Process Hearing', 'Facilitated IEP']);
      expect(types.items?.map((i) => i.code)).toEqual(['state-complaint', 'mediation', 'due-process-hearing', 'facilitated-iep']);
      expect(types.itemCount).toBe(4);
      const disabilities = lookupList.parse((await request(api.url).get('/api/lists/by-name/disability-categories').set(as(district))).body);
      expect(disabilities.items?.map((i) => i.label)).toContain('Specific Learning Disability');

      expect((await request(api.url).get('/api/lists/by-name/no-such-list').set(as(district))).status).toBe(404);
      expect((await request(api.url).get('/api/lists/by-name/Bad_Name').set(as(district))).status).toBe(400);
      expect((await request(api.url).get('/api/lists/999999').set(as(district))).status).toBe(404);
      expect((await request(api.url).get('/api/lists/abc').set(as(district))).status).toBe(400);

      // The seed adds nothing twice, and an item an admin deleted stays deleted.
      const relationships = lookupList.parse((await request(api.url).get('/api/lists/by-name/relationship-to-student').set(as(admin))).body);
      const other = relationships.items!.find((i) => i.code === 'other')!;
      await request(api.url).delete(`/api/lists/${relationships.id}/items/${other.id}`).set(as(admin)).expect(204);
      await seed(api.ctx);
      const again = z.array(lookupList).parse((await request(api.url).get('/api/lists').set(as(admin))).body);
      expect(again.find((l) => l.name === 'dr-request-types')?.itemCount).toBe(4);
      expect(again.find((l) => l.name === 'relationship-to-student')?.itemCount).toBe(relationships.itemCount - 1);
      expect(again).toHaveLength(listSeeds.length);
    });

    it('lets only list managers write, and refuses bad bodies with field errors', async () => {
      const body = { name: 'meeting-locations', displayName: 'Meeting Locations' };
      expect((await request(api.url).post('/api/lists').send(body)).status).toBe(401);
      expect((await request(api.url).post('/api/lists').set(as(district)).send(body)).status).toBe(403);
      const seeded = z.array(lookupList).parse((await request(api.url).get('/api/lists').set(as(admin))).body)[0]!;
      expect((await request(api.url).put(`/api/lists/${seeded.id}`).set(as(district)).send({ displayName: 'X' })).status).toBe(403);
      expect((await request(api.url).delete(`/api/lists/${seeded.id}`).set(as(district))).status).toBe(403);
      expect((await request(api.url).post(`/api/lists/${seeded.id}/items`).set(as(district)).send({ code: 'x', label: 'X' })).status).toBe(403);

      const bad: [object, string][] = [
        [{ ...body, name: 'Meeting Locations' }, 'name'],
        [{ ...body, name: 'double--dash' }, 'name'],
        [{ name: body.name }, 'displayName'],
        [{ ...body, displayName: 'x'.repeat(201) }, 'displayName'],
        [{ ...body, isActive: 'yes' }, 'isActive'],
        [{ ...body, items: [{ code: 'has space', label: 'A' }] }, 'items.0.code'],
        [{ ...body, items: [{ code: 'a', label: '' }] }, 'items.0.label'],
        [{ ...body, items: [{ code: 'a', label: 'A', sortOrder: -1 }] }, 'items.0.sortOrder'],
        [{ ...body, items: [{ code: 'a', label: 'A', sortOrder: 1.5 }] }, 'items.0.sortOrder'],
      ];
      for (const [input, field] of bad) {
        const res = await request(api.url).post('/api/lists').set(as(admin)).send(input);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(fieldsOf(res.body)).toContain(field);
      }
      expect((await request(api.url).get('/api/lists/by-name/meeting-locations').set(as(admin))).status).toBe(404);
      // A list manager without any other permission is enough.
      const listManager = await tokenWith(api, demo.vendor, [P.listManagerManage]);
      const made = await request(api.url).post('/api/lists').set(as(listManager)).send({ name: 'probe-list', displayName: 'Probe' });
      expect(made.status).toBe(201);
      expect((await request(api.url).delete(`/api/lists/${made.body.id}`).set(as(listManager))).status).toBe(204);
    });

    it('creates a list, keeps names and item codes unique, orders, deactivates and deletes', async () => {
      const created = await request(api.url)
        .post('/api/lists')
        .set(as(admin))
        .send({
          name: 'meeting-locations',
          displayName: 'Meeting Locations',
          description: 'Where a facilitated meeting takes place.',
          items: [
            { code: 'district-office', label: 'District Office' },
            { code: 'school', label: 'School Building' },
            { code: 'virtual', label: 'Virtual Meeting' },
          ],
        });
      expect(created.status).toBe(201);
      const list = lookupList.parse(created.body);
      expect(list).toMatchObject({ name: 'meeting-locations', isBuiltIn: false, isActive: true, itemCount: 3 });
      expect(list.items?.map((i) => i.sortOrder)).toEqual([10, 20, 30]);
      const [office, school, virtual] = list.items!;

      const dupName = await request(api.url).post('/api/lists').set(as(admin)).send({ name: 'meeting-locations', displayName: 'Again' });
      expect(dupName.status).toBe(409);
      expect(dupName.body.message).toBe(LIST_MESSAGES.nameTaken);
      const dupBody = await request(api.url)
        .post('/api/lists')
        .set(as(admin))
        .send({ name: 'twice', displayName: 'Twice', items: [{ code: 'a', label: 'A' }, { code: 'A', label: 'Also A' }] });
      expect(dupBody.status).toBe(409);

      // Items: added last unless placed, codes unique ignoring case.
      const added = await request(api.url).post(`/api/lists/${list.id}/items`).set(as(admin)).send({ code: 'phone', label: 'Telephone' });
      expect(added.status).toBe(201);
      const phone = lookupListItem.parse(added.body);
      expect(phone).toMatchObject({ code: 'phone', sortOrder: 40, isActive: true });
      const dupCode = await request(api.url).post(`/api/lists/${list.id}/items`).set(as(admin)).send({ code: 'SCHOOL', label: 'Another school' });
      expect(dupCode.status).toBe(409);
      expect(dupCode.body.message).toBe(LIST_MESSAGES.codeTaken);
      const renameClash = await request(api.url).put(`/api/lists/${list.id}/items/${phone.id}`).set(as(admin)).send({ code: 'Virtual' });
      expect(renameClash.status).toBe(409);
      const badItem = await request(api.url).put(`/api/lists/${list.id}/items/${phone.id}`).set(as(admin)).send({ sortOrder: 'first', label: '' });
      expect(badItem.status).toBe(400);
      expect(fieldsOf(badItem.body)).toEqual(expect.arrayContaining(['sortOrder', 'label']));

      // Reorder: the phone first; deactivate the school building.
      const moved = await request(api.url).put(`/api/lists/${list.id}/items/${phone.id}`).set(as(admin)).send({ sortOrder: 5, label: 'Phone Call' });
      expect(lookupListItem.parse(moved.body)).toMatchObject({ code: 'phone', label: 'Phone Call', sortOrder: 5 });
      await request(api.url).put(`/api/lists/${list.id}/items/${school!.id}`).set(as(admin)).send({ isActive: false }).expect(200);
      const form = lookupList.parse((await request(api.url).get('/api/lists/by-name/meeting-locations').set(as(district))).body);
      expect(form.items?.map((i) => i.code)).toEqual(['phone', 'district-office', 'virtual']);
      const readerView = lookupList.parse((await request(api.url).get(`/api/lists/${list.id}`).set(as(district))).body);
      expect(readerView.itemCount).toBe(3);
      const managerView = lookupList.parse((await request(api.url).get(`/api/lists/${list.id}`).set(as(admin))).body);
      expect(managerView.items?.map((i) => [i.code, i.isActive])).toEqual([
        ['phone', true],
        ['district-office', true],
        ['school', false],
        ['virtual', true],
      ]);

      // Editing the list: fields left out stay; an inactive list is hidden from readers and forms.
      const edited = await request(api.url).put(`/api/lists/${list.id}`).set(as(admin)).send({ displayName: 'Meeting Places', isActive: false });
      expect(lookupList.parse(edited.body)).toMatchObject({ name: 'meeting-locations', displayName: 'Meeting Places', description: 'Where a facilitated meeting takes place.', isActive: false });
      expect((await request(api.url).get(`/api/lists/${list.id}`).set(as(district))).status).toBe(404);
      expect((await request(api.url).get('/api/lists/by-name/meeting-locations').set(as(district))).status).toBe(404);
      const readerLists = z.array(lookupList).parse((await request(api.url).get('/api/lists').set(as(district))).body);
      expect(readerLists.map((l) => l.id)).not.toContain(list.id);
      const managerLists = z.array(lookupList).parse((await request(api.url).get('/api/lists').set(as(admin))).body);
      expect(managerLists.find((l) => l.id === list.id)).toMatchObject({ isActive: false, itemCount: 4 });
      const renamed = await request(api.url).put(`/api/lists/${list.id}`).set(as(admin)).send({ name: 'meeting-places', isActive: true });
      expect(renamed.status).toBe(200);
      expect((await request(api.url).get('/api/lists/by-name/meeting-places').set(as(district))).status).toBe(200);
      const seededList = managerLists.find((l) => l.name === 'dr-request-types')!;
      expect((await request(api.url).put(`/api/lists/${list.id}`).set(as(admin)).send({ name: 'dr-request-types' })).status).toBe(409);

      // Built-in lists: edited and deactivated, never renamed or deleted.
      const builtInRename = await request(api.url).put(`/api/lists/${seededList.id}`).set(as(admin)).send({ name: 'request-types' });
      expect(builtInRename.status).toBe(409);
      expect(builtInRename.body.message).toBe(LIST_MESSAGES.builtInRename);
      expect((await request(api.url).put(`/api/lists/${seededList.id}`).set(as(admin)).send({ description: 'Kinds of request.' })).status).toBe(200);
      const builtInDelete = await request(api.url).delete(`/api/lists/${seededList.id}`).set(as(admin));
      expect(builtInDelete.status).toBe(409);
      expect(builtInDelete.body.message).toBe(LIST_MESSAGES.builtInDelete);

      // Items belong to their list; deleting removes them.
      const foreignItem = lookupList.parse((await request(api.url).get(`/api/lists/${seededList.id}`).set(as(admin))).body).items![0]!;
      expect((await request(api.url).put(`/api/lists/${list.id}/items/${foreignItem.id}`).set(as(admin)).send({ label: 'X' })).status).toBe(404);
      expect((await request(api.url).delete(`/api/lists/${list.id}/items/${foreignItem.id}`).set(as(admin))).status).toBe(404);
      expect((await request(api.url).delete(`/api/lists/${list.id}/items/${office!.id}`).set(as(admin))).status).toBe(204);
      expect((await request(api.url).delete(`/api/lists/${list.id}/items/${office!.id}`).set(as(admin))).status).toBe(404);
      expect((await request(api.url).delete(`/api/lists/${list.id}/items/abc`).set(as(admin))).status).toBe(400);
      expect((await request(api.url).post('/api/lists/999999/items').set(as(admin)).send({ code: 'a', label: 'A' })).status).toBe(404);
      expect(virtual).toBeDefined();
      expect((await request(api.url).delete(`/api/lists/${list.id}`).set(as(admin))).status).toBe(204);
      expect((await request(api.url).get(`/api/lists/${list.id}`).set(as(admin))).status).toBe(404);
      const orphans = await api.ctx.db.query('SELECT 1 FROM lookup_list_items WHERE list_id = $1', [list.id]);
      expect(orphans.rows).toHaveLength(0);
    });
  });

  // ---- notification event types ---------------------------------------------------------------
  describe('notification event types', () => {
    const base = {
      name: 'Facilitated Meeting Scheduled',
      description: 'A facilitated IEP meeting was scheduled in one of your districts.',
      module: 'App',
      supportedFrequency: [2, 1, 2],
      isSupportsEmail: true,
      isSupportsInApp: true,
      hasLea: true,
    };

    it('needs App.notification.manage', async () => {
      expect((await request(api.url).get('/api/event-notification/types')).status).toBe(401);
      for (const token of [district, stateUser]) {
        expect((await request(api.url).get('/api/event-notification/types').set(as(token))).status).toBe(403);
        expect((await request(api.url).post('/api/event-notification/types').set(as(token)).send(base)).status).toBe(403);
        expect((await request(api.url).delete('/api/event-notification/types/1').set(as(token))).status).toBe(403);
      }
      const manager = await tokenWith(api, demo.vendor, [P.notificationManage]);
      const res = await request(api.url).get('/api/event-notification/types').set(as(manager));
      expect(res.status).toBe(200);
      const types = z.array(eventNotificationType).parse(res.body);
      expect(types.find((t) => t.name === 'CAP Deadline Warning')).toMatchObject({ module: 'RestraintAversiveIntervention', isRequired: true, isBuiltIn: true });
      expect(types.find((t) => t.name === 'Early Childhood Scores Submitted')?.subscriberCount).toBeGreaterThanOrEqual(1);
      const one = await request(api.url).get(`/api/event-notification/types/${types[0]!.id}`).set(as(manager));
      expect(eventNotificationType.parse(one.body)).toEqual(types[0]);
      expect((await request(api.url).get('/api/event-notification/types/999999').set(as(manager))).status).toBe(404);
      expect((await request(api.url).get('/api/event-notification/types/x').set(as(manager))).status).toBe(400);
    });

    it('refuses bad event types with field errors and duplicate names with 409', async () => {
      const bad: [object, string, string?][] = [
        [{ ...base, isSupportsEmail: false, isSupportsInApp: false }, 'isSupportsInApp', EVENT_TYPE_MESSAGES.noChannel],
        [{ ...base, supportedFrequency: [] }, 'supportedFrequency', EVENT_TYPE_MESSAGES.frequency],
        [{ ...base, supportedFrequency: [0] }, 'supportedFrequency.0', EVENT_TYPE_MESSAGES.frequency],
        [{ ...base, supportedFrequency: [5] }, 'supportedFrequency.0', EVENT_TYPE_MESSAGES.frequency],
        [{ ...base, supportedFrequency: 'daily' }, 'supportedFrequency'],
        [{ ...base, module: 'Payroll' }, 'module'],
        [{ ...base, name: ' ' }, 'name'],
        [{ ...base, isRequired: 'no' }, 'isRequired'],
        [{ ...base, isSupportsEmail: undefined }, 'isSupportsEmail'],
      ];
      for (const [input, field, message] of bad) {
        const res = await request(api.url).post('/api/event-notification/types').set(as(admin)).send(input);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(fieldsOf(res.body)).toContain(field);
        if (message) expect(res.body.errors).toContainEqual({ field, message });
      }
      const dup = await request(api.url).post('/api/event-notification/types').set(as(admin)).send({ ...base, name: 'account changes' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(EVENT_TYPE_MESSAGES.nameTaken);
    });

    it('creates a type users can subscribe to, brings subscriptions within edits, and deletes it only when nobody is subscribed', async () => {
      const created = await request(api.url).post('/api/event-notification/types').set(as(admin)).send(base);
      expect(created.status).toBe(201);
      const type = eventNotificationType.parse(created.body);
      expect(type).toMatchObject({ supportedFrequency: [1, 2], isRequired: false, hasSpecificDate: false, isBuiltIn: false, subscriberCount: 0 });

      // A district user subscribes daily, by email and in the portal, for their district.
      const saved = await request(api.url)
        .post('/api/event-notification/subscriptions')
        .set(as(district))
        .send({ eventNotificationTypeId: type.id, eventNotificationSubscriptionId: null, isSubscribed: true, isEmail: true, isInApp: false, frequency: 2, subscribedLeaIds: [districtLea] });
      expect(saved.status).toBe(200);
      const subscriptionId = subscription.parse(saved.body).eventNotificationSubscriptionId;

      // Daily, email and per-LEA sending are withdrawn: the subscription follows.
      const edited = await request(api.url)
        .put(`/api/event-notification/types/${type.id}`)
        .set(as(admin))
        .send({ supportedFrequency: [1], isSupportsEmail: false, hasLea: false, description: 'Scheduled meetings.' });
      expect(edited.status).toBe(200);
      expect(eventNotificationType.parse(edited.body)).toMatchObject({ name: base.name, supportedFrequency: [1], isSupportsEmail: false, isSupportsInApp: true, hasLea: false, subscriberCount: 1 });
      const mine = z.array(subscription).parse((await request(api.url).get('/api/event-notification/subscriptions/user').set(as(district))).body);
      expect(mine.find((s) => s.eventNotificationTypeId === type.id)).toMatchObject({
        eventNotificationSubscriptionId: subscriptionId,
        frequency: 1,
        isEmail: false,
        isInApp: true,
        subscribedLeaIds: [],
        isSupportsEmail: false,
      });
      const noChannel = await request(api.url).put(`/api/event-notification/types/${type.id}`).set(as(admin)).send({ isSupportsInApp: false });
      expect(noChannel.status).toBe(400);
      expect(fieldsOf(noChannel.body)).toContain('isSupportsInApp');
      expect((await request(api.url).put(`/api/event-notification/types/${type.id}`).set(as(admin)).send({ name: 'System Announcements' })).status).toBe(409);
      expect((await request(api.url).put('/api/event-notification/types/999999').set(as(admin)).send({ name: 'Nobody' })).status).toBe(404);

      const refused = await request(api.url).delete(`/api/event-notification/types/${type.id}`).set(as(admin));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(EVENT_TYPE_MESSAGES.inUse);
      await request(api.url).delete(`/api/event-notification/subscriptions/unsubscribe/${subscriptionId}`).set(as(district)).expect(204);
      expect((await request(api.url).delete(`/api/event-notification/types/${type.id}`).set(as(admin))).status).toBe(204);
      expect((await request(api.url).get(`/api/event-notification/types/${type.id}`).set(as(admin))).status).toBe(404);
      expect((await request(api.url).delete(`/api/event-notification/types/${type.id}`).set(as(admin))).status).toBe(404);
    });

    it('keeps built-in event types named and in place', async () => {
      const types = z.array(eventNotificationType).parse((await request(api.url).get('/api/event-notification/types').set(as(admin))).body);
      const unused = types.find((t) => t.isBuiltIn && t.subscriberCount === 0)!;
      const rename = await request(api.url).put(`/api/event-notification/types/${unused.id}`).set(as(admin)).send({ name: 'Something Else' });
      expect(rename.status).toBe(409);
      expect(rename.body.message).toBe(EVENT_TYPE_MESSAGES.builtInRename);
      const remove = await request(api.url).delete(`/api/event-notification/types/${unused.id}`).set(as(admin));
      expect(remove.status).toBe(409);
      expect(remove.body.message).toBe(EVENT_TYPE_MESSAGES.builtInDelete);
      // Other settings of a built-in type are the admins' to change.
      const described = await request(api.url).put(`/api/event-notification/types/${unused.id}`).set(as(admin)).send({ description: 'Reworded.' });
      expect(eventNotificationType.parse(described.body).description).toBe('Reworded.');
    });
  });

  // ---- school years ---------------------------------------------------------------------------
  describe('school years', () => {
    const current = schoolYearForDate(new Date());
    const next = `${Number(current.slice(0, 4)) + 1}-${Number(current.slice(0, 4)) + 2}`;

    it('lists every year with its LEA count for LEA managers only', async () => {
      expect((await request(api.url).get('/api/school-years')).status).toBe(401);
      expect((await request(api.url).get('/api/school-years').set(as(district))).status).toBe(403);
      const years = z.array(adminSchoolYear).parse((await request(api.url).get('/api/school-years').set(as(admin))).body);
      expect(years.map((y) => y.key)).toEqual([current, priorSchoolYear(current)]);
      expect(years[0]).toMatchObject({ isCurrent: true, label: current });
      expect(years[0]!.leaCount).toBeGreaterThanOrEqual(10);
      expect((await request(api.url).post('/api/school-years').set(as(district)).send({ key: next })).status).toBe(403);
      expect((await request(api.url).put('/api/school-years/current').set(as(district)).send({ key: current })).status).toBe(403);
    });

    it('adds a year, refusing bad and duplicate keys', async () => {
      for (const key of ['2023-2025', '2023', 'soon', '', 2023]) {
        const res = await request(api.url).post('/api/school-years').set(as(admin)).send({ key });
        expect(res.status, String(key)).toBe(400);
        expect(fieldsOf(res.body)).toEqual(['key']);
      }
      expect((await request(api.url).post('/api/school-years').set(as(admin)).send({ key: next, label: 'x'.repeat(51) })).status).toBe(400);
      const created = await request(api.url).post('/api/school-years').set(as(admin)).send({ key: next, label: '' });
      expect(created.status).toBe(201);
      expect(adminSchoolYear.parse(created.body)).toEqual({ key: next, label: next, isCurrent: false, leaCount: 0 });
      const dup = await request(api.url).post('/api/school-years').set(as(admin)).send({ key: next });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(SCHOOL_YEAR_MESSAGES.exists);
    });

    it('marks the current year, which the portal then gets and a restart keeps', async () => {
      const unknown = await request(api.url).put('/api/school-years/current').set(as(admin)).send({ key: '1999-2000' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'key', message: SCHOOL_YEAR_MESSAGES.unknown }]);
      expect((await request(api.url).put('/api/school-years/current').set(as(admin)).send({ key: 'next' })).status).toBe(400);
      try {
        const res = await request(api.url).put('/api/school-years/current').set(as(admin)).send({ key: next });
        expect(res.status).toBe(200);
        expect(adminSchoolYear.parse(res.body)).toMatchObject({ key: next, isCurrent: true });
        expect(schoolYear.parse((await request(api.url).get('/api/leas/current-year')).body).key).toBe(next);
        await seed(api.ctx);
        const years = z.array(adminSchoolYear).parse((await request(api.url).get('/api/school-years').set(as(admin))).body);
        expect(years.filter((y) => y.isCurrent).map((y) => y.key)).toEqual([next]);
      } finally {
        await request(api.url).put('/api/school-years/current').set(as(admin)).send({ key: current }).expect(200);
      }
      expect(schoolYear.parse((await request(api.url).get('/api/leas/current-year')).body).key).toBe(current);
    });
  });

  // ---- LEA contacts, years and members --------------------------------------------------------
  describe('LEA parts', () => {
    it('adds, changes and removes contacts of a visible LEA', async () => {
      const contact = { name: 'Jordan Pike', email: 'jordan.pike@riverbend.k12.example', phone: '402-555-0177', title: 'Transition Specialist' };
      expect((await request(api.url).post(`/api/leas/${otherLea}/contacts`).send(contact)).status).toBe(401);
      expect((await request(api.url).post(`/api/leas/${otherLea}/contacts`).set(as(district)).send(contact)).status).toBe(403);
      // LEA managers limited to their own LEAs: another district is not found.
      const ownLeaManager = await tokenWith(api, demo.district, [P.leasManage]);
      expect((await request(api.url).post(`/api/leas/${otherLea}/contacts`).set(as(ownLeaManager)).send(contact)).status).toBe(404);
      expect((await request(api.url).post('/api/leas/999999/contacts').set(as(admin)).send(contact)).status).toBe(404);
      for (const [input, field] of [
        [{ ...contact, email: 'not-an-email' }, 'email'],
        [{ ...contact, name: '' }, 'name'],
        [{ ...contact, phone: 'x'.repeat(51) }, 'phone'],
      ] as const) {
        const res = await request(api.url).post(`/api/leas/${otherLea}/contacts`).set(as(admin)).send(input);
        expect(res.status).toBe(400);
        expect(fieldsOf(res.body)).toContain(field);
      }

      const created = await request(api.url).post(`/api/leas/${otherLea}/contacts`).set(as(admin)).send(contact);
      expect(created.status).toBe(201);
      const made = leaContact.parse(created.body);
      expect(made).toMatchObject(contact);
      const changed = await request(api.url).put(`/api/leas/${otherLea}/contacts/${made.id}`).set(as(admin)).send({ title: 'Transition Coordinator' });
      expect(leaContact.parse(changed.body)).toEqual({ ...made, title: 'Transition Coordinator' });
      // A contact is reached only through its own LEA.
      expect((await request(api.url).put(`/api/leas/${districtLea}/contacts/${made.id}`).set(as(admin)).send({ title: 'X' })).status).toBe(404);
      expect((await request(api.url).delete(`/api/leas/${districtLea}/contacts/${made.id}`).set(as(admin))).status).toBe(404);
      const lea = leaSchema.parse((await request(api.url).get(`/api/leas/${otherLea}`).set(as(admin))).body);
      expect(lea.leaContacts?.find((c) => c.id === made.id)?.title).toBe('Transition Coordinator');

      expect((await request(api.url).delete(`/api/leas/${otherLea}/contacts/${made.id}`).set(as(district))).status).toBe(403);
      expect((await request(api.url).delete(`/api/leas/${otherLea}/contacts/${made.id}`).set(as(admin))).status).toBe(204);
      expect((await request(api.url).delete(`/api/leas/${otherLea}/contacts/${made.id}`).set(as(admin))).status).toBe(404);
      expect((await request(api.url).delete(`/api/leas/${otherLea}/contacts/abc`).set(as(admin))).status).toBe(400);
    });

    it('sets the school years of an LEA from existing years only', async () => {
      const current = schoolYearForDate(new Date());
      const prior = priorSchoolYear(current);
      expect((await request(api.url).put(`/api/leas/${otherLea}/years`).set(as(district)).send({ years: [current] })).status).toBe(403);
      const unknown = await request(api.url).put(`/api/leas/${otherLea}/years`).set(as(admin)).send({ years: [current, '1999-2000', 'soon'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([
        { field: 'years.1', message: LEA_MESSAGES.unknownYear },
        { field: 'years.2', message: LEA_MESSAGES.unknownYear },
      ]);
      expect((await request(api.url).put(`/api/leas/${otherLea}/years`).set(as(admin)).send({ years: 'all' })).status).toBe(400);
      const only = await request(api.url).put(`/api/leas/${otherLea}/years`).set(as(admin)).send({ years: [current, current] });
      expect(only.status).toBe(200);
      expect(leaSchema.parse(only.body).leaYears).toEqual([{ name: current }]);
      // The portal's year list for that LEA follows.
      const portalYears = await request(api.url).get('/api/leas/schoolyear').set(as(admin)).set('CurrentLeaId', String(otherLea));
      expect(z.array(schoolYear).parse(portalYears.body).map((y) => y.key)).toEqual([current]);
      const both = await request(api.url).put(`/api/leas/${otherLea}/years`).set(as(admin)).send({ years: [prior, current] });
      expect(leaSchema.parse(both.body).leaYears).toEqual([{ name: current }, { name: prior }]);
    });

    it('sets who belongs to an LEA, moving primary LEAs along', async () => {
      const lea = leaSchema.parse(
        (await request(api.url).post('/api/leas').set(as(admin)).send({ name: 'Willow Springs Public Schools', leaCode: '41-0150-000' })).body,
      );
      const loner = await createUser(api, admin, { leaIds: [] });
      const member = await createUser(api, admin, { leaIds: [otherLea] });
      const path = `/api/leas/${lea.id}/users`;
      expect((await request(api.url).put(path).send({ userIds: [] })).status).toBe(401);
      expect((await request(api.url).put(path).set(as(district)).send({ userIds: [loner.id] })).status).toBe(403);

      const set = await request(api.url).put(path).set(as(admin)).send({ userIds: [loner.id, member.id] });
      expect(set.status).toBe(200);
      expect(z.array(userSchema).parse(set.body).map((u) => u.id).sort()).toEqual([loner.id, member.id].sort());
      const lonerNow = userSchema.parse((await request(api.url).get(`/api/account/users/${loner.id}`).set(as(admin))).body);
      expect(lonerNow).toMatchObject({ leaId: lea.id, leaData: [expect.objectContaining({ id: lea.id })] });
      const memberNow = userSchema.parse((await request(api.url).get(`/api/account/users/${member.id}`).set(as(admin))).body);
      expect(memberNow.leaId).toBe(otherLea);
      expect(memberNow.leaData.map((l) => l.id).sort()).toEqual([otherLea, lea.id].sort());

      const removed = await request(api.url).put(path).set(as(admin)).send({ userIds: [member.id] });
      expect(z.array(userSchema).parse(removed.body).map((u) => u.id)).toEqual([member.id]);
      const lonerAfter = userSchema.parse((await request(api.url).get(`/api/account/users/${loner.id}`).set(as(admin))).body);
      expect(lonerAfter).toMatchObject({ leaId: null, leaData: [] });

      const unknown = await request(api.url).put(path).set(as(admin)).send({ userIds: [member.id, '00000000-0000-4000-8000-000000000000'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'userIds.1', message: MEMBER_MESSAGES.unknownUser }]);
      expect((await request(api.url).put(path).set(as(admin)).send({ userIds: ['nope'] })).status).toBe(400);
      expect((await request(api.url).put(path).set(as(admin)).send({})).status).toBe(400);
      expect((await request(api.url).put('/api/leas/999999/users').set(as(admin)).send({ userIds: [] })).status).toBe(404);

      // Members keep an LEA from deletion; a deleted account does not.
      expect((await request(api.url).delete(`/api/leas/${lea.id}`).set(as(admin))).status).toBe(409);
      await request(api.url).delete(`/api/account/users/${member.id}`).set(as(admin)).expect(204);
      expect((await request(api.url).delete(`/api/leas/${lea.id}`).set(as(admin))).status).toBe(204);
    });

    it('holds a district administrator to their own LEAs and to accounts no stronger than theirs', async () => {
      const localAdmin = await createUser(api, admin, { roles: ['Local Admin'], leaIds: [districtLea], email: uniqueEmail('local-admin') });
      const token = await accessToken(api, localAdmin.email, STRONG_PASSWORD);
      const colleague = await createUser(api, admin, { roles: ['Local User'], leaIds: [districtLea, otherLea] });
      const stateStaff = await createUser(api, admin, { roles: ['State User'], leaIds: [districtLea] });
      const outsider = await createUser(api, admin, { roles: ['Local User'], leaIds: [otherLea] });
      const members = async () =>
        z.array(userSchema).parse((await request(api.url).get(`/api/leas/${districtLea}/users`).set(as(admin))).body).map((u) => u.id);
      const before = await members();
      expect(before).toEqual(expect.arrayContaining([localAdmin.id, colleague.id, stateStaff.id]));

      // Another district is not theirs to see.
      expect((await request(api.url).put(`/api/leas/${otherLea}/users`).set(as(token)).send({ userIds: [outsider.id] })).status).toBe(404);
      // A user outside their jurisdiction is "not known" to them.
      const invisible = await request(api.url).put(`/api/leas/${districtLea}/users`).set(as(token)).send({ userIds: [...before, outsider.id] });
      expect(invisible.status).toBe(400);
      expect(invisible.body.errors).toEqual([{ field: `userIds.${before.length}`, message: MEMBER_MESSAGES.unknownUser }]);
      // A state user holds permissions a local admin lacks.
      const stronger = await request(api.url).put(`/api/leas/${districtLea}/users`).set(as(token)).send({ userIds: before.filter((id) => id !== stateStaff.id) });
      expect(stronger.status).toBe(403);
      expect(stronger.body.message).toBe(MANAGE_MESSAGES.strongerAccount);
      expect(await members()).toEqual(before);

      const ok = await request(api.url).put(`/api/leas/${districtLea}/users`).set(as(token)).send({ userIds: before.filter((id) => id !== colleague.id) });
      expect(ok.status).toBe(200);
      const colleagueNow = userSchema.parse((await request(api.url).get(`/api/account/users/${colleague.id}`).set(as(admin))).body);
      expect(colleagueNow.leaData.map((l) => l.id)).toEqual([otherLea]);
      expect(colleagueNow.leaId).toBe(otherLea);
    });

    it('needs App.users.manage to change members through PUT /api/leas, but not to send them back unchanged', async () => {
      const leaOnly = await tokenWith(api, demo.stateUser, [P.leasManage, P.allLeas]);
      const current = leaSchema.parse((await request(api.url).get(`/api/leas/${otherLea}`).set(as(admin))).body);
      const userLeas = current.userLeas!.map((u) => ({ userId: u.userId }));
      const unchanged = await request(api.url).put('/api/leas').set(as(leaOnly)).send({ id: otherLea, city: 'Omaha', userLeas });
      expect(unchanged.status).toBe(200);
      const probe = await createUser(api, admin, { leaIds: [] });
      const changed = await request(api.url).put('/api/leas').set(as(leaOnly)).send({ id: otherLea, userLeas: [...userLeas, { userId: probe.id }] });
      expect(changed.status).toBe(403);
      expect(changed.body.message).toBe(MEMBER_MESSAGES.needsUsersManage);
      const after = leaSchema.parse((await request(api.url).get(`/api/leas/${otherLea}`).set(as(admin))).body);
      expect(after.userLeas?.map((u) => u.userId)).not.toContain(probe.id);
    });
  });

  it('describes every admin endpoint in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/api/people', 'get'],
      ['/api/emails/test', 'post'],
      ['/api/account/users/{id}/revoke-sessions', 'post'],
      ['/api/event-notification/message/queue-all', 'post'],
      ['/api/lists', 'get'],
      ['/api/lists', 'post'],
      ['/api/lists/by-name/{name}', 'get'],
      ['/api/lists/{id}', 'get'],
      ['/api/lists/{id}', 'put'],
      ['/api/lists/{id}', 'delete'],
      ['/api/lists/{id}/items', 'post'],
      ['/api/lists/{id}/items/{itemId}', 'put'],
      ['/api/lists/{id}/items/{itemId}', 'delete'],
      ['/api/event-notification/types', 'get'],
      ['/api/event-notification/types', 'post'],
      ['/api/event-notification/types/{id}', 'get'],
      ['/api/event-notification/types/{id}', 'put'],
      ['/api/event-notification/types/{id}', 'delete'],
      ['/api/school-years', 'get'],
      ['/api/school-years', 'post'],
      ['/api/school-years/current', 'put'],
      ['/api/leas/{id}/contacts', 'post'],
      ['/api/leas/{id}/contacts/{contactId}', 'put'],
      ['/api/leas/{id}/contacts/{contactId}', 'delete'],
      ['/api/leas/{id}/years', 'put'],
      ['/api/leas/{id}/users', 'put'],
      ['/api/leas/{id}/users', 'get'],
      ['/api/account/users/{id}/roles', 'put'],
      ['/api/audit', 'get'],
      ['/api/monitoring/visit', 'get'],
      ['/api/monitoring/visit', 'put'],
    ];
    for (const [p, method] of expected) expect(paths[p]?.[method], `${method} ${p}`).toBeDefined();
  });
});
