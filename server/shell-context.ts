// What the signed-in shell knows about the user's working context (spec §2 Shell, §4): the LEAs
// they may pick (GET /api/leas/users), the school years (GET /api/leas/school-years), and which
// of each is current. The lists are cached per session for a minute (Redis when there is one,
// so every portal instance shares them; else this process), so a page does not cost two extra
// API calls. They are kept apart from the session object on purpose: express-session writes the
// whole object back at the end of a request, and a page load refreshing a cache must never
// write an old LEA choice over the one a concurrent POST /session/lea just saved.
//
// On every signed-in request the middleware applies the LEA selection on load rule
// (lib/lea-selection.ts) and makes sure a school year is set, so the CurrentLeaId and
// activeschoolyear headers of the request's API calls (server/upstream.ts reads the session)
// are right from the first call on.
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { lea as leaSchema, schoolYear as schoolYearSchema } from '../lib/contract.js';
import { isInCharterGroup, selectLeaOnLoad, visibleLeas, type LeaOption } from '../lib/lea-selection.js';
import { safeReturnUrl } from '../lib/return-url.js';
import type { SchoolYear } from '../lib/school-year.js';
import { BUILD_ID_HEADER } from '../lib/client-events.js';
import type { PortalConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { withTimeout } from './redis.js';
import { SessionValueCache } from './session-cache.js';
import type { SessionUser } from './session-types.js';
import { SCHOOL_YEARS_PATH, SessionExpiredError } from './upstream.js';

declare module 'express-session' {
  interface SessionData {
    /**
     * The saved child search form of the Early Childhood Outcomes module (any shape the module
     * chooses); an LEA change clears it (spec §4, server/routes/session-context.ts).
     */
    childSearchForm?: unknown;
  }
}

/** What the shell's layout needs; null for a signed-out request. */
export interface ShellData {
  /** The LEAs the user may pick (spec §6 visibility), in the API's order. */
  leas: LeaOption[];
  schoolYears: SchoolYear[];
  currentLeaId: number | null;
  schoolYear: string | null;
  /** This page (path and query), for the selectors and Login to come back to. */
  returnTo: string;
  /** The session's idle timeout, for the session-timeout warning. */
  idleSeconds: number;
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by shellContext for every signed-in request (server/shell-context.ts). */
      shell?: ShellData | null;
    }
  }
}

export const SHELL_LISTS_TTL_MS = 60_000;

const leaOption = leaSchema.pick({ id: true, name: true, isNdeLevelDistrict: true, isIncludedInCharterGroup: true, leaType: true, userLeas: true });
const leaList = z.array(leaOption);
const yearList = z.array(schoolYearSchema);

const cachedLists = z.object({
  leas: z.array(z.object({ id: z.number().int(), name: z.string(), isNdeLevelDistrict: z.boolean(), isIncludedInCharterGroup: z.boolean() })),
  schoolYears: z.array(z.object({ key: z.string(), label: z.string() })),
  /** The LEA generation the lists were read at (see invalidateShellLists). */
  generation: z.number().int().optional(),
});
export type ShellLists = z.infer<typeof cachedLists>;

/** The per-session lists, and one load per session at a time in this process. */
class ShellListsCache extends SessionValueCache<ShellLists> {
  private readonly inflight = new Map<string, Promise<ShellLists>>();

  constructor(deps: AppDeps) {
    super(deps, 'shell', cachedLists);
  }

  /** Concurrent requests of one session share one load. */
  shared(sid: string, load: () => Promise<ShellLists>): Promise<ShellLists> {
    const running = this.inflight.get(sid);
    if (running) return running;
    const started = load().finally(() => this.inflight.delete(sid));
    this.inflight.set(sid, started);
    return started;
  }
}

const caches = new WeakMap<AppDeps, ShellListsCache>();

// Every session's cached lists belong to a generation; an LEA added, changed or removed starts a
// new one, so the next page of every session reads the lists again instead of waiting for the
// cache to expire (shared through Redis by all portal instances; else this process only).
const GENERATION_TIMEOUT_MS = 500;
const localGenerations = new WeakMap<AppDeps, number>();
const generationKey = (deps: AppDeps) => `${deps.config.redisPrefix}shell-generation`;

async function currentGeneration(deps: AppDeps): Promise<number> {
  if (!deps.redis) return localGenerations.get(deps) ?? 0;
  return Number((await withTimeout(deps.redis.get(generationKey(deps)), GENERATION_TIMEOUT_MS, 'shell generation read')) ?? 0);
}

/** After an LEA change: every session reads its LEA list again on its next page. */
export async function invalidateShellLists(deps: AppDeps): Promise<void> {
  localGenerations.set(deps, (localGenerations.get(deps) ?? 0) + 1);
  if (deps.redis) await withTimeout(deps.redis.incr(generationKey(deps)), GENERATION_TIMEOUT_MS, 'shell generation bump');
}

function cacheOf(deps: AppDeps): ShellListsCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ShellListsCache(deps);
    caches.set(deps, cache);
  }
  return cache;
}

