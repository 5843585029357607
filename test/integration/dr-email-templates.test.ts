// The dispute resolution email templates (DR spec §4.8, §7 'Templates', §11): the API on PGlite and
// PostgreSQL against the demo seed — every template code seeded, a field another template owns
// refused with the §7 message, a preview filled from a case (initials, never the student's last
// name), 404 for a case outside scope, 403 without the permission — and the portal pages without
// JavaScript: the list, a refused save re-rendered with 422 and the message, a good save 303.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../api/seed.js';
import { DR_TEMPLATE_CODES } from '../../lib/dr/notifications.js';
import { drText } from '../../lib/dr/page-text.js';
import { templateText } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, mailsTo } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal } from './dashboard-helpers.js';

const BASE = '/api/disputeresolution/email-templates';
const PAGE = '/dispute-resolution/email-templates';
const t = drText.emailTemplates;

/** A submitted case with a student on it, and the student's last name. */
async function caseWithStudent(api: TestApi): Promise<{ id: string; caseNumber: string; lastName: string }> {
  const r = await api.ctx.db.query<{ id: string; case_number: string; student_last_name: string }>(
    `SELECT id, case_number, student_last_name FROM dr_cases
      WHERE status <> 0 AND NOT is_deleted AND case_number IS NOT NULL AND student_last_name IS NOT NULL AND student_last_name <> ''
      ORDER BY case_number LIMIT 1`,
  );
  const row = r.rows[0];
  if (!row) throw new Error('the demo seed has no case with a student');
  return { id: row.id, caseNumber: row.case_number, lastName: row.student_last_name };
}

