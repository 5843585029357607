// The 404 handler and the error handler: every failure becomes a page (or, for fetch calls from
// islands, JSON) with the right status and the catalogue's message (spec §8):
//   session expired          → sign-in page with returnUrl and the "Session expired" flash
//   API unreachable          → 503 "No Network: The server cannot be reached." (session kept)
//   API too slow             → 504
//   API 403 / our 403        → 403 "Access Denied!"
//   CSRF / Origin refused    → 403 "Your form expired. Please try again."
//   Redis down or hanging    → 503 within about a second
//   anything else            → 500, logged with the request id
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createElement, type ReactElement } from 'react';
import { errorMessages } from '../lib/messages.js';
import { AccessDeniedPage, accessDeniedTitle } from '../views/pages/errors/AccessDeniedPage.js';
import { FormExpiredPage, formExpiredTitle } from '../views/pages/errors/FormExpiredPage.js';
import { GatewayTimeoutPage, gatewayTimeoutTitle } from '../views/pages/errors/GatewayTimeoutPage.js';
import { NoNetworkPage, noNetworkTitle } from '../views/pages/errors/NoNetworkPage.js';
import { NotFoundPage, notFoundTitle } from '../views/pages/errors/NotFoundPage.js';
import { ServerErrorPage, serverErrorTitle } from '../views/pages/errors/ServerErrorPage.js';
import { ServiceUnavailablePage, serviceUnavailableTitle } from '../views/pages/errors/ServiceUnavailablePage.js';
import { TooManyRequestsPage, tooManyRequestsTitle } from '../views/pages/errors/TooManyRequestsPage.js';
import { CsrfError } from './csrf.js';
import { addFlash } from './flash.js';
import { StoreUnavailableError } from './redis.js';
import { renderPage } from './render.js';
import { regenerateSession, saveSession, sessionCookieOptions, signedInMarkerName } from './session.js';
import { SessionExpiredError, UpstreamError } from './upstream.js';

/** Throw from a route for a 404 or 403 page. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (): HttpError => new HttpError(404, errorMessages.pageNotFound);
export const accessDenied = (): HttpError => new HttpError(403, errorMessages.accessDenied);

/** fetch() calls from islands (islands/api.ts) and JSON clients get JSON, browsers get pages. */
export function wantsJson(req: Request): boolean {
  if (req.get('x-csrf-token') !== undefined && req.accepts(['html', 'json']) === 'json') return true;
  const accept = req.get('accept') ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

function retryHref(req: Request): string | undefined {
  return req.method === 'GET' ? req.originalUrl : undefined;
}

function sameOriginPath(req: Request, value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.host !== req.get('host')) return undefined;
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}

function sendPage(req: Request, res: Response, status: number, title: string, page: ReactElement): void {
  try {
    renderPage(req, res, page, { title, status });
  } catch (err) {
    // The error page itself failed to render: still answer, plainly.
    res.locals.deps?.log.error({ err }, 'error page failed to render');
    if (!res.headersSent) res.status(status).type('text').send(title);
  }
}

export function renderTooManySignIns(req: Request, res: Response): void {
  if (wantsJson(req)) {
    res.status(429).json({ message: errorMessages.tooManySignIns });
    return;
  }
  sendPage(req, res, 429, tooManyRequestsTitle, createElement(TooManyRequestsPage, { requestId: res.locals.requestId }));
}

/** Past the per-client limit on signed-out forms (forgot password, register, resend, reset). */
export function renderTooManyRequests(req: Request, res: Response): void {
  if (wantsJson(req)) {
    res.status(429).json({ message: errorMessages.tooManyRequests });
    return;
  }
  sendPage(req, res, 429, tooManyRequestsTitle, createElement(TooManyRequestsPage, { requestId: res.locals.requestId, body: errorMessages.tooManyRequests }));
}

