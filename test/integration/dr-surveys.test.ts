// Dispute resolution satisfaction surveys (DR spec §4.7, §5.3, §7, §8, §13, §14) on PGlite and
// PostgreSQL: the seeded surveys and their results, activation and its refusals, the refused
// edit of an answered survey, the invitations job (once per party) and the single-use token; then
// the survey manager and the public survey through the portal without JavaScript.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, agencyToday } from '../../lib/day.js';
import { surveyMessages } from '../../lib/dr/messages.js';
import { DEV_DR_PUBLIC_BASIC } from '../../api/config.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { sendSurveyInvitations } from '../../api/dr/surveys.js';
import { surveyText } from '../../lib/dr/survey-text.js';
import { accessToken, demo } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal } from './dashboard-helpers.js';

const basic = `Basic ${Buffer.from(DEV_DR_PUBLIC_BASIC).toString('base64')}`;

const BASE = '/api/disputeresolution';

describe.each(testDbs)('dispute resolution surveys API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (token: string, path: string) => request(api.url).get(`${BASE}${path}`).set(as(token));
  const send = (method: 'post' | 'put', token: string, path: string, body: object = {}) => request(api.url)[method](`${BASE}${path}`).set(as(token)).send(body);
  const today = agencyToday();

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.district)]);
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  it('lists the two seeded Active surveys with 12 responses each and their results (§13)', async () => {
    expect((await get(district, '/surveys')).status).toBe(403);
    const list = await get(state, '/surveys');
    expect(list.status).toBe(200);
    const byName = new Map((list.body as { name: string; status: string; responses: number; responseRate: string; id: number }[]).map((s) => [s.name, s]));
    for (const name of ['Mediation - Parent', 'IEP Facilitation - All']) expect(byName.get(name)).toMatchObject({ status: 'Active', responses: 12, responseRate: '30.0%' });
    const med = byName.get('Mediation - Parent')!;
    const results = await get(state, `/surveys/${med.id}/results`);
    expect(results.status).toBe(200);
    expect(results.body.responses).toBe(12);
    const [first, , yesNo, text] = results.body.questions;
    expect(first).toMatchObject({ n: 12, type: 'Likert5' });
    expect(first.mean).toMatch(/^\d\.\d$/);
    expect(first.percentAgree).toMatch(/%$/);
    expect(yesNo.percentYes).toMatch(/%$/);
    expect(text.texts.length).toBeGreaterThan(0);
    // One response alone in the earlier school year: its breakdown is hidden, count and all.
    const hidden = (results.body.breakdowns.year as { hidden: boolean; notice?: string; responses: number | null }[]).find((g) => g.hidden);
    expect(hidden).toMatchObject({ responses: null, notice: surveyMessages.hiddenForPrivacy });
    expect(results.body.breakdowns.type).toEqual([expect.objectContaining({ label: 'Mediation', responses: 12, hidden: false })]);
  });

  it('refuses to activate an empty survey, and activating retires the other Active one of the type and audience (§5.3)', async () => {
    const created = await send('post', state, '/surveys', { name: 'Mediation - Parent v2', disputeTypes: [2], audience: 'Parent' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'Draft', version: 1, responses: 0, invitations: 0, responseRate: 'N/A' });
    const empty = await send('post', state, `/surveys/${created.body.id}/activate`);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(surveyMessages.activateEmpty);
    const put = await send('put', state, `/surveys/${created.body.id}`, {
      name: 'Mediation - Parent v2', disputeTypes: [2], audience: 'Parent', questions: [{ text: 'The mediator listened.', type: 'Likert5', required: true }],
    });
    expect(put.status).toBe(200);
    expect(put.body.questions).toEqual([{ seq: 1, text: 'The mediator listened.', type: 'Likert5', required: true }]);
    const activated = await send('post', state, `/surveys/${created.body.id}/activate`);
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('Active');
    const list = (await get(state, '/surveys')).body as { name: string; status: string }[];
    expect(list.find((s) => s.name === 'Mediation - Parent')?.status).toBe('Retired');
    expect(list.find((s) => s.name === 'IEP Facilitation - All')?.status).toBe('Active');
  });

  it('refuses edits of an answered survey; a copy is a new Draft version', async () => {
    const iepf = ((await get(state, '/surveys')).body as { id: number; name: string; version: number }[]).find((s) => s.name === 'IEP Facilitation - All')!;
    const edit = await send('put', state, `/surveys/${iepf.id}`, { name: 'Changed', disputeTypes: [1], audience: 'All', questions: [] });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(surveyMessages.answeredNoEdit);
    const copy = await send('post', state, `/surveys/${iepf.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'IEP Facilitation - All', status: 'Draft', version: iepf.version + 1, responses: 0 });
    expect(copy.body.questions.length).toBe(3);
    const retired = await send('post', state, `/surveys/${copy.body.id}/retire`);
    expect(retired.body.status).toBe('Retired');
  });

  it('describes the survey endpoints in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [['/surveys', 'get'], ['/surveys', 'post'], ['/surveys/{id}', 'put'], ['/surveys/{id}/activate', 'post'], ['/surveys/{id}/copy', 'post'],
      ['/surveys/{id}/retire', 'post'], ['/surveys/{id}/results', 'get'], ['/public/surveys/{token}', 'get'], ['/public/surveys/{token}', 'post']] as const) {
      expect(paths[`${BASE}${path}`]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it('invites each party once a day after closing, and the link answers once (§8, §14)', async () => {
    const closed = addDays(today, -1);
    const caseId = (await api.ctx.db.query<{ id: string }>(
      `UPDATE dr_cases SET status = 4, outcome = 22, closed_date = $1, requester_type = 6, requester_email = 'lea.contact@district.example',
              data = jsonb_set(data, '{otherParty}', '{"name": "Pat Parent", "email": "pat.parent@family.example"}')
        WHERE id = (SELECT id FROM dr_cases WHERE dispute_type = 2 AND status = 2 ORDER BY case_number LIMIT 1) RETURNING id`,
      [closed],
    )).rows[0]!.id;
    const admin = await accessToken(api, demo.admin);
    const run = () => request(api.url).post('/api/jobs/dr-survey-invitations/run').set(as(admin)).send({ day: today });
    expect((await run()).status).toBe(200);
    expect((await run()).status).toBe(200);
    const invites = (await api.ctx.db.query<{ recipient_role: string; email: string }>('SELECT recipient_role, email FROM dr_survey_invitations WHERE case_id = $1', [caseId])).rows;
    // The mediation survey is for parents: the district gets none.
    expect(invites).toEqual([{ recipient_role: 'Parent', email: 'pat.parent@family.example' }]);
    // An IEP facilitation's survey is for all: the district's dispute resolution contact is a party too.
    const iepf = (await api.ctx.db.query<{ id: string }>(
      `UPDATE dr_cases SET status = 4, outcome = 11, closed_date = $1, lea_id = (SELECT id FROM leas WHERE lea_code = '55-0101-000')
        WHERE id = (SELECT id FROM dr_cases WHERE dispute_type = 1 AND status IN (1, 2) ORDER BY case_number LIMIT 1) RETURNING id`,
      [closed],
    )).rows[0]!.id;
    expect((await run()).status).toBe(200);
    const iepfInvites = (await api.ctx.db.query<{ recipient_role: string; email: string }>('SELECT recipient_role, email FROM dr_survey_invitations WHERE case_id = $1 ORDER BY recipient_role', [iepf])).rows;
    expect(iepfInvites).toEqual([{ recipient_role: 'LEA', email: demo.district }, expect.objectContaining({ recipient_role: 'Parent' })]);
    const mail = (await api.ctx.db.query<{ body_text: string }>(`SELECT body_text FROM notice_emails WHERE to_address = 'pat.parent@family.example'`)).rows;
    expect(mail).toHaveLength(1);
    // The personal link goes to the party alone: no system message, no subscriber.
    expect((await api.ctx.db.query(`SELECT in_app_count, email_count FROM notices WHERE key LIKE 'dr-survey:' || $1 || ':%'`, [caseId])).rows).toEqual([{ in_app_count: 0, email_count: 1 }]);
    const token = /\/dr-public\/survey\/([A-Za-z0-9_-]+)/.exec(mail[0]!.body_text)?.[1] as string;
    expect(token).toBeTruthy();

    // Behind the portal's Basic token as well as the invitation's (§12).
    expect((await request(api.url).get(`${BASE}/public/surveys/${token}`)).status).toBe(401);
    expect((await request(api.url).post(`${BASE}/public/surveys/${token}`).send({ answers: { 1: 5 } })).status).toBe(401);
    const survey = await request(api.url).get(`${BASE}/public/surveys/${token}`).set('Authorization', basic);
    expect(survey.status).toBe(200);
    expect(survey.body.name).toBe('Mediation - Parent v2');
    const missing = await request(api.url).post(`${BASE}/public/surveys/${token}`).set('Authorization', basic).send({ answers: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('answers.1');
    const answered = await request(api.url).post(`${BASE}/public/surveys/${token}`).set('Authorization', basic).send({ answers: { 1: 5 } });
    expect(answered.status).toBe(201);
    expect(answered.body.message).toBe(surveyMessages.thankYou);
    const again = await request(api.url).post(`${BASE}/public/surveys/${token}`).set('Authorization', basic).send({ answers: { 1: 4 } });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(surveyMessages.linkUnusable);
    expect((await request(api.url).get(`${BASE}/public/surveys/${token}`).set('Authorization', basic)).status).toBe(410);
    expect((await request(api.url).get(`${BASE}/public/surveys/not-a-token`).set('Authorization', basic)).body.message).toBe(surveyMessages.linkUnusable);
    // The stored answers carry no link to the invitation or the person.
    const columns = (await api.ctx.db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'dr_survey_responses' AND table_schema = current_schema()`)).rows.map((r) => r.column_name).sort();
    expect(columns).toEqual(['answers', 'dispute_type', 'id', 'lea_id', 'school_year', 'submitted_at', 'survey_id']);
  });
});

