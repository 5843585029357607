// Security headers. Every response gets a fresh CSP nonce; scripts run only from our origin or
// with that nonce (no 'unsafe-inline'), styles only from our origin (no style= attributes),
// nothing may frame the portal, and forms may post only to it.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export function nonceMiddleware(): RequestHandler {
  return (_req, res, next) => {
    res.locals.nonce = randomBytes(18).toString('base64');
    next();
  };
}

// reCAPTCHA v3 (spec §2) loads its script and an invisible frame from Google.
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface CspOptions {
  recaptcha: boolean;
  /** Ask browsers to upgrade http subresources (production behind TLS). */
  upgradeInsecureRequests: boolean;
}

export function cspDirectives(options: CspOptions): Record<string, Iterable<string | ((req: IncomingMessage, res: ServerResponse) => string)> | null> {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as ServerResponse & { locals: { nonce: string } }).locals.nonce}'`;
  return {
    'default-src': ["'self'"],
    'script-src': [nonce, "'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPT : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.recaptcha ? ['https://www.google.com/recaptcha/'] : [])],
    'frame-src': options.recaptcha ? RECAPTCHA_FRAME : ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'upgrade-insecure-requests': options.upgradeInsecureRequests ? [] : null,
  };
}

export function securityHeaders(options: CspOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // 'no-referrer' (helmet's default) makes browsers send "Origin: null" on form posts, which
    // would defeat the Origin check in csrf.ts; 'same-origin' still leaks nothing to others.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.upgradeInsecureRequests ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'none' for browsers that only know the old header.
    xFrameOptions: { action: 'deny' },
  });
}
