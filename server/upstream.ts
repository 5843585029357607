// The one client for the agency API. Every call carries the header contract of spec §7, every
// failure maps to the error catalogue of §8, every response is checked with zod, and every
// wait is bounded: an API that is down or stuck never holds a request for long.
import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { Pool } from 'undici';
import { z } from 'zod';
import { apiErrorBody, schoolYear, tokenResponse, type ApiErrorBody } from '../lib/contract.js';
import { API_ACCEPT, APP_VERSION, errorMessages } from '../lib/messages.js';
import { decodeAccessToken, TokenError, userFromClaims } from './jwt.js';
import type { Logger } from './logger.js';
import { tokenMark } from './session-types.js';
import type { NewTokenRecord, RefreshContext, Refresher, TokenManager, TokenRecord } from './token-store.js';
import { RefreshRejectedError, RefreshTimeoutError } from './token-store.js';

// ---- errors -----------------------------------------------------------------------------------

export type UpstreamErrorKind = 'network' | 'timeout' | 'http' | 'invalid-response';

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly kind: UpstreamErrorKind,
    /** The API's HTTP status; 0 when no response came (spec §8 "No Network (status 0)"). */
    readonly status: number,
    readonly body: ApiErrorBody | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The API's refusal of a form (by default 400 or 422) as field errors, or one form-level error
 * with its message when it names no field; null for any other failure (the caller throws it on).
 */
export function refusalErrors(err: unknown, statuses: readonly number[] = [400, 422]): { field: string; message: string }[] | null {
  if (!(err instanceof UpstreamError) || err.kind !== 'http' || !statuses.includes(err.status)) return null;
  const errors = (err.body?.errors ?? []).map((e) => ({ field: e.field, message: e.message }));
  return errors.length ? errors : [{ field: 'form', message: err.body?.message || err.message }];
}

/** The session's tokens could not be renewed: the user must sign in again (spec §4, §8). */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
  constructor(readonly detail?: string) {
    super(errorMessages.sessionExpired);
  }
}

export function networkError(cause?: unknown): UpstreamError {
  return new UpstreamError('network', 0, null, errorMessages.noNetwork, { cause });
}

export function timeoutError(cause?: unknown): UpstreamError {
  return new UpstreamError('timeout', 0, null, errorMessages.upstreamTimeout, { cause });
}

/** Maps a non-2xx API response to the catalogue: 403 → Access Denied!, others → the server's message. */
export function httpError(status: number, text: string): UpstreamError {
  const body = parseErrorBody(text);
  if (status === 403) return new UpstreamError('http', 403, body, errorMessages.accessDenied);
  return new UpstreamError('http', status, body, body?.message || errorMessages.somethingWentWrong);
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const parsed = apiErrorBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** undici / socket failures → network (nothing answered) or timeout (it answered too slowly). */
export function mapTransportError(err: unknown): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const e = err as { code?: string; name?: string } | null;
  if (e && (TIMEOUT_CODES.has(e.code ?? '') || e.name === 'TimeoutError' || e.name === 'AbortError')) return timeoutError(err);
  // ECONNREFUSED, ENOTFOUND, EHOSTUNREACH, ECONNRESET, UND_ERR_CONNECT_TIMEOUT, UND_ERR_SOCKET...
  return networkError(err);
}

// ---- low-level transport -------------------------------------------------------------------

export interface RawRequest {
  method: string;
  /** Path below the base URL, with query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** A tighter bound than the configured one (readiness probes). */
  timeoutMs?: number;
  /** A larger bound than MAX_RESPONSE_BYTES, for file downloads. */
  maxResponseBytes?: number;
  /** A file download: a successful answer's bytes are not decoded as text. */
  binary?: boolean;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  setCookie: string[];
  text: string;
  /** The answer's bytes as received (file downloads). */
  bytes: Buffer;
}

export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
/** The largest file the portal passes through (documents are at most 10 MB; CSV exports too). */
export const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

/** One connection pool per API base URL, with connect, header and body timeouts. */
export class UpstreamHttp {
  readonly origin: string;
  private readonly basePath: string;
  private readonly pool: Pool;

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(this.origin, {
      connections: 64,
      connect: { timeout: Math.min(timeoutMs, 3_000) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
    });
  }