describe('dispute resolution survey pages without JavaScript', () => {
  const env = withPortal();

  it('lists the surveys for state staff only, with invitations, responses and response rate', async () => {
    const district = await signedInAgent(env.portal.url, demoEmails.district);
    expect((await district.get('/dispute-resolution/survey-manager')).status).toBe(403);
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get('/dispute-resolution/survey-manager');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe('Survey Manager - Dispute Resolution - Compliance Portal');
    const text = textOf(res.text);
    for (const s of ['Mediation - Parent', 'IEP Facilitation - All', '30.0%', surveyText.newSurvey, surveyText.copy, surveyText.retire]) expect(text).toContain(s);
    const id = (await env.api.ctx.db.query<{ id: number }>(`SELECT id FROM dr_surveys WHERE name = 'Mediation - Parent'`)).rows[0]!.id;
    const page = await agent.get(`/dispute-resolution/survey-manager/${id}`);
    expect(page.status).toBe(200);
    expect(decoded(page.text)).toContain(surveyMessages.answeredNoEdit);
    expect(decoded(page.text)).toContain(surveyMessages.hiddenForPrivacy);
    expect(textOf(page.text)).toContain('What could we do better?');
  });

  it('creates a survey, refuses to activate it empty, then edits, moves and deletes questions with plain forms', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const manager = '/dispute-resolution/survey-manager';
    const blank = await postForm(agent, manager, { name: '', audience: 'LEA' }, manager);
    expect(blank.status).toBe(422);
    expect(decoded(blank.text)).toContain(surveyText.nameRequired);
    const created = await postForm(agent, manager, { name: 'Due Process - LEA', disputeTypes: '4', audience: 'LEA' }, manager);
    expect(created.status).toBe(303);
    const page = created.headers.location as string;
    const empty = await postForm(agent, `${page}/activate`, { back: 'survey' }, page);
    expect(empty.status).toBe(422);
    expect(decoded(empty.text)).toContain(surveyMessages.activateEmpty);
    expect((await postForm(agent, `${page}/questions`, { text: 'The hearing was scheduled promptly.', type: 'Likert5', required: 'on' }, page)).status).toBe(303);
    expect((await postForm(agent, `${page}/questions`, { text: 'Was the decision clear?', type: 'YesNo' }, page)).status).toBe(303);
    expect((await postForm(agent, `${page}/questions/2/up`, {}, page)).status).toBe(303);
    expect((await postForm(agent, `${page}/questions/1`, { text: 'Was the written decision clear?', type: 'YesNo' }, page)).status).toBe(303);
    expect((await postForm(agent, `${page}/questions/2/delete`, {}, page)).status).toBe(303);
    const id = Number(page.split('/').pop());
    const questions = (await env.api.ctx.db.query('SELECT seq, text, type, required FROM dr_survey_questions WHERE survey_id = $1 ORDER BY seq', [id])).rows;
    expect(questions).toEqual([{ seq: 1, text: 'Was the written decision clear?', type: 'YesNo', required: false }]);
    const activated = await postForm(agent, `${page}/activate`, { back: 'survey' }, page);
    expect(activated.status).toBe(303);
    expect(textOf((await agent.get(activated.headers.location as string)).text)).toContain(surveyText.activated);
  });

  it('answers the emailed survey signed out once, then says the link was used', async () => {
    await env.api.ctx.db.query(
      `UPDATE dr_cases SET status = 4, outcome = 11, closed_date = $1, requester_email = 'iepf.parent@family.example'
        WHERE id = (SELECT id FROM dr_cases WHERE dispute_type = 1 AND status = 2 ORDER BY case_number LIMIT 1)`,
      [addDays(agencyToday(), -1)],
    );
    expect(await sendSurveyInvitations(env.api.ctx, agencyToday())).toBeGreaterThanOrEqual(1);
    const mail = (await env.api.ctx.db.query<{ body_text: string }>(`SELECT body_text FROM notice_emails WHERE to_address = 'iepf.parent@family.example'`)).rows[0]!;
    const path = /\/dr-public\/survey\/[A-Za-z0-9_-]+/.exec(mail.body_text)![0];
    const visitor = request.agent(env.portal.url);
    const form = await visitor.get(path);
    expect(form.status).toBe(200);
    expect(textOf(form.text)).toContain('Strongly disagree');
    expect(textOf(form.text)).toContain('Strongly agree');
    const missing = await postForm(visitor, path, {}, path);
    expect(missing.status).toBe(422);
    expect(decoded(missing.text)).toContain(surveyText.answerRequired);
    const done = await postForm(visitor, path, { 'answer-1': '4', 'answer-2': 'yes', 'answer-3': 'Helpful.' }, path);
    expect(done.status).toBe(200);
    expect(decoded(done.text)).toContain(surveyMessages.thankYou);
    const again = await visitor.get(path);
    expect(again.status).toBe(410);
    expect(decoded(again.text)).toContain(surveyMessages.linkUnusable);
    const stored = (await env.api.ctx.db.query<{ answers: unknown }>(`SELECT answers FROM dr_survey_responses ORDER BY id DESC LIMIT 1`)).rows[0]!;
    expect(stored.answers).toEqual({ 1: 4, 2: true, 3: 'Helpful.' });
  });
});
