// Rules behind the browser-side shell islands: session timeout, Escape focus cycling, the
// events islands exchange, dashboard tiles and paginator page lists.
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_ID_HEADER, emit, listen, reportServerResponse, SERVER_RESPONSE_EVENT, type ServerResponseDetail } from '../../lib/client-events.js';
import { dashboardTiles } from '../../lib/dashboard-tiles.js';
import { nextRegion } from '../../lib/focus-cycle.js';
import { allPermissionValues, P } from '../../lib/permissions.js';
import { expiredLoginUrl, timeoutPlan } from '../../lib/session-timeout.js';
import { pageItems } from '../../lib/table-query.js';

describe('session timeout plan (WCAG 2.2.1: warn at least 2 minutes ahead)', () => {
  it('warns two minutes before the idle timeout by default', () => {
    expect(timeoutPlan(1800)).toEqual({ warnAfterMs: 1_680_000, expireAfterMs: 1_800_000 });
  });

  it('never warns later than two minutes before, but earlier when asked', () => {
    expect(timeoutPlan(1800, 30).warnAfterMs).toBe(1_680_000);
    expect(timeoutPlan(1800, 300).warnAfterMs).toBe(1_500_000);
  });

  it('warns at once when the timeout is shorter than the warning', () => {
    expect(timeoutPlan(60)).toEqual({ warnAfterMs: 0, expireAfterMs: 60_000 });
  });

  it('sends an expired session to the login page with a safe return URL', () => {
    expect(expiredLoginUrl('/admin/manage-users?page=2')).toBe('/auth/login?returnUrl=%2Fadmin%2Fmanage-users%3Fpage%3D2');
    expect(expiredLoginUrl('//evil.example')).toBe('/auth/login?returnUrl=%2F');
    expect(expiredLoginUrl('https://evil.example')).toBe('/auth/login?returnUrl=%2F');
  });
});

describe('Escape focus cycle (spec §2 Shell)', () => {
  it('goes content → menu → toolbar → content', () => {
    expect(nextRegion('content')).toBe('menu');
    expect(nextRegion('menu')).toBe('toolbar');
    expect(nextRegion('toolbar')).toBe('content');
    expect(nextRegion(null)).toBe('menu');
  });
});

describe('island events', () => {
  const target = new EventTarget();
  const g = globalThis as unknown as Record<string, unknown>;

  afterEach(() => {
    delete g.addEventListener;
    delete g.removeEventListener;
    delete g.dispatchEvent;
  });

  it('are no-ops on the server', () => {
    expect(() => emit('x', 1)).not.toThrow();
    const stop = listen('x', () => undefined);
    expect(() => stop()).not.toThrow();
  });

  it("carry the response's build id to listeners, until they stop listening", () => {
    g.addEventListener = target.addEventListener.bind(target);
    g.removeEventListener = target.removeEventListener.bind(target);
    g.dispatchEvent = target.dispatchEvent.bind(target);
    const seen: (string | null)[] = [];
    const stop = listen<ServerResponseDetail>(SERVER_RESPONSE_EVENT, (d) => seen.push(d.buildId));
    reportServerResponse({ headers: new Headers({ [BUILD_ID_HEADER]: 'abc123' }) });
    reportServerResponse({ headers: new Headers() });
    stop();
    reportServerResponse({ headers: new Headers({ [BUILD_ID_HEADER]: 'later' }) });
    expect(seen).toEqual(['abc123', null]);
  });
});

describe('dashboard tiles (spec §2 Dashboard)', () => {
  it('shows all four tiles to a site admin, the PSO one going to the district dashboard', () => {
    expect(dashboardTiles([...allPermissionValues]).map((t) => [t.title, t.href])).toEqual([
      ['Restraint & Aversive Intervention', '/restraint-aversive-intervention'],
      ['Early Childhood Outcomes', '/child-search'],
      ['Post-School Outcomes Survey', '/post-school-outcomes/lea-tracking'],
      ['Dispute Resolution', '/dispute-resolution'],
    ]);
  });

  it('shows a tile only with its route permission', () => {
    expect(dashboardTiles([])).toEqual([]);
    expect(dashboardTiles(['Eco.access']).map((t) => t.id)).toEqual(['tile-eco']);
    expect(dashboardTiles([P.drPublicUser]).map((t) => t.id)).toEqual(['tile-dr']);
    const vendor = dashboardTiles(['PostSchoolOutcomesSurvey.access', 'PostSchoolOutcomesSurvey.vendor-dashboard.view']);
    expect(vendor.map((t) => t.href)).toEqual(['/post-school-outcomes/vendor-dashboard']);
  });
});

describe('paginator page list', () => {
  it('shows first, last, and the neighbours of the current page with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
    // a gap of a single page shows the page
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});