  async send(request: RawRequest): Promise<RawResponse> {
    // Belt and braces over the per-phase timeouts: the whole exchange is bounded too. A timer we
    // clear, not AbortSignal.timeout(), which would stay armed (and fire) long after each call.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The upstream call timed out', 'TimeoutError')),
      (request.timeoutMs ?? this.timeoutMs) + 500,
    );
    try {
      const res = await this.pool.request({
        method: request.method as 'GET',
        path: this.basePath + request.path,
        headers: request.headers,
        body: request.body,
        ...(request.timeoutMs ? { headersTimeout: request.timeoutMs, bodyTimeout: request.timeoutMs } : {}),
        signal: controller.signal,
      });
      const bytes = await readLimited(res.body, request.maxResponseBytes ?? MAX_RESPONSE_BYTES);
      const raw = res.headers['set-cookie'];
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return {
        status: res.statusCode,
        headers: res.headers,
        setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
        text: request.binary && ok ? '' : bytes.toString('utf8'),
        bytes,
      };
    } catch (err) {
      throw mapTransportError(err);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => this.pool.destroy());
  }
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array> & { destroy?: (err?: Error) => void }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy?.();
      throw new UpstreamError('invalid-response', 0, null, errorMessages.somethingWentWrong);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

// ---- the header contract (spec §7) ---------------------------------------------------------

export const SCHOOL_YEARS_PATH = '/api/leas/school-years';
const COOKIE_PATHS = /^\/api\/auth\/(refresh-token|access-token|revoke-token)(?:[/?]|$)/;

export function isDrPublicPath(path: string): boolean {
  return path.toLowerCase().includes('disputeresolution/public');
}

export interface HeaderInput {
  path: string;
  bodyKind: 'json' | 'form' | 'multipart' | 'none';
  /** multipart/form-data with its boundary, for bodyKind 'multipart'. */
  multipartType?: string;
  accessToken: string | null;
  /** "user:password" for disputeresolution/public calls. */
  drPublicBasic: string;
  currentLeaId: number | null | undefined;
  schoolYear: string | undefined;
  cookies: Record<string, string> | undefined;
  requestId?: string;
  clientIp?: string;
}

export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    accept: API_ACCEPT,
    'app-version': APP_VERSION,
    currentleaid: input.currentLeaId == null ? '' : String(input.currentLeaId),
  };
  // Form data carries its own content type; everything else is JSON (spec §7).
  headers['content-type'] =
    input.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : input.bodyKind === 'multipart' ? (input.multipartType ?? 'multipart/form-data') : 'application/json';
  const pathname = input.path.split('?')[0] ?? input.path;
  if (isDrPublicPath(pathname)) {
    headers.authorization = `Basic ${Buffer.from(input.drPublicBasic, 'utf8').toString('base64')}`;
  } else if (input.accessToken) {
    headers.authorization = `Bearer ${input.accessToken}`;
  }
  if (pathname !== SCHOOL_YEARS_PATH && input.schoolYear) headers.activeschoolyear = input.schoolYear;
  // The refresh cookie goes to the three token endpoints only, never to data calls.
  if (COOKIE_PATHS.test(pathname) && input.cookies) {
    const cookie = cookieHeader(input.cookies);
    if (cookie) headers.cookie = cookie;
  }
  if (input.requestId) headers['x-request-id'] = input.requestId;
  // The person's address, for the API's per-client rate limits (it trusts only this hop).
  if (input.clientIp) headers['x-forwarded-for'] = input.clientIp;
  return headers;
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .filter(([name, value]) => COOKIE_NAME.test(name) && COOKIE_VALUE.test(value))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** Applies Set-Cookie headers from the API to the cookies kept for it (deletions included). */
export function mergeCookies(current: Record<string, string>, setCookie: string[], now = Date.now()): Record<string, string> {
  const next = { ...current };
  for (const header of setCookie) {
    const [pair, ...attrs] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!COOKIE_NAME.test(name)) continue;
    let expired = value === '';
    for (const attr of attrs) {
      const [k = '', v = ''] = attr.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
      if (k.toLowerCase() === 'expires' && Date.parse(v) <= now) expired = true;
    }
    if (expired) delete next[name];
    else next[name] = value;
  }
  return next;
}

export type QueryValue = string | number | boolean | null | undefined;

