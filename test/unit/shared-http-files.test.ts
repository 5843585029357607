// The shared download helpers: api/shared/http-files.ts (the API's CSV and document answers) and
// server/download.ts (the portal passing an API file through). Every file leaves as an attachment
// with nosniff, never cached, never rendered inline.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sendCsv, sendDocument, wantsCsv } from '../../api/shared/http-files.js';
import { toCsv } from '../../lib/csv.js';
import { sendUpstreamFile } from '../../server/download.js';

function appWith(handler: express.RequestHandler) {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/f', handler);
  return app;
}

const expectAttachmentHeaders = (res: request.Response) => {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
};

describe('api/shared/http-files', () => {
  it('wantsCsv reads ?format=csv', async () => {
    const app = appWith((req, res) => {
      res.json({ csv: wantsCsv(req) });
    });
    expect((await request(app).get('/f?format=csv')).body).toEqual({ csv: true });
    expect((await request(app).get('/f?format=CSV')).body).toEqual({ csv: true });
    expect((await request(app).get('/f')).body).toEqual({ csv: false });
    expect((await request(app).get('/f?format=json')).body).toEqual({ csv: false });
  });

  it('sendCsv sends UTF-8 CSV with its BOM as an attachment', async () => {
    const text = toCsv(['LEA Code', 'Name'], [['CC', 'Ünïcode, Inc.']]);
    const res = await request(appWith((_req, r) => sendCsv(r, 'dr-summary-2025-2026-state.csv', text))).get('/f').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=dr-summary-2025-2026-state.csv');
    expectAttachmentHeaders(res);
    expect(Buffer.from(res.text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.text).toBe(text);
  });

  it('sendDocument sends the stored bytes and type as an attachment, non-ASCII names encoded', async () => {
    const content = Buffer.from('%PDF-1.4 test');
    const res = await request(appWith((_req, r) => sendDocument(r, { fileName: 'Décision final.pdf', contentType: 'application/pdf', content })))
      .get('/f')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="D?cision final.pdf"; filename*=UTF-8''D%C3%A9cision%20final.pdf`);
    expect(res.headers['content-length']).toBe(String(content.length));
    expectAttachmentHeaders(res);
    expect(res.body).toEqual(content);
  });
});

describe('server/download sendUpstreamFile', () => {
  it("passes the API's attachment disposition and bytes through", async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    const res = await request(
      appWith((_req, r) => sendUpstreamFile(r, { contentType: 'image/png', contentDisposition: 'attachment; filename="scan.png"', bytes }, 'fallback.bin')),
    ).get('/f');
    expect(res.headers['content-disposition']).toBe('attachment; filename="scan.png"');
    expect(res.headers['content-type']).toBe('image/png');
    expectAttachmentHeaders(res);
  });

  it('never passes an inline disposition on: it becomes an attachment', async () => {
    const res = await request(
      appWith((_req, r) => sendUpstreamFile(r, { contentType: 'text/html', contentDisposition: 'inline; filename="x.html"', bytes: Buffer.from('<script>') }, 'report.csv')),
    ).get('/f');
    expect(res.headers['content-disposition']).toBe('attachment; filename=report.csv');
    expectAttachmentHeaders(res);
  });
});