/** The user's own LEAs: their home LEA and every LEA that lists them as a member. */
function ownLeaIds(user: SessionUser, leas: readonly z.infer<typeof leaOption>[]): number[] {
  const own = new Set<number>();
  if (user.leaId !== null) own.add(user.leaId);
  const me = user.id.toLowerCase();
  for (const l of leas) if (l.userLeas?.some((m) => m.userId.toLowerCase() === me)) own.add(l.id);
  return [...own];
}

async function fetchLists(req: Request, res: Response, user: SessionUser): Promise<ShellLists> {
  const api = res.locals.api;
  const yearsCall = () => api.call({ path: SCHOOL_YEARS_PATH, schema: yearList });
  const leasCall = () => api.call({ path: '/api/leas/users', schema: leaList });
  let leas: z.infer<typeof leaList>;
  let years: z.infer<typeof yearList>;
  if (req.session.schoolYear) {
    [leas, years] = await Promise.all([leasCall(), yearsCall()]);
  } else {
    // No year saved yet (first page after sign-in): the years first, so the LEA call carries
    // the current one (spec §7) without the client fetching the list a second time.
    years = await yearsCall();
    const first = years[0];
    if (first) req.session.schoolYear = first.key;
    leas = await leasCall();
  }
  // The API already limits the list (spec §6); the rule is applied again so an agency API that
  // returns more cannot widen what the selector offers.
  const shown = visibleLeas(leas, user.permissions, ownLeaIds(user, leas));
  return {
    leas: shown.map((l) => ({ id: l.id, name: l.name, isNdeLevelDistrict: l.isNdeLevelDistrict, isIncludedInCharterGroup: isInCharterGroup(l) })),
    schoolYears: years.map((y) => ({ key: y.key, label: y.label })),
  };
}

/**
 * The session's LEA and school-year lists, from the cache or the API. Upstream failures are
 * thrown (the caller decides); a cache that is down only costs the API calls.
 */
export async function loadShellLists(req: Request, res: Response, options: { fresh?: boolean } = {}): Promise<ShellLists> {
  const deps = res.locals.deps;
  const user = req.session?.user;
  if (!user) throw new SessionExpiredError();
  const cache = cacheOf(deps);
  const sid = req.sessionID;
  const [hit, generation] = await Promise.all([
    options.fresh ? null : cache.get(sid).catch((err: unknown) => {
      req.log?.warn({ err }, 'shell cache unavailable');
      return null;
    }),
    currentGeneration(deps).catch((err: unknown) => {
      req.log?.warn({ err }, 'shell generation unavailable');
      return -1;
    }),
  ]);
  if (hit && generation >= 0 && (hit.generation ?? 0) === generation) return hit;
  return cache.shared(sid, async () => {
    const lists = { ...(await fetchLists(req, res, user)), generation: Math.max(generation, 0) };
    await cache.set(sid, lists, SHELL_LISTS_TTL_MS).catch((err: unknown) => req.log?.warn({ err }, 'shell cache unavailable'));
    return lists;
  });
}

/**
 * Applies the selection rules of spec §4 to the session: the saved LEA stays while it is still
 * offered, else the state-level district (all-LEA users) or the first LEA; a school year that is
 * not (or no longer) in the list gives way to the first one, the current year.
 */
export function applySelection(req: Request, user: SessionUser, lists: ShellLists): void {
  const session = req.session;
  const saved = session.currentLeaId ?? null;
  const leaId = selectLeaOnLoad(lists.leas, saved, user.permissions);
  if (leaId !== saved) session.currentLeaId = leaId;
  const first = lists.schoolYears[0];
  if (first && !lists.schoolYears.some((y) => y.key === session.schoolYear)) session.schoolYear = first.key;
}

/** Loads the lists, applies the selection and exposes the result for the layout (res.locals.shell). */
export function shellContext(): RequestHandler {
  return async (req, res, next) => {
    const user = req.session?.user;
    if (!user) {
      res.locals.shell = null;
      return next();
    }
    let lists: ShellLists = { leas: [], schoolYears: [] };
    try {
      lists = await loadShellLists(req, res);
      applySelection(req, user, lists);
    } catch (err) {
      if (err instanceof SessionExpiredError) return next(err);
      // The page itself may not need the API (or shows its own error): render it without the
      // selectors rather than fail here.
      req.log?.warn({ err }, 'shell lists unavailable; the page renders without the selectors');
    }
    res.locals.currentLeaId = req.session.currentLeaId ?? null;
    res.locals.schoolYear = req.session.schoolYear ?? null;
    res.locals.shell = {
      leas: lists.leas,
      schoolYears: lists.schoolYears,
      currentLeaId: res.locals.currentLeaId,
      schoolYear: res.locals.schoolYear,
      returnTo: safeReturnUrl(req.originalUrl),
      idleSeconds: res.locals.deps.config.sessionIdleMinutes * 60,
    };
    next();
  };
}

/** Every response names the build that answered it (x-build-id), for VersionCheck (spec §8). */
export function buildIdHeader(config: Pick<PortalConfig, 'buildId'>): RequestHandler {
  return (_req, res, next) => {
    res.set(BUILD_ID_HEADER, config.buildId);
    next();
  };
}