export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  // Paths are built by our code; refuse anything that could leave the API or climb out of it.
  if (normalised.startsWith('//') || /[\s\\]|\/\.\.?(?:\/|$)|:\/\//.test(normalised.split('?')[0] ?? '')) {
    throw new Error(`Refusing unsafe upstream path: ${JSON.stringify(path)}`);
  }
  if (!query) return normalised;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
  const qs = params.toString();
  if (!qs) return normalised;
  return normalised + (normalised.includes('?') ? '&' : '?') + qs;
}

// ---- responses -----------------------------------------------------------------------------

function parseSuccess<S extends z.core.$ZodType>(res: RawResponse, schema: S | undefined): z.infer<S> {
  let data: unknown = undefined;
  if (res.text.length > 0) {
    const type = String(res.headers['content-type'] ?? '');
    if (/json/i.test(type)) {
      try {
        data = JSON.parse(res.text);
      } catch (err) {
        throw new UpstreamError('invalid-response', res.status, null, errorMessages.somethingWentWrong, { cause: err });
      }
    } else {
      data = res.text;
    }
  }
  if (!schema) return data as z.infer<S>;
  // z.safeParse, not schema.safeParse: response schemas may be zod/mini ones (lib/browser-contract.ts).
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    throw new UpstreamError('invalid-response', res.status, null, errorMessages.somethingWentWrong, { cause: parsed.error });
  }
  return parsed.data;
}

// ---- the refresher (token-store.ts calls it under the single-flight lock) --------------------

export function createRefresher(http: UpstreamHttp, drPublicBasic: string, now: () => number = Date.now): Refresher {
  return async (record: TokenRecord, ctx: RefreshContext): Promise<NewTokenRecord> => {
    const path = '/api/auth/refresh-token';
    const res = await http.send({
      method: 'POST',
      path,
      headers: buildHeaders({
        path,
        bodyKind: 'json',
        accessToken: record.accessToken,
        drPublicBasic,
        currentLeaId: ctx.currentLeaId,
        schoolYear: ctx.schoolYear,
        cookies: record.cookies,
        requestId: ctx.requestId,
      }),
      // Spec §4: the refresh sends the active school year.
      body: JSON.stringify(ctx.schoolYear ? { activeSchoolYear: ctx.schoolYear } : {}),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      throw new RefreshRejectedError(parseErrorBody(res.text)?.message ?? `refresh refused (${res.status})`);
    }
    if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text);
    const token = parseSuccess(res, tokenResponse);
    try {
      decodeAccessToken(token.accessToken);
    } catch (err) {
      throw new RefreshRejectedError(err instanceof Error ? err.message : 'invalid token');
    }
    return {
      accessToken: token.accessToken,
      expiresAt: now() + token.expiresIn * 1000,
      cookies: mergeCookies(record.cookies, res.setCookie),
      userId: token.id,
      leaId: token.leaId,
    };
  };
}

// ---- the per-request client ----------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file to forward to the API in a multipart/form-data body (server/upload.ts). */
export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields?: Record<string, string>;
  files: readonly MultipartFile[];
}

/** A file the API answered with (a document or a CSV export), for server/download.ts. */
export interface UpstreamFile {
  contentType: string;
  /** The API's Content-Disposition, when it sent one. */
  contentDisposition: string | null;
  bytes: Buffer;
}

export interface ApiCallOptions<S extends z.core.$ZodType = z.ZodUnknown> {
  method?: HttpMethod;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A multipart/form-data body: files (and fields) forwarded from an upload form. */
  multipart?: MultipartBody;
  query?: Record<string, QueryValue>;
  schema?: S;
  /** 'user' (default): Bearer when signed in; 'none': anonymous; 'basic': the DR public credentials. */
  auth?: 'user' | 'none' | 'basic';
}

export interface ApiExchangeOptions<S extends z.core.$ZodType = z.ZodUnknown> extends ApiCallOptions<S> {
  /** Use this token record as is (no refresh, no retry): sign-out revokes with what it has. */
  credentials?: TokenRecord;
}

export interface ApiExchangeResult<T> {
  data: T;
  status: number;
  setCookie: string[];
}

export interface ApiClient {
  call<S extends z.core.$ZodType = z.ZodUnknown>(options: ApiCallOptions<S>): Promise<z.infer<S>>;
  /** A file answer (document, CSV export), its bytes untouched, up to MAX_DOWNLOAD_BYTES. */
  download(options: Omit<ApiCallOptions, 'schema'>): Promise<UpstreamFile>;
  /** Like call, but also returns the status and Set-Cookie headers (sign-in, revoke). */
  exchange<S extends z.core.$ZodType = z.ZodUnknown>(options: ApiExchangeOptions<S>): Promise<ApiExchangeResult<z.infer<S>>>;
}

