// api/shared/email-templates.ts against a real API database on PGlite and PostgreSQL: seed when
// missing (never over an edit), sanitised save with the spec's merge-field messages, preview and
// test send, custom templates, permissions, audit. A sample module's catalogue is mounted the way
// a module mounts it, beside the real API's routes (same database, same tokens).
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplateRouter, getEmailTemplate, renderStoredTemplate, seedEmailTemplates, type TemplateCatalogue } from '../../api/shared/email-templates.js';
import { errorHandler } from '../../api/http.js';
import { templateText } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { accessToken, demo, mailsTo } from './api-auth-helpers.js';

const catalogue: TemplateCatalogue = {
  module: 'sample',
  knownFields: ['caseNumber', 'leaName', 'caseLink', 'dueDate', 'surveyLink'],
  definitions: [
    { code: 'SAMPLE_SUBMITTED', name: 'Submitted', subject: 'Case {{caseNumber}} submitted', bodyHtml: '<p>Case {{caseNumber}} for {{leaName}}.</p><script>x()</script>', allowedFields: ['caseNumber', 'leaName', 'caseLink'] },
    { code: 'SAMPLE_DEADLINE', name: 'Deadline', subject: 'Due {{dueDate}}', bodyHtml: '<p>Due {{dueDate}}</p>', allowedFields: ['caseNumber', 'dueDate'] },
  ],
  customFields: ['caseNumber', 'leaName'],
  sampleFields: { caseNumber: 'SC-2526-007', leaName: 'Sample <District>', caseLink: 'javascript:alert(1)', dueDate: '11/01/2025' },
};

