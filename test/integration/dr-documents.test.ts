// Dispute resolution case documents and the public API (DR spec §4.3 tab=documents, §4.11, §12,
// §14) on PGlite and PostgreSQL against the demo seed: state staff upload a PDF, a district user
// of another LEA gets 404, a program renamed .pdf is refused with 422, a download is an attachment
// with nosniff, and the public decisions list (Basic token only) shows just the documents tagged
// Redacted decision on closed due process cases. Then the pages without JavaScript: the documents
// tab's upload (303, or 422 on the tab), download and tag forms, and /dr-public signed out.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DR_PUBLIC_BASIC } from '../../api/config.js';
import { DR_DOCUMENT_MAX_BYTES, REDACTED_DECISION } from '../../lib/dr/documents.js';
import { docText, NO_COST } from '../../lib/dr/public-text.js';
import { documentText } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { binary, pdfBytes, pngBytes } from '../helpers/files.js';
import { csrfFrom } from '../helpers/portal.js';
import { accessToken, demo, leaIdByCode } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf, titleOf, withPortal, type Agent } from './dashboard-helpers.js';
import { OPTION_TITLES } from '../../lib/dr/request-rules.js';
import { publicText } from '../../lib/dr/public-text.js';

const BASE = '/api/disputeresolution';
const basic = `Basic ${Buffer.from(DEV_DR_PUBLIC_BASIC).toString('base64')}`;
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(200, 0)]);