/** What the per-request client needs from the app. */
export interface UpstreamServices {
  http: UpstreamHttp;
  tokens: TokenManager;
  drPublicBasic: string;
  schoolYears: SchoolYearCache;
  log: Logger;
}

const schoolYearList = z.array(schoolYear);

/**
 * The school year for anonymous calls (no session to save it in), fetched at most once a few
 * minutes per process; concurrent callers share one fetch.
 */
export class SchoolYearCache {
  private value: { key: string | undefined; until: number } | null = null;
  private pending: Promise<string | undefined> | null = null;

  constructor(private readonly ttlMs = 5 * 60_000) {}

  get(fetcher: () => Promise<string | undefined>): Promise<string | undefined> {
    if (this.value && this.value.until > Date.now()) return Promise.resolve(this.value.key);
    if (!this.pending) {
      this.pending = fetcher()
        .then((key) => {
          this.value = { key, until: Date.now() + (key ? this.ttlMs : 10_000) };
          return key;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }
}

/** What one send needs beyond the caller's options: the encoded multipart body, download mode. */
interface SendOptions extends ApiExchangeOptions<z.core.$ZodType> {
  encodedMultipart?: { body: Buffer; contentType: string } | undefined;
  download?: boolean;
}

/** multipart/form-data bytes and type, encoded by the platform's own FormData serialiser. */
export async function encodeMultipart(body: MultipartBody): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields ?? {})) form.append(name, value);
  for (const f of body.files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.contentType }), f.fileName);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}

