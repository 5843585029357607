// The dispute resolution notices of §11 on PGlite and PostgreSQL: each event goes out from its stored
// email template (an edited subject is the one sent), to the recipients §11 names (the filer, the
// respondent LEA's subscribed district users, the neutral, the deciders, the case manager, state
// staff subscribers), with a system message opening the case; an event sent twice sends once, a
// reopened case closed again is announced again, and no email names the student beyond initials.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDeadlineReminders } from '../../api/dr/jobs.js';
import { notifyCase } from '../../api/dr/notify.js';
import { addDays, agencyToday } from '../../lib/day.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, leaIdByCode, mailsTo, makeUserWith } from './api-auth-helpers.js';

const BASE = '/api/disputeresolution';
const STUDENT = { firstName: 'Quentin', lastName: 'Zebulonsky', dateOfBirth: '', residenceAddress: '77 Hidden Lane' };

describe.each(testDbs)('dispute resolution notices on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let publicUser: string;
  let districtLea: number;
  let otherLea: number;
  let caseId: string;
  let caseNumber: string;
  let filerId: string;
  const filerEmail = demo.drPublic;
  const people: Record<'leaParty' | 'otherLeaUser' | 'publicWatcher' | 'stateWatcher' | 'stateDecider', { id: string; email: string }> = {} as never;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (token: string, path: string) => request(api.url).get(`${BASE}${path}`).set(as(token));
  const send = (method: 'post' | 'put', token: string, path: string, body: object = {}) => request(api.url)[method](`${BASE}${path}`).set(as(token)).send(body);
  const today = agencyToday();

  const makeUser = (tag: string, permissions: string[], leaId: number | null) => makeUserWith(api, tag, permissions, leaId);

  async function subscribe(userId: string, types: string[], leaIds: number[]) {
    for (const type of types) {
      await api.ctx.db.query(
        `INSERT INTO event_notification_subscriptions (user_id, event_notification_type_id, is_subscribed, is_email, is_in_app, frequency, subscribed_lea_ids)
         SELECT $1, id, true, true, true, 1, $3::integer[] FROM event_notification_types WHERE name = $2`,
        [userId, type, leaIds],
      );
    }
  }

  const messagesOf = async (userId: string) =>
    (await api.ctx.db.query<{ message: string; open_url: string | null }>('SELECT message, open_url FROM notification_messages WHERE user_id = $1 ORDER BY id', [userId])).rows;
  const mailsAbout = async (to: string) => (await mailsTo(api, to)).filter((m) => m.subject.includes(caseNumber) || m.text.includes(caseNumber));
  const storedSubject = async (code: string) => ((await get(state, `/email-templates/${code}`)).body as { subject: string }).subject;
  const filled = (subject: string, fields: Record<string, string>) => subject.replace(/\{\{(\w+)\}\}/g, (_, k: string) => fields[k] ?? '');
  const caseLink = () => `/dispute-resolution/cases/${caseId}`;
  /** Every email about the case: none names the student beyond initials, nor their birth date or address. */
  async function expectNoStudentPii() {
    const all = [filerEmail, people.leaParty.email, demo.stateUser];
    expect((await Promise.all(all.map(mailsAbout))).flat().length).toBeGreaterThan(8);
    for (const to of all) {
      for (const m of await mailsAbout(to)) {
        for (const leak of [STUDENT.firstName, STUDENT.lastName, STUDENT.residenceAddress, STUDENT.dateOfBirth]) {
          expect(`${m.subject}\n${m.text}\n${m.html}`).not.toContain(leak);
        }
      }
    }
  }

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, publicUser] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.drPublic)]);
    districtLea = await leaIdByCode(api, '55-0101-000');
    otherLea = await leaIdByCode(api, '28-0102-000');
    filerId = (await api.ctx.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [filerEmail])).rows[0]!.id;
    const drUser = ['DisputeResolution.access', 'DisputeResolution.disputerequests.view'];
    people.leaParty = await makeUser('lea-party', [...drUser, 'DisputeResolution.roles.leauser'], districtLea);
    people.otherLeaUser = await makeUser('other-lea', [...drUser, 'DisputeResolution.roles.leauser'], otherLea);
    people.publicWatcher = await makeUser('public-watcher', [...drUser, 'DisputeResolution.roles.publicuser'], null);
    people.stateWatcher = await makeUser('state-watcher', [...drUser, 'DisputeResolution.stateuser'], null);
    people.stateDecider = await makeUser('state-decider', [...drUser, 'DisputeResolution.stateuser', 'DisputeResolution.viewwithdrawalrequests'], null);
    const partyTypes = ['Dispute Request Submitted', 'DR Case Accepted', 'DR Neutral Assigned', 'DR Case Closed'];
    await subscribe(people.leaParty.id, partyTypes, [districtLea]);
    await subscribe(people.otherLeaUser.id, partyTypes, [otherLea]);
    // A member of the public who subscribed to a district hears nothing of others' cases.
    await subscribe(people.publicWatcher.id, partyTypes, [districtLea]);
    // A state user subscribed to the parties' types is no party; the missed deadline type is theirs.
    await subscribe(people.stateWatcher.id, [...partyTypes, 'DR Deadline Missed'], [districtLea]);
    STUDENT.dateOfBirth = addDays(today, -10 * 365);
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  it('sends DR Request Submitted from the stored templates: the edited one to the filer, the district one to the LEA’s subscribers', async () => {
    const edited = await send('put', state, '/email-templates/DR_REQUEST_SUBMITTED', {
      subject: 'Edited: we have your request {{caseNumber}}',
      bodyHtml: '<p>Hello {{recipientName}}, request {{caseNumber}} for student {{studentInitials}} is in.</p><p><a href="{{caseLink}}">Open</a></p>',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const id = (await send('post', publicUser, '/cases')).body.id as string;
    const student = { firstName: STUDENT.firstName, lastName: STUDENT.lastName, dateOfBirth: STUDENT.dateOfBirth, isHomeless: false, residenceAddress: STUDENT.residenceAddress, schoolId: 'other', schoolNameOther: 'Other School', grade: '05' };
    for (const step of [
      { step: 1, requesterType: 1 },
      { step: 2, option: 'DP' },
      { step: 3, leaId: districtLea, data: { student } },
      { step: 4, data: { issues: ['EVAL'], problemDescription: 'No evaluation.', proposedResolution: 'Evaluate.', knewDate: addDays(today, -30) } },
      { step: 5, data: { dpAnswers: { q1Expedited: false, q2RequestMediation: false, q3HasAttorney: false } } },
    ]) {
      const res = await send('put', publicUser, `/cases/${id}/draft`, step);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const submitted = await send('post', publicUser, `/cases/${id}/submit`, { typedName: 'Casey Public Parent', agreed: true });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    caseId = id;
    caseNumber = submitted.body.caseNumber as string;

    const [toFiler, ...more] = await mailsAbout(filerEmail);
    expect(more).toEqual([]);
    expect(toFiler?.subject).toBe(`Edited: we have your request ${caseNumber}`);
    expect(toFiler?.text).toContain('Hello Casey Public Parent,');
    expect(toFiler?.text).toContain('student Q.Z.');
    expect(toFiler?.html).toContain(`${api.ctx.config.portalPublicUrl}${caseLink()}`);
    expect(await messagesOf(filerId)).toContainEqual({ message: toFiler?.subject, open_url: caseLink() });

    const leaName = (await api.ctx.db.query<{ name: string }>('SELECT name FROM leas WHERE id = $1', [districtLea])).rows[0]!.name;
    const [toLea] = await mailsAbout(people.leaParty.email);
    expect(toLea?.subject).toBe(filled(await storedSubject('DR_REQUEST_RECEIVED_LEA'), { caseNumber, leaName }));
    expect(toLea?.text).toContain('from Casey Public Parent');
    expect(await messagesOf(people.leaParty.id)).toEqual([{ message: toLea?.subject, open_url: caseLink() }]);
    // Another district's user, or a member of the public subscribed to the district, hears nothing of it.
    for (const u of [people.otherLeaUser, people.publicWatcher]) {
      expect(await mailsAbout(u.email)).toEqual([]);
      expect(await messagesOf(u.id)).toEqual([]);
    }
    // Sent again (a retried request): nothing more.
    expect(await notifyCase(api.ctx, api.ctx.db, { kind: 'submitted' }, caseId)).toEqual([]);
    expect(await mailsAbout(filerEmail)).toHaveLength(1);
  });

  it('sends DR Case Accepted to the parties only, once, with the edited subject', async () => {
    expect((await send('put', state, '/email-templates/DR_CASE_ACCEPTED', {
      subject: 'Accepted now: {{caseNumber}} ({{caseStatus}})',
      bodyHtml: '<p>Hello {{recipientName}}, case {{caseNumber}} is {{caseStatus}}.</p>',
    })).status).toBe(200);
    const ok = await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Active' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const subject = `Accepted now: ${caseNumber} (Active)`;
    for (const to of [filerEmail, people.leaParty.email]) expect((await mailsAbout(to)).map((m) => m.subject)).toContain(subject);
    expect((await mailsAbout(people.leaParty.email)).find((m) => m.subject === subject)?.text).toContain('Hello all,');
    expect(await messagesOf(filerId)).toContainEqual({ message: subject, open_url: caseLink() });
    expect(await messagesOf(people.leaParty.id)).toContainEqual({ message: subject, open_url: caseLink() });
    // State staff subscribed to the type are no party; another district's user is not either.
    expect((await messagesOf(people.stateWatcher.id)).map((m) => m.message)).not.toContain(subject);
    expect(await messagesOf(people.otherLeaUser.id)).toEqual([]);
    // The same event twice sends once.
    expect(await notifyCase(api.ctx, api.ctx.db, { kind: 'accepted' }, caseId)).toEqual([]);
    expect((await mailsAbout(filerEmail)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('sends DR Neutral Assigned to the proposed neutral, then to the parties once accepted', async () => {
    const proposed = await send('post', state, `/cases/${caseId}/assignments`, { neutralType: 3, method: 1 });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const assignment = (proposed.body as { id: number; userId: string; status: string }[]).find((a) => a.status === 'Proposed')!;
    const neutral = (await api.ctx.db.query<{ email: string; full_name: string }>('SELECT email, full_name FROM users WHERE id = $1', [assignment.userId])).rows[0]!;
    const subject = filled(await storedSubject('DR_NEUTRAL_ASSIGNED'), { caseNumber, neutralType: 'Hearing officer' });
    const toNeutral = await mailsAbout(neutral.email);
    expect(toNeutral.map((m) => m.subject)).toEqual([subject]);
    expect(toNeutral[0]?.text).toContain(`Hello ${neutral.full_name},`);
    // The proposal waits on the neutral's dashboard: the case opens only once accepted.
    expect(await messagesOf(assignment.userId)).toContainEqual({ message: subject, open_url: '/dispute-resolution/dashboard' });
    expect((await mailsAbout(filerEmail)).map((m) => m.subject)).not.toContain(subject);

    const officer = await accessToken(api, neutral.email);
    const accepted = await send('put', officer, `/assignments/${assignment.id}`, { status: 'Accepted', noConflictConfirmed: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const toFiler = (await mailsAbout(filerEmail)).filter((m) => m.subject === subject);
    expect(toFiler).toHaveLength(1);
    expect(toFiler[0]?.text).toContain(neutral.full_name);
    expect(await messagesOf(people.leaParty.id)).toContainEqual({ message: subject, open_url: caseLink() });
  });

  it('sends deadline reminders from the stored templates to the case manager and the neutral; a missed one also to state staff subscribers', async () => {
    const deadline = (await api.ctx.db.query<{ code: string; due: string }>(
      `SELECT code, to_char(COALESCE(extended_due_date, original_due_date), 'YYYY-MM-DD') AS due FROM dr_deadlines
        WHERE case_id = $1 AND state = 'Pending' AND COALESCE(extended_due_date, original_due_date) IS NOT NULL ORDER BY 2 LIMIT 1`,
      [caseId],
    )).rows[0]!;
    const manager = (await api.ctx.db.query<{ email: string }>('SELECT u.email FROM dr_cases c JOIN users u ON u.id = c.case_manager_user_id WHERE c.id = $1', [caseId])).rows[0]!.email;
    expect(manager).toBe(demo.stateUser);
    const officer = (await api.ctx.db.query<{ user_id: string; email: string }>(
      `SELECT a.user_id::text AS user_id, u.email FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 AND a.status = 'Accepted'`,
      [caseId],
    )).rows[0]!;
    expect((await send('put', state, '/email-templates/DR_DEADLINE_APPROACHING', {
      subject: 'Soon: {{caseNumber}} {{deadlineName}} on {{dueDate}} ({{daysLeft}} days)',
      bodyHtml: '<p>{{deadlineName}} of {{caseNumber}} is due {{dueDate}}.</p>',
    })).status).toBe(200);
    await sendDeadlineReminders(api.ctx, addDays(deadline.due, -7));
    const soon = (to: string) => mailsAbout(to).then((ms) => ms.filter((m) => m.subject.startsWith(`Soon: ${caseNumber} `)));
    const [first] = await soon(officer.email);
    expect(first?.subject).toMatch(/\(7 days\)$/);
    expect(await soon(manager)).toHaveLength(1);
    // Not a party's, not a subscriber's.
    expect(await soon(filerEmail)).toEqual([]);
    expect(await soon(people.stateWatcher.email)).toEqual([]);
    await sendDeadlineReminders(api.ctx, addDays(deadline.due, -7));
    expect(await soon(officer.email)).toHaveLength(1);

    await sendDeadlineReminders(api.ctx, addDays(deadline.due, 1));
    const missedSubject = (await storedSubject('DR_DEADLINE_MISSED')).replace('{{caseNumber}}', caseNumber).split('{{')[0]!;
    for (const to of [officer.email, manager, people.stateWatcher.email]) {
      expect((await mailsAbout(to)).some((m) => m.subject.startsWith(missedSubject)), to).toBe(true);
    }
    expect((await messagesOf(officer.user_id)).some((m) => m.open_url === `${caseLink()}?tab=timeline`)).toBe(true);
  });

  it('sends DR Withdrawal Requested to the deciders and DR Withdrawal Decided to the filer', async () => {
    const asked = await send('post', publicUser, `/cases/${caseId}/withdrawals`, { reason: 'We talked it over.' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requested = filled(await storedSubject('DR_WITHDRAWAL_REQUESTED'), { caseNumber });
    const officer = (await api.ctx.db.query<{ user_id: string }>(`SELECT a.user_id::text AS user_id FROM dr_assignments a WHERE a.case_id = $1 AND a.status = 'Accepted'`, [caseId])).rows[0]!.user_id;
    // The deciders: state staff who review withdrawals, and the case's hearing officer (DP).
    for (const u of [people.stateDecider.id, officer]) expect(await messagesOf(u), u).toContainEqual({ message: requested, open_url: caseLink() });
    expect((await mailsAbout(people.stateDecider.email)).map((m) => m.subject)).toContain(requested);
    // Not the filer, not a party, not state staff who do not decide.
    for (const u of [filerId, people.leaParty.id, people.stateWatcher.id]) expect((await messagesOf(u)).map((m) => m.message)).not.toContain(requested);

    const declined = await send('put', state, `/withdrawals/${asked.body.id}`, { status: 'Declined', note: 'The hearing goes ahead.' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const decided = filled(await storedSubject('DR_WITHDRAWAL_DECIDED'), { caseNumber, withdrawalDecision: 'declined' });
    expect(decided).toContain('declined');
    expect((await mailsAbout(filerEmail)).map((m) => m.subject)).toContain(decided);
    expect(await messagesOf(filerId)).toContainEqual({ message: decided, open_url: caseLink() });
    expect((await messagesOf(people.leaParty.id)).map((m) => m.message)).not.toContain(decided);
  });

  it('sends DR Case Closed to the parties on each close: a reopened case closed again is announced again', async () => {
    const closed = filled(await storedSubject('DR_CASE_CLOSED'), { caseNumber });
    const closedMails = async (to: string) => (await mailsAbout(to)).filter((m) => m.subject === closed);
    const close = await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Closed', outcome: 42 });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(await closedMails(filerEmail)).toHaveLength(1);
    expect(await closedMails(people.leaParty.email)).toHaveLength(1);
    expect(await closedMails(people.otherLeaUser.email)).toHaveLength(0);
    const reopened = await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Active', reason: 'Closed by mistake.' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(await closedMails(filerEmail)).toHaveLength(1);
    expect((await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Closed', outcome: 42 })).status).toBe(200);
    expect(await closedMails(filerEmail)).toHaveLength(2);
    expect((await messagesOf(people.leaParty.id)).filter((m) => m.message === closed)).toEqual([
      { message: closed, open_url: caseLink() },
      { message: closed, open_url: caseLink() },
    ]);
    // Every send is in the email log.
    const logged = await api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_log WHERE subject = $1', [closed]);
    expect(Number(logged.rows[0]!.n)).toBeGreaterThanOrEqual(4);
  });

  it('never names the student beyond initials in any email', async () => {
    await expectNoStudentPii();
    expect(await messagesOf(people.publicWatcher.id)).toEqual([]);
  });

  it('sends nothing from a template that is switched off', async () => {
    const t = (await get(state, '/email-templates/DR_CASE_CLOSED')).body as { subject: string; bodyHtml: string };
    expect((await send('put', state, '/email-templates/DR_CASE_CLOSED', { ...t, isActive: false })).status).toBe(200);
    expect((await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Active', reason: 'Once more.' })).status).toBe(200);
    expect((await send('post', state, `/cases/${caseId}/status`, { toStatus: 'Closed', outcome: 42 })).status).toBe(200);
    expect((await mailsAbout(filerEmail)).filter((m) => m.subject === filled(t.subject, { caseNumber }))).toHaveLength(2);
  });
});