describe.each(testDbs)('dispute resolution email templates API on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.district)]);
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  it('seeds every DR template code, each active and using its allowed fields only', async () => {
    const res = await request(api.url).get(BASE).set(as(state));
    expect(res.status).toBe(200);
    const list = res.body as { code: string; isActive: boolean; isSystem: boolean; subject: string; allowedFields: string[] }[];
    expect(list.map((x) => x.code).sort()).toEqual([...DR_TEMPLATE_CODES].sort());
    expect(list.every((x) => x.isActive && x.isSystem)).toBe(true);
    expect(list.find((x) => x.code === 'DR_REQUEST_SUBMITTED')?.subject).toBe('Your dispute resolution request {{caseNumber}} was received');
    expect(list.find((x) => x.code === 'DR_SURVEY_INVITATION')?.allowedFields).toContain('surveyLink');
    expect(list.find((x) => x.code === 'DR_CASE_CLOSED')?.allowedFields).not.toContain('surveyLink');
  });

  it('seeds them on every start, without the demo data too, and never over an edit', async () => {
    const bare = await startTestApi(dbKind, { SEED_DEMO: 'off' });
    try {
      const codes = await bare.ctx.db.query<{ code: string }>(`SELECT code FROM email_templates WHERE module = 'dr' ORDER BY code`);
      expect(codes.rows.map((r) => r.code)).toEqual([...DR_TEMPLATE_CODES].sort());
      await bare.ctx.db.query(`UPDATE email_templates SET subject = 'Edited {{caseNumber}}' WHERE module = 'dr' AND code = 'DR_CASE_CLOSED'`);
      await bare.ctx.db.query(`DELETE FROM email_templates WHERE module = 'dr' AND code = 'DR_SURVEY_INVITATION'`);
      await seed(bare.ctx);
      const after = await bare.ctx.db.query<{ code: string; subject: string }>(`SELECT code, subject FROM email_templates WHERE module = 'dr' ORDER BY code`);
      expect(after.rows).toHaveLength(DR_TEMPLATE_CODES.length);
      expect(after.rows.find((r) => r.code === 'DR_CASE_CLOSED')?.subject).toBe('Edited {{caseNumber}}');
    } finally {
      await bare.close();
    }
  }, 60_000);

  it('refuses a field another template owns, and an unknown one, with the §7 messages', async () => {
    const res = await request(api.url)
      .put(`${BASE}/DR_CASE_CLOSED`)
      .set(as(state))
      .send({ subject: 'Closed {{caseNumber}}', bodyHtml: '<p><a href="{{signLink}}">Sign</a> {{studentLastName}}</p>' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'bodyHtml', message: 'The merge field {{signLink}} cannot be used in this template.' },
      { field: 'bodyHtml', message: templateText.unknownField('studentLastName') },
    ]);
  });

  it('previews with a case: its number and the student’s initials, never the last name', async () => {
    const c = await caseWithStudent(api);
    const res = await request(api.url)
      .post(`${BASE}/DR_REQUEST_SUBMITTED/preview`)
      .set(as(state))
      .send({ caseId: c.id, bodyHtml: '<p>{{caseNumber}} {{studentInitials}} {{recipientName}} <a href="{{caseLink}}">Open</a></p>' });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe(`Your dispute resolution request ${c.caseNumber} was received`);
    expect(res.body.html).toContain(c.caseNumber);
    expect(res.body.html).toContain(`/dispute-resolution/cases/${c.id}`);
    expect(res.body.html).not.toContain(c.lastName);
    const byNumber = await request(api.url).post(`${BASE}/DR_CASE_ACCEPTED/preview`).set(as(state)).send({ caseNumber: c.caseNumber.toLowerCase() });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.subject).toContain(c.caseNumber);
    expect(byNumber.body.html).not.toContain(c.lastName);
    const sample = await request(api.url).post(`${BASE}/DR_DEADLINE_APPROACHING/preview`).set(as(state)).send({});
    expect(sample.status).toBe(200);
    expect(sample.body.subject).toMatch(/^Case SC-\d{4}-\d{3}: Complaint report due \d{2}\/\d{2}\/\d{4}$/);
    const missing = await request(api.url).post(`${BASE}/DR_CASE_ACCEPTED/preview`).set(as(state)).send({ caseId: 'not-a-uuid' });
    expect(missing.status).toBe(404);
  });

  it('sends a test to the caller', async () => {
    const res = await request(api.url).post(`${BASE}/DR_CASE_CLOSED/test`).set(as(state)).send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sentTo: demo.stateUser });
    expect((await mailsTo(api, demo.stateUser)).at(-1)?.subject).toMatch(/^Dispute resolution case .+ is closed$/);
  });

  it('describes the template endpoints in /api/openapi.json', async () => {
    const paths = (await request(api.url).get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths[BASE] ?? {})).toEqual(['get']);
    expect(Object.keys(paths[`${BASE}/{code}`] ?? {}).sort()).toEqual(['get', 'put']);
    expect(paths[`${BASE}/{code}/preview`]).toHaveProperty('post');
    expect(paths[`${BASE}/{code}/test`]).toHaveProperty('post');
  });

  it('answers 403 to a district user', async () => {
    expect((await request(api.url).get(BASE).set(as(district))).status).toBe(403);
    expect((await request(api.url).get(`${BASE}/DR_CASE_CLOSED`).set(as(district))).status).toBe(403);
    expect((await request(api.url).put(`${BASE}/DR_CASE_CLOSED`).set(as(district)).send({ subject: 'x', bodyHtml: '<p>y</p>' })).status).toBe(403);
  });
});