export function createApiClient(req: Request, services: UpstreamServices, requestId?: string): ApiClient {
  const { http, tokens, drPublicBasic, log } = services;
  let lastToken: string | null = null;

  const refreshContext = (): RefreshContext => ({
    currentLeaId: req.session?.currentLeaId ?? null,
    schoolYear: req.session?.schoolYear,
    requestId,
  });

  // Roles and permissions come from the token (spec §6): keep the session's user in step after a refresh.
  const syncUser = (record: TokenRecord): void => {
    if (record.accessToken === lastToken) return;
    lastToken = record.accessToken;
    if (!req.session?.user) return;
    const mark = tokenMark(record.accessToken);
    if (req.session.userTokenMark === mark) return;
    try {
      const next = userFromClaims(decodeAccessToken(record.accessToken), record.leaId);
      if (JSON.stringify(next) !== JSON.stringify(req.session.user)) req.session.user = next;
      req.session.userTokenMark = mark;
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
    }
  };

  const signedIn = (): boolean => Boolean(req.session?.user);

  const currentRecord = async (): Promise<TokenRecord> => {
    let record: TokenRecord | null;
    try {
      record = await tokens.current(req.sessionID, refreshContext());
    } catch (err) {
      if (err instanceof RefreshTimeoutError) throw timeoutError(err);
      throw err;
    }
    if (!record) throw new SessionExpiredError();
    syncUser(record);
    return record;
  };

  const send = (options: SendOptions, record: TokenRecord | null, schoolYearKey: string | undefined): Promise<RawResponse> => {
    const path = buildPath(options.path, options.query);
    const bodyKind = options.encodedMultipart ? 'multipart' : options.form ? 'form' : options.json !== undefined ? 'json' : 'none';
    const method = options.method ?? (bodyKind === 'none' ? 'GET' : 'POST');
    const headers = buildHeaders({
      path,
      bodyKind,
      multipartType: options.encodedMultipart?.contentType,
      accessToken: options.auth === 'none' || options.auth === 'basic' ? null : (record?.accessToken ?? null),
      drPublicBasic,
      currentLeaId: req.session?.currentLeaId,
      schoolYear: schoolYearKey,
      cookies: record?.cookies,
      requestId,
      clientIp: req.ip,
    });
    if (options.auth === 'basic') headers.authorization = `Basic ${Buffer.from(drPublicBasic, 'utf8').toString('base64')}`;
    const body =
      bodyKind === 'multipart'
        ? options.encodedMultipart?.body
        : bodyKind === 'form'
          ? new URLSearchParams(options.form).toString()
          : bodyKind === 'json'
            ? JSON.stringify(options.json)
            : undefined;
    return http.send({
      method,
      path,
      headers,
      body,
      ...(options.download ? { maxResponseBytes: MAX_DOWNLOAD_BYTES, binary: true } : {}),
    });
  };

  /** The exchange itself: token (refreshed ahead), request, one refresh + one retry on a 401. */
  const perform = async (options: SendOptions, schoolYearKey: string | undefined): Promise<RawResponse> => {
    const auth = options.auth ?? 'user';
    const useToken = auth === 'user' && !isDrPublicPath(options.path) && (options.credentials !== undefined || signedIn());
    let record = useToken ? (options.credentials ?? (await currentRecord())) : null;
    let res = await send(options, record, schoolYearKey);
    if (res.status === 401 && record && !options.credentials) {
      let refreshed: TokenRecord | null;
      try {
        refreshed = await tokens.refresh(req.sessionID, record.rev, refreshContext());
      } catch (err) {
        if (err instanceof RefreshTimeoutError) throw timeoutError(err);
        throw err;
      }
      if (!refreshed) throw new SessionExpiredError(parseErrorBody(res.text)?.message);
      syncUser(refreshed);
      record = refreshed;
      res = await send(options, record, schoolYearKey);
      if (res.status === 401) {
        await tokens.remove(req.sessionID).catch(() => undefined);
        throw new SessionExpiredError(parseErrorBody(res.text)?.message);
      }
    }
    return res;
  };

  const fetchSchoolYear = async (): Promise<string | undefined> => {
    const res = await perform({ path: SCHOOL_YEARS_PATH, auth: 'user' }, undefined);
    if (res.status < 200 || res.status >= 300) {
      log.warn({ status: res.status }, 'school-years call failed; calling without activeschoolyear');
      return undefined;
    }
    // The API returns a list whose first item is the active year (spec §7).
    const years = parseSuccess(res, schoolYearList);
    return years[0]?.key;
  };

  /** Spec §7: every call but the school-years call carries activeschoolyear, fetched first if none is saved. */
  const ensureSchoolYear = async (path: string): Promise<string | undefined> => {
    if (path.split('?')[0] === SCHOOL_YEARS_PATH) return undefined;
    const saved = req.session?.schoolYear;
    if (saved) return saved;
    if (signedIn()) {
      const key = await fetchSchoolYear();
      if (key && req.session) req.session.schoolYear = key;
      return key;
    }
    return services.schoolYears.get(fetchSchoolYear);
  };

  // Once a call of this request has timed out, the API is too slow for this request: later calls
  // fail at once, so a page waits for one timeout at most, however many calls it makes in turn.
  let timedOut: UpstreamError | null = null;

  /** One call: the body encoded once (a retry after a refresh sends the same bytes), errors mapped. */
  const run = async (options: ApiExchangeOptions<z.core.$ZodType>, download: boolean): Promise<RawResponse> => {
    if (timedOut) throw timeoutError(timedOut);
    try {
      const path = buildPath(options.path);
      const encodedMultipart = options.multipart ? await encodeMultipart(options.multipart) : undefined;
      const schoolYearKey = await ensureSchoolYear(path);
      const res = await perform({ ...options, encodedMultipart, download }, schoolYearKey);
      if (res.status < 200 || res.status >= 300) throw httpError(res.status, res.text);
      return res;
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'timeout') timedOut = err;
      throw err;
    }
  };

  const exchange = async <S extends z.core.$ZodType>(options: ApiExchangeOptions<S>): Promise<ApiExchangeResult<z.infer<S>>> => {
    const res = await run(options, false);
    return { data: parseSuccess(res, options.schema), status: res.status, setCookie: res.setCookie };
  };

  return {
    exchange,
    async download(options: Omit<ApiCallOptions, 'schema'>): Promise<UpstreamFile> {
      const res = await run(options, true);
      const disposition = res.headers['content-disposition'];
      return {
        contentType: String(res.headers['content-type'] ?? 'application/octet-stream'),
        contentDisposition: typeof disposition === 'string' ? disposition : null,
        bytes: res.bytes,
      };
    },
    async call<S extends z.core.$ZodType>(options: ApiCallOptions<S>): Promise<z.infer<S>> {
      return (await exchange(options)).data;
    },
  };
}
