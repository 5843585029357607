// Dispute resolution e-signature (DR spec §3 SignRequest, §4.2, §4.11, §8, §11, §12, §14) on PGlite
// and PostgreSQL: sending a signing link (422, 403, the emailed link), the public document and
// signature (single use, expiry), a staff-intake state complaint submitted on signing with the
// signing date as its received date, the parent's choice of three (ranking -> proposed, decline ->
// next ranked, no answer -> the first offered by the daily job); then the sign-form page without
// JavaScript.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, agencyToday } from '../../lib/day.js';
import { signMessages, signText } from '../../lib/dr/sign-text.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, leaIdByCode } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, withPortal } from './dashboard-helpers.js';

const BASE = '/api/disputeresolution';

/** The token of the last signing link emailed to an address. */
async function linkTo(api: TestApi, email: string): Promise<string> {
  const mail = (await api.ctx.db.query<{ body_text: string }>(`SELECT body_text FROM notice_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email])).rows[0];
  const token = /\/sign-form\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  expect(token, `a signing link to ${email}`).toBeTruthy();
  return token as string;
}

/** A parent-filed due process case with no hearing officer, for the choice of three. */
async function dpWithoutHearingOfficer(api: TestApi, nth: number): Promise<string> {
  const id = (await api.ctx.db.query<{ id: string }>(
    `SELECT id FROM dr_cases WHERE dispute_type = 4 AND status = 2 AND COALESCE(requester_type, 1) <> 6 AND NOT is_deleted ORDER BY case_number OFFSET $1 LIMIT 1`,
    [nth],
  )).rows[0]!.id;
  await api.ctx.db.query(`DELETE FROM dr_assignments WHERE case_id = $1 AND neutral_type = 3`, [id]);
  await api.ctx.db.query(`UPDATE dr_cases SET data = jsonb_set(data, '{requester,preferredLanguage}', '"English"') WHERE id = $1 AND data ? 'requester'`, [id]);
  return id;
}

/** A complete state complaint draft of the state user, filed for Pat Paper Filer (staff intake). */
async function scDraftOf(api: TestApi, token: string, student: { firstName: string; lastName: string }): Promise<string> {
  const today = agencyToday();
  const send = (method: 'post' | 'put', path: string, body: object = {}) => request(api.url)[method](`${BASE}${path}`).set({ Authorization: `Bearer ${token}` }).send(body);
  const id = (await send('post', '/cases')).body.id as string;
  const leaId = await leaIdByCode(api, '55-0101-000');
  const full = { ...student, dateOfBirth: addDays(today, -9 * 365), isHomeless: false, residenceAddress: '2 Main St', schoolId: 'other', schoolNameOther: 'Other School', grade: '04' };
  for (const body of [
    { step: 1, requesterType: 1, data: { requester: { fullName: 'Pat Paper Filer', email: 'pat.filer@family.example' } } },
    { step: 2, option: 'SC' },
    { step: 3, leaId, data: { student: full } },
    { step: 4, data: { allegations: [{ requirement: 'IEP not implemented', facts: 'No services.', violationDate: addDays(today, -30) }], proposedResolution: 'Services.' } },
    { step: 6 },
  ]) expect((await send('put', `/cases/${id}/draft`, body)).status).toBe(200);
  return id;
}

describe.each(testDbs)('dispute resolution e-signature API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  let basic: [string, string];
  const today = agencyToday();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const send = (method: 'post' | 'put', token: string, path: string, body: unknown = {}) => request(api.url)[method](`${BASE}${path}`).set(as(token)).send(body as object);
  const pub = (token: string) => request(api.url).get(`${BASE}/public/sign/${token}`).auth(...basic);
  const sign = (token: string, body: object) => request(api.url).post(`${BASE}/public/sign/${token}`).auth(...basic).send(body);

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.district)]);
    const [user, ...rest] = api.ctx.config.drPublicBasic.split(':');
    basic = [user as string, rest.join(':')];
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  const scDraft = () => scDraftOf(api, state, { firstName: 'Remote', lastName: 'Signer' });

  it('refuses bad input with field messages, non-state users with 403, and a purpose that does not fit the case', async () => {
    const id = await scDraft();
    const bad = await send('post', state, `/cases/${id}/sign-requests`, { purpose: 9, recipientName: '', recipientEmail: 'nope' });
    expect(bad.status).toBe(422);
    const fields = (bad.body.errors as { field: string; message: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['purpose', 'recipientName', 'recipientEmail']));
    expect(bad.body.errors).toContainEqual({ field: 'recipientEmail', message: signMessages.recipientEmail });
    expect((await send('post', state, `/cases/${id}/sign-requests`, [1, 2])).status).toBe(422);
    expect((await send('post', district, `/cases/${id}/sign-requests`, { purpose: 1, recipientName: 'Pat', recipientEmail: 'pat@family.example' })).status).toBe(403);
    const waiver = await send('post', state, `/cases/${id}/sign-requests`, { purpose: 3, recipientName: 'Pat', recipientEmail: 'pat@family.example' });
    expect(waiver.status).toBe(422);
    expect(waiver.body.message).toBe(signMessages.notDraft);
  });

  it('submits a staff-intake state complaint when the filer signs: received on the signing date, once (§4.2, §5.1)', async () => {
    const id = await scDraft();
    const sent = await send('post', state, `/cases/${id}/sign-requests`, { purpose: 1, recipientName: 'Pat Paper Filer', recipientEmail: 'pat.filer@family.example', receivedVia: 'Mail' });
    expect(sent.status).toBe(201);
    expect(sent.body.expiresAt > addDays(today, 13)).toBe(true);
    const token = await linkTo(api, 'pat.filer@family.example');
    // The hash alone is stored.
    expect((await api.ctx.db.query('SELECT 1 FROM dr_sign_requests WHERE token_hash = $1', [token])).rows).toEqual([]);
    expect((await request(api.url).get(`${BASE}/public/sign/${token}`)).status).toBe(401);
    const doc = await pub(token);
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ purpose: 1, studentInitials: 'R.S.', text: signText.requestSummary });
    expect(JSON.stringify(doc.body)).not.toContain('Signer');
    // Still a draft until signed.
    expect((await api.ctx.db.query<{ status: number }>('SELECT status FROM dr_cases WHERE id = $1', [id])).rows[0]!.status).toBe(0);
    const missing = await sign(token, { typedName: ' ', agreed: false });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(expect.arrayContaining([{ field: 'typedName', message: signMessages.typedName }, { field: 'agreed', message: signMessages.agreed }]));
    expect((await sign(token, [1])).status).toBe(422);
    const signed = await sign(token, { typedName: 'Pat Paper Filer', agreed: true });
    expect(signed.status).toBe(201);
    expect(signed.body.message).toBe(signMessages.thankYou);
    const row = (await api.ctx.db.query<{ status: number; received: string; case_number: string; received_via: string }>(
      `SELECT status, to_char(received_date, 'YYYY-MM-DD') AS received, case_number, received_via FROM dr_cases WHERE id = $1`, [id],
    )).rows[0]!;
    expect(row).toMatchObject({ status: 1, received: today, received_via: 'Mail' });
    expect(row.case_number).toMatch(/^SC-\d{4}-\d{3}$/);
    expect((await api.ctx.db.query('SELECT 1 FROM dr_deadlines WHERE case_id = $1', [id])).rows.length).toBeGreaterThan(0);
    expect((await api.ctx.db.query(`SELECT 1 FROM notices WHERE key = $1`, [`dr-submitted:${id}`])).rows.length).toBe(1);
    const again = await sign(token, { typedName: 'Pat Paper Filer', agreed: true });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(signMessages.linkUnusable);
    expect((await pub(token)).status).toBe(410);
    expect((await pub('not-a-real-token-at-all')).status).toBe(404);
    expect((await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'dr-sign.token-use' AND entity_id = $1`, [id])).rows.length).toBe(1);
  });

  it('records a resolution meeting waiver and recalculates; an expired link answers 410 (§6.2, §4.11)', async () => {
    const id = await dpWithoutHearingOfficer(api, 0);
    expect((await send('post', state, `/cases/${id}/sign-requests`, { purpose: 2, recipientName: 'Pat', recipientEmail: 'waiver@family.example' })).status).toBe(422);
    expect((await send('post', state, `/cases/${id}/sign-requests`, { purpose: 3, recipientName: 'Pat Parent', recipientEmail: 'waiver@family.example' })).status).toBe(201);
    const token = await linkTo(api, 'waiver@family.example');
    expect((await sign(token, { typedName: 'Pat Parent', agreed: true })).status).toBe(201);
    expect((await api.ctx.db.query(`SELECT 1 FROM dr_case_actions WHERE case_id = $1 AND type = 'RESOLUTION_WAIVED' AND action_date = $2::date`, [id, today])).rows.length).toBe(1);

    expect((await send('post', state, `/cases/${id}/sign-requests`, { purpose: 3, recipientName: 'Pat Parent', recipientEmail: 'late@family.example' })).status).toBe(201);
    const late = await linkTo(api, 'late@family.example');
    await api.ctx.db.query(`UPDATE dr_sign_requests SET expires_at = now() - interval '1 minute' WHERE recipient_email = 'late@family.example'`);
    const expired = await sign(late, { typedName: 'Pat Parent', agreed: true });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(signMessages.linkUnusable);
  });

  it("offers three hearing officers; the parent's ranking proposes the first, a decline the next (§8)", async () => {
    const id = await dpWithoutHearingOfficer(api, 1);
    const sent = await send('post', state, `/cases/${id}/sign-requests`, { purpose: 4, recipientName: 'Pat Parent', recipientEmail: 'choice@family.example' });
    expect(sent.status).toBe(201);
    const again = await send('post', state, `/cases/${id}/sign-requests`, { purpose: 4, recipientName: 'Pat Parent', recipientEmail: 'choice@family.example' });
    expect(again.body.message).toBe(signMessages.choicePending);
    const mail = (await api.ctx.db.query<{ subject: string }>(`SELECT subject FROM notice_emails WHERE to_address = 'choice@family.example'`)).rows;
    expect(mail[0]?.subject).toMatch(/^Choose a hearing officer for case DP-/);
    const token = await linkTo(api, 'choice@family.example');
    const doc = await pub(token);
    const offered = (doc.body.officers as { userId: string; name: string }[]).map((o) => o.userId);
    expect(offered).toHaveLength(3);
    expect((doc.body.officers as { name: string }[]).every((o) => o.name.includes('Hearing Officer'))).toBe(true);
    const [d, c, a] = offered as [string, string, string];
    const bad = await sign(token, { typedName: 'Pat Parent', agreed: true, ranking: [c, c, d] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual({ field: 'ranking', message: signMessages.ranking });
    expect((await sign(token, { typedName: 'Pat Parent', agreed: true, ranking: [c, a, d] })).status).toBe(201);
    const assignments = async () => (await api.ctx.db.query<{ id: number; user_id: string; status: string; method: number }>(
      `SELECT id, user_id::text, status, method FROM dr_assignments WHERE case_id = $1 AND neutral_type = 3 ORDER BY id`, [id],
    )).rows;
    expect(await assignments()).toEqual([expect.objectContaining({ user_id: c, status: 'Proposed', method: 3 })]);
    // C declines: A is proposed.
    const email = (await api.ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id::text = $1', [c])).rows[0]!.email;
    const officer = await accessToken(api, email);
    const first = (await assignments())[0]!;
    expect((await send('put', officer, `/assignments/${first.id}`, { status: 'Declined' })).status).toBe(200);
    expect((await assignments()).map((x) => [x.user_id, x.status])).toEqual([[c, 'Declined'], [a, 'Proposed']]);
    const list = await request(api.url).get(`${BASE}/cases/${id}/sign-requests`).set(as(state));
    expect(list.body[0]).toMatchObject({ purpose: 4, ranking: [c, a, d] });
  });

  it('proposes the first offered when the window passes without an answer, once (§8)', async () => {
    const id = await dpWithoutHearingOfficer(api, 2);
    expect((await send('post', state, `/cases/${id}/sign-requests`, { purpose: 4, recipientName: 'Pat Parent', recipientEmail: 'silent@family.example' })).status).toBe(201);
    const offered = (await api.ctx.db.query<{ offered: string[] }>(`SELECT offered_user_ids::text[] AS offered FROM dr_sign_requests WHERE case_id = $1`, [id])).rows[0]!.offered;
    const admin = await accessToken(api, demo.admin);
    const run = () => request(api.url).post('/api/jobs/dr-ho-choice-lapsed/run').set(as(admin)).send({ day: today });
    expect((await run()).status).toBe(200);
    expect((await api.ctx.db.query('SELECT 1 FROM dr_assignments WHERE case_id = $1 AND neutral_type = 3', [id])).rows).toEqual([]);
    await api.ctx.db.query(`UPDATE dr_sign_requests SET expires_at = now() - interval '1 minute' WHERE case_id = $1`, [id]);
    expect((await run()).status).toBe(200);
    expect((await run()).status).toBe(200);
    const proposed = (await api.ctx.db.query<{ user_id: string; method: number }>(`SELECT user_id::text, method FROM dr_assignments WHERE case_id = $1 AND neutral_type = 3`, [id])).rows;
    expect(proposed).toEqual([{ user_id: offered[0], method: 3 }]);
  });

  it('describes the sign endpoints in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [['/cases/{id}/sign-requests', 'post'], ['/public/sign/{token}', 'get'], ['/public/sign/{token}', 'post']] as const) {
      expect(paths[`${BASE}${path}`]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('the sign-form without JavaScript', () => {
  const env = withPortal();

  it('ranks the three offered hearing officers: CSRF, 422 with an error summary, 303 to the thank-you page, then the link is used', async () => {
    const state = await accessToken(env.api, demo.stateUser);
    const id = await dpWithoutHearingOfficer(env.api, 3);
    const sent = await request(env.api.url).post(`${BASE}/cases/${id}/sign-requests`).set({ Authorization: `Bearer ${state}` })
      .send({ purpose: 4, recipientName: 'Pat Portal', recipientEmail: 'portal.choice@family.example' });
    expect(sent.status).toBe(201);
    const path = `/sign-form/${await linkTo(env.api, 'portal.choice@family.example')}`;
    const visitor = request.agent(env.portal.url);
    const form = await visitor.get(path);
    expect(form.status).toBe(200);
    const text = textOf(form.text);
    for (const s of [...signText.rankLabels, signText.typedName, signText.agree, signText.sign]) expect(decoded(text)).toContain(s);
    const officers = [...form.text.matchAll(/<option value="([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
    const offered = [...new Set(officers)];
    expect(offered).toHaveLength(3);
    expect((await visitor.post(path).type('form').send({ typedName: 'Pat Portal' })).status).toBe(403);
    const missing = await postForm(visitor, path, { 'rank-1': offered[0]!, 'rank-2': offered[0]!, 'rank-3': '', typedName: '' }, path);
    expect(missing.status).toBe(422);
    const page = decoded(missing.text);
    expect(page).toContain('error-summary');
    for (const m of [signMessages.ranking, signMessages.typedName, signMessages.agreed]) expect(page).toContain(m);
    const done = await postForm(visitor, path, { 'rank-1': offered[2]!, 'rank-2': offered[0]!, 'rank-3': offered[1]!, typedName: 'Pat Portal', agreed: 'on' }, path);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/sign-form/done?choice=1');
    expect(decoded((await visitor.get(done.headers.location as string)).text)).toContain(signMessages.thankYouChoice);
    const again = await visitor.get(path);
    expect(again.status).toBe(410);
    expect(decoded(again.text)).toContain(signMessages.linkUnusable);
    expect((await env.api.ctx.db.query<{ user_id: string }>(`SELECT user_id::text FROM dr_assignments WHERE case_id = $1 AND status = 'Proposed'`, [id])).rows).toEqual([{ user_id: offered[2] }]);
  });
});

describe('staff intake: send for e-signature without JavaScript', () => {
  const env = withPortal();

  it('sends the signing link from step 7; the state complaint stays a draft until signed', async () => {
    const state = await accessToken(env.api, demo.stateUser);
    const today = agencyToday();
    const id = await scDraftOf(env.api, state, { firstName: 'Paper', lastName: 'Filing' });
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    expect((await agent.get(`/dispute-resolution/request?draft=${id}`)).status).toBe(303);
    const step7 = '/dispute-resolution/request?step=7';
    const page = await agent.get(step7);
    expect(page.status).toBe(200);
    expect(decoded(textOf(page.text))).toContain(signText.sendForSignature);
    // 'Submit Request' stays the form's default button: Enter in a field never sends the link.
    expect(page.text.indexOf('value="submit"')).toBeGreaterThan(-1);
    expect(page.text.indexOf('value="submit"')).toBeLessThan(page.text.indexOf('value="esign"'));
    const bad = await postForm(agent, '/dispute-resolution/request', { step: '7', action: 'esign', recipientName: '', recipientEmail: 'nope' }, step7);
    expect(bad.status).toBe(422);
    expect(decoded(bad.text)).toContain(signMessages.recipientEmail);
    expect(decoded(bad.text)).toContain(signMessages.recipientName);
    const sent = await postForm(agent, '/dispute-resolution/request', { step: '7', action: 'esign', receivedVia: 'Mail', recipientName: 'Pat Paper Filer', recipientEmail: 'pat.paper@family.example' }, step7);
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/dispute-resolution/dashboard');
    expect((await env.api.ctx.db.query<{ status: number }>('SELECT status FROM dr_cases WHERE id = $1', [id])).rows[0]!.status).toBe(0);
    const token = await linkTo(env.api, 'pat.paper@family.example');
    const visitor = request.agent(env.portal.url);
    const path = `/sign-form/${token}`;
    const form = await visitor.get(path);
    expect(decoded(textOf(form.text))).toContain(signText.requestSummary);
    const done = await postForm(visitor, path, { typedName: 'Pat Paper Filer', agreed: 'on' }, path);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/sign-form/done');
    const row = (await env.api.ctx.db.query<{ status: number; received: string; received_via: string }>(`SELECT status, to_char(received_date, 'YYYY-MM-DD') AS received, received_via FROM dr_cases WHERE id = $1`, [id])).rows[0]!;
    expect(row).toEqual({ status: 1, received: today, received_via: 'Mail' });
  });
});

describe('the case neutrals tab: offer three hearing officers without JavaScript', () => {
  const env = withPortal();

  it('offers three from the tab (422 with the field message, then 303) and shows the offer', async () => {
    const id = await dpWithoutHearingOfficer(env.api, 4);
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const tab = `/dispute-resolution/cases/${id}?tab=neutrals`;
    const page = await agent.get(tab);
    expect(page.status).toBe(200);
    expect(decoded(textOf(page.text))).toContain(signText.offerThree);
    expect(decoded(textOf(page.text))).toContain(signText.sendWaiver);
    const bad = await postForm(agent, `/dispute-resolution/cases/${id}/sign-requests`, { purpose: '4', recipientName: 'Pat Parent', recipientEmail: 'nope' }, tab);
    expect(bad.status).toBe(422);
    expect(decoded(bad.text)).toContain(signMessages.recipientEmail);
    const sent = await postForm(agent, `/dispute-resolution/cases/${id}/sign-requests`, { purpose: '4', recipientName: 'Pat Parent', recipientEmail: 'tab.choice@family.example' }, tab);
    expect(sent.status).toBe(303);
    const after = decoded(textOf((await agent.get(tab)).text));
    expect(after).toContain(signText.offerSent);
    expect(after).toContain(signText.noAnswer);
    expect(after).toContain('Hearing Officer');
    expect(after).not.toContain(signText.offerThree);
  });
});
