// Structured logging (pino). Secrets never reach the log: credentials, cookies and every
// password-like field are redacted wherever they appear.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export type { Logger };

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.recaptchaToken',
  '*._csrf',
];

export function createLogger(level: pino.LevelWithSilent, name = 'portal'): Logger {
  return pino({ level, name, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}

// A request id a proxy sent is kept only when it looks like an id, so logs cannot be forged
// with newlines or stuffed with kilobytes of text.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

/** Sets req.id / res.locals.requestId and the X-Request-Id response header. */
export function requestId(acceptFromProxy: boolean): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = acceptFromProxy && incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/favicon.ico']);

export function httpLogger(log: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger: log,
    genReqId: (req: IncomingMessage) => req.id ?? randomUUID(),
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') || (req.url ?? '').startsWith('/assets/') },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // The query string may carry verification uids or reset tokens: log the path only.
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        path: (req.url ?? '').split('?')[0],
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => middleware(req, res, next);
}