describe.each(testDbs)('shared email templates on %s', (dbKind) => {
  let api: TestApi;
  let app: express.Express;
  let admin: string;
  let district: string;
  const base = '/api/sample/email-templates';
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    app = express();
    app.use(express.json());
    app.use(emailTemplateRouter(api.ctx, { catalogue, basePath: base, readPermissions: ['App.siteadmin'], writePermissions: ['App.siteadmin'] }));
    app.use(errorHandler(api.ctx.log));
    admin = await accessToken(api, demo.admin);
    district = await accessToken(api, demo.district);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it('seeds the missing templates, sanitised, and never overwrites an edited one', async () => {
    expect(await seedEmailTemplates(api.ctx.db, catalogue)).toBe(2);
    const seeded = await getEmailTemplate(api.ctx.db, catalogue, 'SAMPLE_SUBMITTED');
    expect(seeded).toMatchObject({ isSystem: true, isActive: true, bodyHtml: '<p>Case {{caseNumber}} for {{leaName}}.</p>', allowedFields: ['caseNumber', 'leaName', 'caseLink'] });
    await api.ctx.db.query(`UPDATE email_templates SET subject = 'Edited' WHERE module = 'sample' AND code = 'SAMPLE_DEADLINE'`);
    expect(await seedEmailTemplates(api.ctx.db, catalogue)).toBe(0);
    expect((await getEmailTemplate(api.ctx.db, catalogue, 'SAMPLE_DEADLINE'))?.subject).toBe('Edited');
  });

  it('lists and reads templates for callers with the permission only', async () => {
    expect((await request(app).get(base)).status).toBe(401);
    expect((await request(app).get(base).set(as(district))).status).toBe(403);
    const list = await request(app).get(base).set(as(admin));
    expect(list.status).toBe(200);
    expect((list.body as { code: string }[]).map((t) => t.code)).toEqual(['SAMPLE_DEADLINE', 'SAMPLE_SUBMITTED']);
    expect((await request(app).get(`${base}/NO_SUCH`).set(as(admin))).body).toEqual({ message: templateText.notFound });
  });

  it("refuses a save with the spec's messages for each field", async () => {
    const res = await request(app).put(`${base}/SAMPLE_DEADLINE`).set(as(admin)).send({ subject: ' ', bodyHtml: '<p>{{surveyLink}} {{nope}}</p>' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'subject', message: templateText.subjectRequired },
      { field: 'bodyHtml', message: templateText.fieldNotAllowed('surveyLink') },
      { field: 'bodyHtml', message: templateText.unknownField('nope') },
    ]);
    const empty = await request(app).put(`${base}/SAMPLE_DEADLINE`).set(as(admin)).send({ subject: 'S {{caseNumber}}', bodyHtml: '<script>only()</script>' });
    expect(empty.body.errors).toEqual([{ field: 'bodyHtml', message: templateText.bodyRequired }]);
  });

  it('saves sanitised HTML and audits who changed what', async () => {
    const res = await request(app)
      .put(`${base}/SAMPLE_DEADLINE`)
      .set(as(admin))
      .send({ subject: 'Case {{caseNumber}} due {{dueDate}}', bodyHtml: '<p onclick="x()">Due <b>{{dueDate}}</b></p><img src=x>', isActive: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: 'Case {{caseNumber}} due {{dueDate}}', bodyHtml: '<p>Due <b>{{dueDate}}</b></p>' });
    const audit = await api.ctx.db.query<{ actor_user_id: string; changes: Record<string, unknown> }>(
      `SELECT actor_user_id, changes FROM audit_log WHERE action = 'email-template.update' AND entity_id = 'sample/SAMPLE_DEADLINE'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.changes).toHaveProperty('subject');
  });

  it('previews the stored template or a draft with sample values, escaped and sanitised', async () => {
    const stored = await request(app).post(`${base}/SAMPLE_SUBMITTED/preview`).set(as(admin)).send({});
    expect(stored.body).toEqual({ subject: 'Case SC-2526-007 submitted', html: '<p>Case SC-2526-007 for Sample &lt;District&gt;.</p>' });
    const draft = await request(app).post(`${base}/SAMPLE_SUBMITTED/preview`).set(as(admin)).send({ subject: 'Hi', bodyHtml: '<a href="{{caseLink}}">Open</a>' });
    // The javascript: value cannot become a link target.
    expect(draft.body).toEqual({ subject: 'Hi', html: '<span>Open</span>' });
    const bad = await request(app).post(`${base}/SAMPLE_SUBMITTED/preview`).set(as(admin)).send({ bodyHtml: '<p>{{dueDate}}</p>' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'bodyHtml', message: templateText.fieldNotAllowed('dueDate') }]);
  });

  it('sends a test to the caller, logged in the email log', async () => {
    const res = await request(app).post(`${base}/SAMPLE_SUBMITTED/test`).set(as(admin)).send({});
    expect(res.body).toEqual({ sentTo: demo.admin });
    const mails = await mailsTo(api, demo.admin);
    expect(mails.at(-1)).toMatchObject({ subject: 'Case SC-2526-007 submitted', text: 'Case SC-2526-007 for Sample <District>.' });
  });

  it('creates custom templates limited to the custom fields, and refuses a taken code', async () => {
    const made = await request(app).post(base).set(as(admin)).send({ code: 'SAMPLE_CUSTOM', name: 'Custom', subject: 'About {{caseNumber}}', bodyHtml: '<p>{{leaName}}</p>' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ isSystem: false, allowedFields: ['caseNumber', 'leaName'] });
    const again = await request(app).post(base).set(as(admin)).send({ code: 'SAMPLE_CUSTOM', name: 'Custom', subject: 'x', bodyHtml: '<p>y</p>' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(templateText.codeTaken);
    const notAllowed = await request(app).post(base).set(as(admin)).send({ code: 'SAMPLE_OTHER', name: 'Other', subject: 'x', bodyHtml: '<p>{{dueDate}}</p>' });
    expect(notAllowed.body.errors).toEqual([{ field: 'bodyHtml', message: templateText.fieldNotAllowed('dueDate') }]);
  });

  it('renders nothing for a switched-off template', async () => {
    await request(app).put(`${base}/SAMPLE_CUSTOM`).set(as(admin)).send({ subject: 'About {{caseNumber}}', bodyHtml: '<p>{{leaName}}</p>', isActive: false });
    expect(await renderStoredTemplate(api.ctx.db, catalogue, 'SAMPLE_CUSTOM', {})).toBeNull();
    expect(await renderStoredTemplate(api.ctx.db, catalogue, 'SAMPLE_SUBMITTED', { caseNumber: 'MED-2526-001', leaName: 'A & B' })).toEqual({
      subject: 'Case MED-2526-001 submitted',
      html: '<p>Case MED-2526-001 for A &amp; B.</p>',
      text: 'Case MED-2526-001 for A & B.',
    });
  });
});