describe.each(testDbs)('dispute resolution documents on %s', (dbKind) => {
  let api: TestApi;
  let state: string;
  let district: string;
  let districtLea: number;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const caseWhere = async (where: string, params: unknown[] = []) =>
    (await api.ctx.db.query<{ id: string; case_number: string }>(`SELECT c.id, c.case_number FROM dr_cases c WHERE NOT c.is_deleted AND ${where} ORDER BY c.case_number LIMIT 1`, params)).rows[0]!;
  const upload = (token: string, caseId: string, bytes: Buffer, name: string, fields: Record<string, string> = {}) => {
    const req = request(api.url).post(`${BASE}/cases/${caseId}/documents`).set(as(token));
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    return req.attach('file', bytes, name);
  };

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    [state, district] = await Promise.all([accessToken(api, demo.stateUser), accessToken(api, demo.district)]);
    districtLea = await leaIdByCode(api, '55-0101-000');
  }, 90_000);

  afterAll(async () => {
    await api?.close();
  });

  it('lets state staff upload a PDF and download it as an attachment with nosniff, audited as a PII view', async () => {
    const c = await caseWhere('c.status = 2');
    const res = await upload(state, c.id, pdfBytes('Hearing notes'), 'notes.pdf');
    expect(res.status).toBe(201);
    expect(res.body.documents.map((d: { fileName: string }) => d.fileName)).toContain('notes.pdf');
    const listed = await request(api.url).get(`${BASE}/cases/${c.id}/documents`).set(as(state));
    expect(listed.status).toBe(200);
    expect(listed.body.canTag).toBe(true);
    const doc = (listed.body.documents as { id: string; kind: string; uploadedByName: string | null }[]).find((d) => d.id === res.body.id)!;
    expect(doc.kind).toBe('pdf');
    expect(doc.uploadedByName).toBeTruthy();
    const file = await request(api.url).get(`${BASE}/cases/${c.id}/documents/${doc.id}`).set(as(state)).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?notes\.pdf/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((file.body as Buffer).equals(pdfBytes('Hearing notes'))).toBe(true);
    const audit = await api.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'dr.pii-view' AND entity_type = 'dr-document' AND entity_id = $1`, [doc.id]);
    expect(audit.rows.length).toBe(1);
  });

  it('answers 404 to a district user of another LEA, and lets a district user of the respondent LEA upload', async () => {
    const other = await caseWhere('c.status = 2 AND c.lea_id <> $1', [districtLea]);
    expect((await request(api.url).get(`${BASE}/cases/${other.id}/documents`).set(as(district))).status).toBe(404);
    expect((await upload(district, other.id, pngBytes(), 'photo.png')).status).toBe(404);
    const own = await caseWhere('c.status = 2 AND c.lea_id = $1', [districtLea]);
    const res = await upload(district, own.id, pngBytes(), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body.canTag).toBe(false);
    expect((await upload(district, own.id, pngBytes(), 'decision.png', { redactedDecision: 'true' })).status).toBe(403);
    const put = await request(api.url).put(`${BASE}/cases/${own.id}/documents/${res.body.id}`).set(as(district)).send({ redactedDecision: true });
    expect(put.status).toBe(403);
  });

  it('refuses a program renamed .pdf with 422 and the allowed kinds, and a draft with 422', async () => {
    const c = await caseWhere('c.status = 2');
    const res = await upload(state, c.id, EXE, 'report.pdf');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('file');
    expect(res.body.errors[0].message).toBe(documentText.notAllowed(['PDF', 'DOCX', 'JPEG', 'PNG']));
    const draft = await caseWhere('c.status = 0');
    const owner = await api.ctx.db.query<{ email: string }>(`SELECT u.email FROM users u JOIN dr_cases c ON c.created_by = u.id::text WHERE c.id = $1`, [draft.id]);
    if (owner.rows[0]) {
      const token = await accessToken(api, owner.rows[0].email);
      const refused = await upload(token, draft.id, pdfBytes(), 'draft.pdf');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(docText.notOnDraft);
    }
  });

  it('takes a file of 20 MB and refuses a larger one with 422', async () => {
    const c = await caseWhere('c.status = 2');
    const at20 = Buffer.concat([pdfBytes('Big'), Buffer.alloc(DR_DOCUMENT_MAX_BYTES - pdfBytes('Big').length, 0x20)]);
    expect((await upload(state, c.id, at20, 'big.pdf')).status).toBe(201);
    const over = await upload(state, c.id, Buffer.concat([at20, Buffer.from('x')]), 'bigger.pdf');
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toEqual({ field: 'file', message: documentText.tooLarge(DR_DOCUMENT_MAX_BYTES) });
  });

  it('lets only state staff or the uploader delete', async () => {
    const own = await caseWhere('c.status = 2 AND c.lea_id = $1', [districtLea]);
    const byState = await upload(state, own.id, pdfBytes('state'), 'state.pdf');
    expect((await request(api.url).delete(`${BASE}/cases/${own.id}/documents/${byState.body.id}`).set(as(district))).status).toBe(403);
    const mine = await upload(district, own.id, pdfBytes('district'), 'mine.pdf');
    expect((await request(api.url).delete(`${BASE}/cases/${own.id}/documents/${mine.body.id}`).set(as(district))).status).toBe(204);
    expect((await request(api.url).delete(`${BASE}/cases/${own.id}/documents/${byState.body.id}`).set(as(state))).status).toBe(204);
    expect((await request(api.url).get(`${BASE}/cases/${own.id}/documents/${byState.body.id}`).set(as(state))).status).toBe(404);
  });

  it('publishes only documents tagged Redacted decision on closed DP and EDP cases, behind the Basic token', async () => {
    const closedDp = await caseWhere('c.status = 4 AND c.dispute_type IN (4, 5) AND c.case_number IS NOT NULL');
    const openDp = await caseWhere('c.status = 2 AND c.dispute_type = 4');
    const closedMed = await caseWhere('c.status = 4 AND c.dispute_type = 2');
    const published = await upload(state, closedDp.id, pdfBytes('Redacted'), 'Student Name decision.pdf', { redactedDecision: 'true' });
    expect(published.status).toBe(201);
    const untagged = await upload(state, closedDp.id, pdfBytes('Unredacted'), 'raw.pdf');
    const openTagged = await upload(state, openDp.id, pdfBytes('Open'), 'open.pdf', { redactedDecision: 'true' });
    const medTagged = await upload(state, closedMed.id, pdfBytes('Med'), 'med.pdf', { redactedDecision: 'true' });
    for (const r of [untagged, openTagged, medTagged]) expect(r.status).toBe(201);

    expect((await request(api.url).get(`${BASE}/public/decisions`)).status).toBe(401);
    expect((await request(api.url).get(`${BASE}/public/decisions`).set('Authorization', `Basic ${Buffer.from('dr-public:wrong').toString('base64')}`)).status).toBe(401);
    expect((await request(api.url).get(`${BASE}/public/decisions`).set(as(state))).status).toBe(401);

    const list = await request(api.url).get(`${BASE}/public/decisions`).set('Authorization', basic);
    expect(list.status).toBe(200);
    const ids = (list.body as { documentId: string }[]).map((d) => d.documentId);
    expect(ids).toContain(published.body.id);
    for (const r of [untagged, openTagged, medTagged]) expect(ids).not.toContain(r.body.id);
    const row = (list.body as Record<string, unknown>[]).find((d) => d.documentId === published.body.id)!;
    expect(Object.keys(row).sort()).toEqual(['caseNumber', 'decisionDate', 'documentId', 'leaName', 'schoolYear']);
    expect(row.caseNumber).toBe(closedDp.case_number);

    const file = await request(api.url).get(`${BASE}/public/decisions/${published.body.id}`).set('Authorization', basic).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${closedDp.case_number}-decision.pdf`);
    expect(file.headers['content-disposition']).not.toContain('Student');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    for (const r of [untagged, openTagged, medTagged]) expect((await request(api.url).get(`${BASE}/public/decisions/${r.body.id}`).set('Authorization', basic)).status).toBe(404);

    const untag = await request(api.url).put(`${BASE}/cases/${closedDp.id}/documents/${published.body.id}`).set(as(state)).send({ redactedDecision: false });
    expect(untag.status).toBe(200);
    expect(untag.body.documents.find((d: { id: string }) => d.id === published.body.id).tags).not.toContain(REDACTED_DECISION);
    const after = await request(api.url).get(`${BASE}/public/decisions`).set('Authorization', basic);
    expect((after.body as { documentId: string }[]).map((d) => d.documentId)).not.toContain(published.body.id);
    const retag = await request(api.url).put(`${BASE}/cases/${closedDp.id}/documents/${published.body.id}`).set(as(state)).send({ redactedDecision: true });
    expect(retag.body.documents.find((d: { id: string }) => d.id === published.body.id).tags).toEqual([REDACTED_DECISION]);
  });

  it('lists the four options with who may file, the timeline and no cost, behind the Basic token', async () => {
    expect((await request(api.url).get(`${BASE}/public/options`)).status).toBe(401);
    const res = await request(api.url).get(`${BASE}/public/options`).set('Authorization', basic);
    expect(res.status).toBe(200);
    expect((res.body as { code: string }[]).map((o) => o.code)).toEqual(['IEPF', 'MED', 'SC', 'DP']);
    for (const o of res.body as { cost: string; whoMayFile: string; timeline: string }[]) {
      expect(o.cost).toBe(NO_COST);
      expect(o.whoMayFile).toBeTruthy();
      expect(o.timeline).toBeTruthy();
    }
  });

  it('describes the document and public endpoints in /api/openapi.json', async () => {
    const doc = (await request(api.url).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };
    const expected: [string, string][] = [
      ['/cases/{id}/documents', 'get'], ['/cases/{id}/documents', 'post'], ['/cases/{id}/documents/{docId}', 'get'], ['/cases/{id}/documents/{docId}', 'put'],
      ['/cases/{id}/documents/{docId}', 'delete'], ['/public/options', 'get'], ['/public/decisions', 'get'], ['/public/decisions/{docId}', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[`${BASE}${path}`]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.components.securitySchemes.drPublicBasic).toBeDefined();
  });
});