describe('dispute resolution email template pages without JavaScript', () => {
  const env = withPortal();

  it('lists the templates with code, name, subject, active and updated, each code linking to its page', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get(PAGE);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toContain('Email Templates');
    const text = decoded(textOf(res.text));
    for (const heading of [t.code, t.name, t.subject, t.active, t.updated]) expect(text).toContain(heading);
    for (const code of DR_TEMPLATE_CODES) expect(res.text).toContain(`href="${PAGE}/${code}"`);
    expect(text).toContain('Your dispute resolution request {{caseNumber}} was received');
  });

  it('shows a template with its allowed merge fields, and previews it with a case: initials, no last name', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const page = `${PAGE}/DR_SIGNATURE_REQUEST`;
    const res = await agent.get(page);
    expect(res.status).toBe(200);
    expect(res.text).toContain('{{signLink}}');
    expect(res.text).not.toContain('{{surveyLink}}');
    expect(res.text).toMatch(/<textarea[^>]*name="bodyHtml"/);
    expect(titleOf(res.text)).toBe('DR_SIGNATURE_REQUEST - Email Templates - Dispute Resolution - Compliance Portal');
    const c = await caseWithStudent(env.api);
    const stored = await agent.get(`${PAGE}/DR_REQUEST_SUBMITTED`);
    const subject = 'Received {{caseNumber}}';
    const preview = await postForm(agent, `${PAGE}/DR_REQUEST_SUBMITTED`, { intent: 'preview', subject, bodyHtml: '<p>For {{studentInitials}}: {{caseNumber}}</p>', caseNumber: c.caseNumber, isActive: 'on' }, `${PAGE}/DR_REQUEST_SUBMITTED`);
    expect(stored.status).toBe(200);
    expect(preview.status).toBe(200);
    expect(decoded(preview.text)).toContain(`Received ${c.caseNumber}`);
    expect(preview.text).toContain('data-preview="html"');
    expect(preview.text).not.toContain(c.lastName);
    // The typed draft stays in the form; nothing was saved.
    expect(decoded(preview.text)).toContain(subject);
    const unknown = await postForm(agent, `${PAGE}/DR_REQUEST_SUBMITTED`, { intent: 'preview', subject, bodyHtml: '<p>x</p>', caseNumber: 'ZZ-0000-000' }, `${PAGE}/DR_REQUEST_SUBMITTED`);
    expect(unknown.status).toBe(422);
    expect(decoded(unknown.text)).toContain(t.noCase);
  });

  it('re-renders a refused save with 422, the §7 message and the typed values; saves a good one with 303', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const page = `${PAGE}/DR_CASE_CLOSED`;
    const refused = await postForm(agent, page, { intent: 'save', subject: 'Closed {{caseNumber}} typed', bodyHtml: '<p>{{surveyLink}}</p>', isActive: 'on' }, page);
    expect(refused.status).toBe(422);
    const html = decoded(refused.text);
    expect(html).toContain('The merge field {{surveyLink}} cannot be used in this template.');
    expect(refused.text).toContain('usa-alert--error');
    expect(html).toContain('Closed {{caseNumber}} typed');
    const saved = await postForm(agent, page, { intent: 'save', subject: 'Case {{caseNumber}} closed', bodyHtml: '<p>Closed: {{caseNumber}}</p>', isActive: 'on' }, page);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(PAGE);
    const list = await agent.get(PAGE);
    expect(decoded(textOf(list.text))).toContain(t.saved('Case closed'));
    expect(decoded(textOf(list.text))).toContain('Case {{caseNumber}} closed');
  });

  it('sends a test to the user and keeps the form', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const page = `${PAGE}/DR_CASE_ACCEPTED`;
    const res = await postForm(agent, page, { intent: 'test', subject: 'Test {{caseNumber}}', bodyHtml: '<p>Hello {{recipientName}}</p>', isActive: 'on' }, page);
    expect(res.status).toBe(200);
    expect(decoded(textOf(res.text))).toContain(t.testSent(demoEmails.stateUser));
    expect((await mailsTo(env.api, demoEmails.stateUser)).at(-1)?.subject).toMatch(/^Test SC-\d{4}-\d{3}$/);
  });

  it('answers 403 to a district user', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    expect((await agent.get(PAGE)).status).toBe(403);
    expect((await agent.get(`${PAGE}/DR_CASE_CLOSED`)).status).toBe(403);
  });
});
