// Documents end to end, on PGlite and PostgreSQL: a signed-in user uploads through a portal form
// (multer in memory, CSRF checked, the file forwarded as multipart by the upstream client), the
// API detects the type from the bytes and stores it with its size and SHA-256, refuses a wrong
// type or an oversized file with a clear message (the portal answers 422, never a crash), and the
// download comes back through the portal as an attachment with nosniff.
//
// A module's routes are stood in for by a small API router (api/shared/documents.ts) mounted in
// front of the real API app, and a small portal router (server/upload.ts, server/download.ts).
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiApp } from '../../api/app.js';
import { authenticate, authOf } from '../../api/auth-middleware.js';
import { errorHandler, notFound } from '../../api/http.js';
import { documentUpload, getDocument, listDocuments, saveDocument, uploadRefused, MAX_DOCUMENT_BYTES } from '../../api/shared/documents.js';
import { sendDocument } from '../../api/shared/http-files.js';
import { documentText } from '../../lib/shared/messages.js';
import { downloadFromApi } from '../../server/download.js';
import { apiUploadError, singleFileUpload, toMultipartFile, uploadOf } from '../../server/upload.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { binary, docxBytes, jpegBytes, pdfBytes, pngBytes, xlsxBytes } from '../helpers/files.js';
import { startTestPortal, type TestPortal } from '../helpers/portal.js';
import { accessToken, demo } from './api-auth-helpers.js';
import { signedInAgent, type Agent } from './dashboard-helpers.js';

const MODULE = 'sample';
const NOT_ALLOWED = documentText.notAllowed(['PDF', 'DOCX', 'XLSX', 'PNG', 'JPEG']);

/** A module's document endpoints: upload to a record, list, download. */
function sampleApiRouter(api: TestApi): Router {
  const router = Router();
  const auth = authenticate(api.ctx);
  router.post('/api/sample/records/:id/documents', auth, documentUpload('file'), async (req, res) => {
    if (!req.file) throw uploadRefused(documentText.noFile);
    const meta = await saveDocument(api.ctx.db, { module: MODULE, ownerType: 'record', ownerId: String(req.params.id), fileName: req.file.originalname, bytes: req.file.buffer, uploadedBy: authOf(res).userId });
    res.status(201).json(meta);
  });
  router.get('/api/sample/records/:id/documents', auth, async (req, res) => {
    res.json(await listDocuments(api.ctx.db, { module: MODULE, ownerType: 'record', ownerId: String(req.params.id) }));
  });
  router.get('/api/sample/documents/:docId', auth, async (req, res) => {
    const doc = await getDocument(api.ctx.db, MODULE, String(req.params.docId));
    if (!doc) throw notFound(documentText.notFound);
    sendDocument(res, doc);
  });
  router.use(errorHandler(api.ctx.log));
  return router;
}

/** The portal side: an upload form's POST and a download link. */
const samplePortalRouter = (): Router => {
  const router = Router();
  router.post('/sample/records/:id/upload', singleFileUpload('file'), async (req, res) => {
    const { file, error } = uploadOf(res);
    if (error || !file) return void res.status(422).type('text').send(error ?? documentText.noFile);
    try {
      const meta = await res.locals.api.call({
        method: 'POST',
        path: `/api/sample/records/${encodeURIComponent(String(req.params.id))}/documents`,
        multipart: { files: [toMultipartFile(file)] },
        schema: z.object({ id: z.string() }),
      });
      res.redirect(303, `/sample/documents/${meta.id}`);
    } catch (err) {
      const message = apiUploadError(err);
      if (message === null) throw err;
      res.status(422).type('text').send(message);
    }
  });
  router.get('/sample/documents/:id', async (req, res) => {
    await downloadFromApi(res, { path: `/api/sample/documents/${encodeURIComponent(String(req.params.id))}` }, 'document');
  });
  return router;
};

