import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nonceMiddleware, securityHeaders } from '../../server/security.js';

function appWith(options: { recaptcha: boolean; upgradeInsecureRequests: boolean }) {
  const app = express();
  app.use(nonceMiddleware());
  app.use(securityHeaders(options));
  app.get('/', (_req, res) => {
    res.send(`<script nonce="${res.locals.nonce}"></script>`);
  });
  return app;
}

function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values] as const;
      }),
  );
}

describe('Content-Security-Policy with a per-response nonce', () => {
  it('allows scripts only from our origin or with this response nonce, never inline', async () => {
    const res = await request(appWith({ recaptcha: false, upgradeInsecureRequests: false })).get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBeTruthy();
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const d = directives(csp);
    const nonce = /nonce="([^"]+)"/.exec(res.text)?.[1];
    expect(nonce).toBeTruthy();
    expect(d.get('script-src')).toEqual([`'nonce-${nonce}'`, "'self'"]);
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('uses a fresh nonce for every response', async () => {
    const app = appWith({ recaptcha: false, upgradeInsecureRequests: false });
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/');
      const n = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
      expect(n).toBeTruthy();
      expect(n!.length).toBeGreaterThanOrEqual(22);
      nonces.add(n!);
    }
    expect(nonces.size).toBe(5);
  });

  it('opens exactly the reCAPTCHA origins when a site key is configured, and upgrades requests in production', async () => {
    const res = await request(appWith({ recaptcha: true, upgradeInsecureRequests: true })).get('/');
    const d = directives(res.headers['content-security-policy'] as string);
    expect(d.get('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(d.get('script-src')).toContain('https://www.gstatic.com/recaptcha/');
    expect(d.get('frame-src')).toContain('https://www.google.com/recaptcha/');
    expect(d.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('sends a referrer policy that keeps the Origin header on same-origin form posts', async () => {
    const res = await request(appWith({ recaptcha: false, upgradeInsecureRequests: false })).get('/');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