export function loginUrl(returnUrl: string): string {
  return `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * Ends the session (tokens removed, id replaced) and sends the user to sign in again, with
 * "Session expired" shown there and the page they were on as returnUrl (spec §4, §8).
 */
export async function endSessionAndRedirect(req: Request, res: Response): Promise<void> {
  const deps = res.locals.deps;
  const returnUrl = req.originalUrl || '/';
  if (req.session) {
    await deps.tokens.remove(req.sessionID).catch((err: unknown) => deps.log.warn({ err }, 'token record cleanup failed'));
    await regenerateSession(req);
    addFlash(req, { type: 'error', text: errorMessages.sessionExpired });
    await saveSession(req);
  }
  // Said once, here: the marker that would say it again on the next page goes.
  const { maxAge: _idle, ...cookie } = sessionCookieOptions(deps.config);
  res.clearCookie(signedInMarkerName(deps.config), cookie);
  const location = loginUrl(returnUrl);
  if (wantsJson(req)) {
    res.status(401).json({ message: errorMessages.sessionExpired, location });
    return;
  }
  res.redirect(req.method === 'GET' ? 302 : 303, location);
}

export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    if (wantsJson(req)) {
      res.status(404).json({ message: errorMessages.pageNotFound });
      return;
    }
    sendPage(req, res, 404, notFoundTitle, createElement(NotFoundPage, { requestId: res.locals.requestId }));
  };
}

interface Outcome {
  status: number;
  message: string;
  title: string;
  page: () => ReactElement;
  log: 'error' | 'warn' | 'info';
}

function classify(err: unknown, req: Request, res: Response): Outcome {
  const requestId = res.locals.requestId;
  const retry = retryHref(req);
  if (err instanceof CsrfError) {
    const backHref = sameOriginPath(req, req.get('referer'));
    return { status: 403, message: err.message, title: formExpiredTitle, page: () => createElement(FormExpiredPage, { requestId, backHref }), log: 'warn' };
  }
  if (err instanceof UpstreamError) {
    if (err.kind === 'network') {
      return { status: 503, message: errorMessages.noNetwork, title: noNetworkTitle, page: () => createElement(NoNetworkPage, { requestId, retryHref: retry }), log: 'warn' };
    }
    if (err.kind === 'timeout') {
      return { status: 504, message: errorMessages.upstreamTimeout, title: gatewayTimeoutTitle, page: () => createElement(GatewayTimeoutPage, { requestId, retryHref: retry }), log: 'warn' };
    }
    if (err.kind === 'http' && err.status === 403) {
      return { status: 403, message: errorMessages.accessDenied, title: accessDeniedTitle, page: () => createElement(AccessDeniedPage, { requestId }), log: 'info' };
    }
    if (err.kind === 'http' && err.status === 404) {
      return { status: 404, message: errorMessages.pageNotFound, title: notFoundTitle, page: () => createElement(NotFoundPage, { requestId }), log: 'info' };
    }
    // Other API errors are passed on with the server's message; an API 5xx is our 502.
    const status = err.kind === 'http' && err.status >= 400 && err.status < 500 ? err.status : 502;
    return { status, message: err.message, title: serverErrorTitle, page: () => createElement(ServerErrorPage, { requestId, detail: err.message }), log: 'error' };
  }
  if (err instanceof StoreUnavailableError || isRedisClientError(err)) {
    return { status: 503, message: errorMessages.serviceUnavailable, title: serviceUnavailableTitle, page: () => createElement(ServiceUnavailablePage, { requestId, retryHref: retry }), log: 'error' };
  }
  if (err instanceof HttpError) {
    if (err.status === 403) return { status: 403, message: errorMessages.accessDenied, title: accessDeniedTitle, page: () => createElement(AccessDeniedPage, { requestId }), log: 'info' };
    if (err.status === 404) return { status: 404, message: errorMessages.pageNotFound, title: notFoundTitle, page: () => createElement(NotFoundPage, { requestId }), log: 'info' };
  }
  // body-parser and other errors that carry a client status (413 too large, 400 malformed).
  const status = httpStatusOf(err);
  if (status >= 400 && status < 500) {
    return { status, message: errorMessages.somethingWentWrong, title: serverErrorTitle, page: () => createElement(ServerErrorPage, { requestId }), log: 'warn' };
  }
  return { status: 500, message: errorMessages.somethingWentWrong, title: serverErrorTitle, page: () => createElement(ServerErrorPage, { requestId }), log: 'error' };
}

function httpStatusOf(err: unknown): number {
  if (typeof err === 'object' && err !== null) {
    const value = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  return 500;
}

function isRedisClientError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return typeof name === 'string' && /^(ClientOfflineError|ClientClosedError|ConnectionTimeoutError|SocketClosedUnexpectedlyError|TimeoutError)$/.test(name) && !(err instanceof UpstreamError);
}

export function errorHandler(): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const log = res.locals.deps?.log;
    if (err instanceof SessionExpiredError) {
      endSessionAndRedirect(req, res).catch((cause: unknown) => {
        log?.error({ err: cause }, 'could not end the expired session');
        if (!res.headersSent) res.redirect(303, loginUrl(req.originalUrl || '/'));
      });
      return;
    }
    const outcome = classify(err, req, res);
    // pino-http logs the request with this error attached.
    if (outcome.log === 'error') (res as Response & { err?: Error }).err = err instanceof Error ? err : new Error(String(err));
    log?.[outcome.log]({ err, status: outcome.status, requestId: res.locals.requestId }, outcome.message);
    if (outcome.status === 503) res.set('Retry-After', '5');
    if (wantsJson(req)) {
      res.status(outcome.status).json({ message: outcome.message });
      return;
    }
    sendPage(req, res, outcome.status, outcome.title, outcome.page());
  };
}