describe.each(testDbs)('documents on %s', (dbKind) => {
  let api: TestApi;
  let apiServer: Server;
  let apiUrl: string;
  let portal: TestPortal;
  let user: Agent;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    const app = express();
    app.use(sampleApiRouter(api));
    app.use(createApiApp(api.ctx));
    apiServer = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
    portal = await startTestPortal({ apiBaseUrl: apiUrl, extraRouters: [samplePortalRouter()] });
    user = await signedInAgent(portal.app, demo.stateUser);
    token = await accessToken(api, demo.stateUser);
  }, 90_000);

  afterAll(async () => {
    await portal?.close();
    await new Promise((r) => apiServer?.close(r));
    await api?.close();
  });

  async function csrf(): Promise<string> {
    const page = await user.get('/');
    return /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  }

  const upload = async (bytes: Buffer, name: string, record = '1') =>
    user.post(`/sample/records/${record}/upload`).field('_csrf', await csrf()).attach('file', bytes, name);

  it('stores an upload from a portal form with its detected type, size and SHA-256, and downloads it as an attachment', async () => {
    const bytes = pdfBytes('decision');
    const res = await upload(bytes, 'Decision.pdf');
    expect(res.status, res.text).toBe(303);
    const id = /\/sample\/documents\/([0-9a-f-]+)$/.exec(res.headers.location as string)?.[1];
    expect(id).toBeTruthy();
    const [meta] = (await request(apiUrl).get('/api/sample/records/1/documents').set('Authorization', `Bearer ${token}`)).body as { id: string }[];
    expect(meta).toMatchObject({
      id,
      module: MODULE,
      ownerType: 'record',
      ownerId: '1',
      fileName: 'Decision.pdf',
      contentType: 'application/pdf',
      kind: 'pdf',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const download = await user.get(`/sample/documents/${id}`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename=Decision.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.body).toEqual(bytes);
  });

  it('accepts DOCX, XLSX, PNG and JPEG, naming each by what it is', async () => {
    for (const [bytes, name, kind, stored] of [
      [docxBytes(), 'letter.docx', 'docx', 'letter.docx'],
      [xlsxBytes(), 'counts.xlsx', 'xlsx', 'counts.xlsx'],
      [pngBytes(), 'scan.PNG', 'png', 'scan.PNG'],
      [jpegBytes(), 'photo', 'jpg', 'photo.jpg'],
      [pdfBytes(), 'notes.html', 'pdf', 'notes.html.pdf'],
    ] as const) {
      const res = await upload(bytes, name, '2');
      expect(res.status, `${name}: ${res.text}`).toBe(303);
      const id = (res.headers.location as string).split('/').pop();
      const row = await api.ctx.db.query<{ kind: string; file_name: string }>('SELECT kind, file_name FROM documents WHERE id = $1', [id]);
      expect(row.rows[0]).toEqual({ kind, file_name: stored });
    }
  });

  it('refuses a type that is not allowed with a clear message, whatever its name says', async () => {
    for (const [bytes, name] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'report.pdf'],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), 'setup.docx'],
      [Buffer.from('name,value\nx,1\n'), 'data.csv'],
    ] as const) {
      const res = await upload(bytes, name, '3');
      expect(res.status).toBe(422);
      expect(res.text).toBe(NOT_ALLOWED);
    }
    expect((await api.ctx.db.query(`SELECT 1 FROM documents WHERE owner_id = '3'`)).rows).toEqual([]);
  });

  it('refuses a file over 10 MB in the portal and in the API, with a message and no crash', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)]);
    const res = await upload(big, 'big.pdf', '4');
    expect(res.status).toBe(422);
    expect(res.text).toBe(documentText.tooLarge(MAX_DOCUMENT_BYTES));
    expect(documentText.tooLarge(MAX_DOCUMENT_BYTES)).toBe('The file is larger than 10 MB. Upload a smaller file.');
    const direct = await request(apiUrl).post('/api/sample/records/4/documents').set('Authorization', `Bearer ${token}`).attach('file', big, 'big.pdf');
    expect(direct.status).toBe(400);
    expect(direct.body.errors).toEqual([{ field: 'file', message: documentText.tooLarge(MAX_DOCUMENT_BYTES) }]);
    // The portal still answers afterwards.
    expect((await user.get('/')).status).toBe(200);
  });

  it('asks for a file when none was chosen, and refuses an empty one', async () => {
    const none = await user.post('/sample/records/5/upload').field('_csrf', await csrf()).field('note', 'x');
    expect(none.status).toBe(422);
    expect(none.text).toBe(documentText.noFile);
    const empty = await upload(Buffer.alloc(0), 'empty.pdf', '5');
    expect(empty.status).toBe(422);
    expect([documentText.empty, documentText.noFile]).toContain(empty.text);
  });

  it('checks the CSRF token of a multipart form, and ignores uploads of signed-out visitors', async () => {
    const forged = await user.post('/sample/records/6/upload').field('_csrf', 'not-the-token').attach('file', pdfBytes(), 'x.pdf');
    expect(forged.status).toBe(403);
    const anonymous = await request(portal.app).post('/sample/records/6/upload').field('_csrf', 'x').attach('file', pdfBytes(), 'x.pdf');
    expect(anonymous.status).toBe(403);
    expect((await api.ctx.db.query(`SELECT 1 FROM documents WHERE owner_id = '6'`)).rows).toEqual([]);
  });

  it("answers 404 for another module's document or an unknown id, through the portal too", async () => {
    const [meta] = (await request(apiUrl).get('/api/sample/records/1/documents').set('Authorization', `Bearer ${token}`)).body as { id: string }[];
    expect(await getDocument(api.ctx.db, 'other', meta!.id)).toBeNull();
    expect((await request(apiUrl).get('/api/sample/documents/00000000-0000-4000-8000-000000000000').set('Authorization', `Bearer ${token}`)).status).toBe(404);
    expect((await user.get('/sample/documents/not-a-uuid')).status).toBe(404);
  });
});
