// The bot check against a stand-in siteverify server: what passes, what is refused, and that a
// slow or broken provider refuses rather than waves through.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.js';
import { createRecaptchaCheck } from '../../api/recaptcha.js';

let server: Server;
let url: string;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get('response');
      if (token === 'slow') return; // never answers
      if (token === 'broken') {
        res.statusCode = 500;
        res.end('oops');
        return;
      }
      if (token === 'garbage') {
        res.end('not json');
        return;
      }
      const score = token === 'human' ? 0.9 : token === 'borderline' ? 0.5 : 0.2;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: token !== 'expired', score, 'error-codes': token === 'expired' ? ['timeout-or-duplicate'] : [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const log = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn() });

async function refusal(p: Promise<void>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('createRecaptchaCheck', () => {
  it('skips the check without a secret and says so once, at debug level', async () => {
    const l = log();
    const check = createRecaptchaCheck({ recaptchaSecret: undefined, recaptchaVerifyUrl: url }, l);
    await check('');
    await check('anything');
    expect(l.debug).toHaveBeenCalledTimes(1);
  });

  it('passes a human score and sends the secret, the token and the client address', async () => {
    const check = createRecaptchaCheck({ recaptchaSecret: 's3cret', recaptchaVerifyUrl: url }, log());
    await expect(check('human', '203.0.113.9')).resolves.toBeUndefined();
    await expect(check('borderline')).resolves.toBeUndefined();
    const form = seen.find((f) => f.get('response') === 'human')!;
    expect(form.get('secret')).toBe('s3cret');
    expect(form.get('remoteip')).toBe('203.0.113.9');
  });

  it('refuses a low score, a failed verdict, a missing token, a provider error and bad JSON with 400 recaptcha_failed', async () => {
    const check = createRecaptchaCheck({ recaptchaSecret: 's3cret', recaptchaVerifyUrl: url }, log());
    for (const token of ['bot', 'expired', '', 'broken', 'garbage']) {
      const err = await refusal(check(token));
      expect(err.status, token).toBe(400);
      expect(err.details.code).toBe('recaptcha_failed');
    }
  });

  it('refuses when the provider does not answer in time', async () => {
    const check = createRecaptchaCheck({ recaptchaSecret: 's3cret', recaptchaVerifyUrl: url }, log(), 150);
    const started = Date.now();
    expect((await refusal(check('slow'))).status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