describe('dispute resolution documents tab and /dr-public without JavaScript', () => {
  const env = withPortal();
  const activeCase = async () =>
    (await env.api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE status = 2 AND NOT is_deleted ORDER BY case_number DESC LIMIT 1`)).rows[0]!.id;
  const uploadForm = async (agent: Agent, id: string, bytes: Buffer, name: string, tagged = false) => {
    const page = await agent.get(`/dispute-resolution/cases/${id}?tab=documents`);
    const req = agent.post(`/dispute-resolution/cases/${id}/documents`).field('_csrf', csrfFrom(page.text));
    if (tagged) void req.field('redactedDecision', 'true');
    return req.attach('file', bytes, name);
  };

  it('uploads on the documents tab (303), lists and downloads it, and refuses a renamed program on the tab with 422', async () => {
    const agent = await signedInAgent(env.portal.url, demo.stateUser);
    const id = await activeCase();
    const tab = await agent.get(`/dispute-resolution/cases/${id}?tab=documents`);
    expect(tab.status).toBe(200);
    expect(textOf(tab.text)).toContain(docText.upload);
    expect(tab.text).toMatch(/enctype="multipart\/form-data"/i);
    expect(textOf(tab.text)).toContain(docText.redactedDecision);

    const ok = await uploadForm(agent, id, pdfBytes('Portal upload'), 'portal-notes.pdf');
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/dispute-resolution/cases/${id}?tab=documents`);
    const after = await agent.get(ok.headers.location as string);
    expect(textOf(after.text)).toContain(docText.uploaded);
    expect(textOf(after.text)).toContain('portal-notes.pdf');
    const href = /href="(\/dispute-resolution\/cases\/[^"]+\/documents\/[0-9a-f-]{36})"[^>]*>portal-notes\.pdf/.exec(after.text)?.[1];
    expect(href).toBeTruthy();
    const file = await agent.get(href!).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?portal-notes\.pdf/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    // Over the shared 10 MB and within the module's 20 MB.
    const big = Buffer.concat([pdfBytes('Big'), Buffer.alloc(15 * 1024 * 1024, 0x20)]);
    expect((await uploadForm(agent, id, big, 'big-portal.pdf')).status).toBe(303);

    const refused = await uploadForm(agent, id, EXE, 'report.pdf');
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain(documentText.notAllowed(['PDF', 'DOCX', 'JPEG', 'PNG']));
    expect(titleOf(refused.text)).toContain('Documents');

    const noFile = await postForm(agent, `/dispute-resolution/cases/${id}/documents`, {}, `/dispute-resolution/cases/${id}?tab=documents`);
    expect(noFile.status).toBe(422);
    expect(decoded(noFile.text)).toContain(documentText.noFile);
    expect((await postForm(agent, `/dispute-resolution/cases/${id}/documents/not-a-uuid/tag`, { redactedDecision: 'true' }, `/dispute-resolution/cases/${id}?tab=documents`)).status).toBe(404);

    const docId = href!.split('/').pop()!;
    const tagged = await postForm(agent, `/dispute-resolution/cases/${id}/documents/${docId}/tag`, { redactedDecision: 'true' }, `/dispute-resolution/cases/${id}?tab=documents`);
    expect(tagged.status).toBe(303);
    expect(textOf((await agent.get(tagged.headers.location as string)).text)).toContain(docText.tagged);
    const deleted = await postForm(agent, `/dispute-resolution/cases/${id}/documents/${docId}/delete`, {}, `/dispute-resolution/cases/${id}?tab=documents`);
    expect(deleted.status).toBe(303);
    expect(textOf((await agent.get(deleted.headers.location as string)).text)).not.toContain('portal-notes.pdf');
  });

  it('renders /dr-public signed out with the options, the start links and a published decision to download', async () => {
    const state = await signedInAgent(env.portal.url, demo.stateUser);
    const closedDp = (await env.api.ctx.db.query<{ id: string; case_number: string }>(
      `SELECT id, case_number FROM dr_cases WHERE status = 4 AND dispute_type IN (4, 5) AND case_number IS NOT NULL AND NOT is_deleted ORDER BY case_number LIMIT 1`,
    )).rows[0]!;
    expect((await uploadForm(state, closedDp.id, pdfBytes('Redacted'), 'redacted.pdf', true)).status).toBe(303);

    const res = await request(env.portal.url).get('/dr-public');
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    for (const title of Object.values(OPTION_TITLES)) expect(text).toContain(title);
    expect(text).toContain(NO_COST);
    expect(text).toContain(publicText.createAccount);
    expect(res.text).toContain('href="/dr-request"');
    expect(decoded(res.text)).toContain('href="/auth/login?returnUrl=/dispute-resolution/request"');
    expect(text).toContain(closedDp.case_number);
    const href = /href="(\/dr-public\/decisions\/[0-9a-f-]{36})"/.exec(res.text)?.[1];
    const file = await request(env.portal.url).get(href!).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/-decision\.pdf/);
    expect((await request(env.portal.url).get('/dr-public/decisions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
