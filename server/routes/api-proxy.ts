// The portal's /api/* proxy for islands. Islands never hold a token (islands/api.ts): they call
// these same-origin paths, and the portal forwards the call to the agency API through the
// upstream client, with the session's token and the header contract of spec §7.
//
// Only the calls the islands need are forwarded (ALLOWED below), each with its method, its
// path shape, the query parameters it may carry and a zod schema for its JSON body and for the
// API's answer; anything else is a 404. The outgoing request is built from scratch, so the
// browser's cookies, Authorization and X-Forwarded-* headers never reach the API, and the
// answer is re-sent as JSON, so the API's Set-Cookie never reaches the browser. CSRF is
// checked for unsafe methods before any router runs (server/csrf.ts).
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  lea,
  notificationMessage,
  pagedPeople,
  pagedSchools,
  saveSubscriptionRequest,
  subscription,
} from '../../lib/contract.js';
import { errorMessages } from '../../lib/messages.js';
import { currentUser } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { loginUrl } from '../errors.js';
import { forgetCachedMessages, refererPath } from './messages.js';
import { SessionExpiredError, UpstreamError, type HttpMethod, type QueryValue } from '../upstream.js';

type ProxyMethod = Exclude<HttpMethod, 'PATCH'>;

export interface ProxyRoute {
  method: ProxyMethod;
  /** Matches the whole path (below the origin, without the query string). */
  path: RegExp;
  /** The query parameters that may be forwarded; others are dropped. */
  query?: z.ZodType<Record<string, QueryValue>>;
  /** The JSON body, required for POST and PUT routes that take one. */
  body?: z.ZodType;
  /** The API's answer; omitted for 204 answers. */
  response?: z.ZodType;
}

const ID = '([1-9][0-9]{0,9})';
const text = (max: number) => z.string().trim().max(max).optional();
const id = z.string().regex(/^[1-9][0-9]{0,9}$/).optional();

export const ALLOWED: readonly ProxyRoute[] = [
  // Notification settings: the subscription dialog (spec §7 Messages and subscriptions).
  { method: 'GET', path: /^\/api\/event-notification\/subscriptions\/user$/, response: z.array(subscription) },
  { method: 'POST', path: /^\/api\/event-notification\/subscriptions$/, body: saveSubscriptionRequest, response: subscription },
  { method: 'DELETE', path: new RegExp(`^/api/event-notification/subscriptions/unsubscribe/${ID}$`) },
  // The Messages widget.
  { method: 'GET', path: /^\/api\/event-notification\/message\/user-messages$/, response: z.array(notificationMessage) },
  { method: 'PUT', path: new RegExp(`^/api/event-notification/message/view/${ID}$`), response: notificationMessage },
  { method: 'PUT', path: new RegExp(`^/api/event-notification/message/dismiss/${ID}$`) },
  // LEA and school choices (subscription LEAs, the person picker's lists).
  { method: 'GET', path: /^\/api\/leas\/users$/, response: z.array(lea) },
  {
    method: 'GET',
    path: new RegExp(`^/api/leas/school-lookups/${ID}$`),
    response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  },
  {
    method: 'GET',
    path: /^\/api\/schools$/,
    query: z.object({
      pageNumber: id,
      pageSize: id,
      sortField: z.enum(['name', 'ziplineAPISchoolId', 'leaName', 'id']).optional(),
      sortDirection: z.enum(['asc', 'desc']).optional(),
      isOrderByParentField: z.enum(['true', 'false']).optional(),
      leaId: id,
    }),
    response: pagedSchools,
  },
  // People search (the person picker).
  {
    method: 'GET',
    path: /^\/api\/people$/,
    query: z.object({ leaId: id, schoolId: id, firstName: text(200), lastName: text(200), pageNumber: id, pageSize: id }),
    response: pagedPeople,
  },
];

/** The allowed route for a method and path, or undefined. */
export function matchProxyRoute(method: string, path: string): ProxyRoute | undefined {
  return ALLOWED.find((r) => r.method === method && r.path.test(path));
}

/** The answer to an island whose API call failed (spec §8): 503 No Network, 504, 502, or the API's refusal. */
export function sendUpstreamError(res: Response, err: UpstreamError): void {
  if (err.kind === 'network') {
    res.status(503).set('Retry-After', '5').json({ message: errorMessages.noNetwork });
  } else if (err.kind === 'timeout') {
    res.status(504).json({ message: errorMessages.upstreamTimeout });
  } else if (err.kind === 'invalid-response' || err.status >= 500) {
    res.status(502).json({ message: errorMessages.somethingWentWrong });
  } else {
    // The API refused the call: its status and body (message, field errors) are passed on (spec §8).
    res.status(err.status).json({ ...(err.body ?? {}), message: err.message });
  }
}

/** Calls that change the user's messages: the dashboard must not show its cached list after them. */
const MESSAGE_CHANGE = /^\/api\/event-notification\/message\/(?:view|dismiss)\//;

/** The query string as plain strings (the app parses it 'simple': repeated keys become arrays). */
function singleValues(query: Request['query']): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') return null;
    out[key] = value;
  }
  return out;
}

export function apiProxyRouter(deps: AppDeps): Router {
  const router = Router();

  router.all(/^\/api\//, async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const route = matchProxyRoute(req.method, req.path);
    if (!route) {
      res.status(404).json({ message: errorMessages.pageNotFound });
      return;
    }
    if (!currentUser(req)) {
      // Islands follow `location` to sign in again and come back to the page they are on.
      res.status(401).json({ message: errorMessages.sessionExpired, location: loginUrl(refererPath(req)) });
      return;
    }

    let query: Record<string, QueryValue> | undefined;
    if (route.query) {
      const raw = singleValues(req.query);
      const parsed = raw ? route.query.safeParse(raw) : null;
      if (!parsed?.success) {
        res.status(400).json({ message: errorMessages.invalidRequest });
        return;
      }
      query = parsed.data;
    }
    let json: unknown;
    if (route.body) {
      if (!req.is('application/json')) {
        res.status(415).json({ message: errorMessages.invalidRequest });
        return;
      }
      const parsed = route.body.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({
          message: errorMessages.invalidRequest,
          errors: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message })),
        });
        return;
      }
      json = parsed.data;
    }

    try {
      const result = await res.locals.api.exchange({ method: route.method, path: req.path, query, json, schema: route.response });
      if (MESSAGE_CHANGE.test(req.path)) await forgetCachedMessages(req, deps);
      if (result.status === 204 || result.data === undefined) {
        res.status(204).end();
        return;
      }
      res.status(result.status).json(result.data);
    } catch (err) {
      if (err instanceof SessionExpiredError) return next(err);
      // Even a refused change (say, a message already dismissed elsewhere) means the list moved on.
      if (MESSAGE_CHANGE.test(req.path)) await forgetCachedMessages(req, deps);
      if (err instanceof UpstreamError) {
        req.log?.warn({ err, path: req.path, status: err.status }, 'proxied API call failed');
        sendUpstreamError(res, err);
        return;
      }
      next(err);
    }
  });

  return router;
}
