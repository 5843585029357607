// Which LEAs a user sees, which one is current when a page loads, and where the user goes
// after changing it (spec §3 LEA, §4 LEA change / LEA selection on load, §6).
import type { Lea } from './contract.js';
import { shellText, uiText } from './messages.js';
import { hasAnyPermission, P } from './permissions.js';

export type LeaOption = Pick<Lea, 'id' | 'name' | 'isNdeLevelDistrict' | 'isIncludedInCharterGroup'> & Partial<Pick<Lea, 'leaType'>>;

/**
 * The one grouping rule (spec §3: Districts and Charters), for the top-bar selector and Manage
 * LEAs alike: a charter, or an LEA included in the charter group, is listed under Charters.
 */
export function isInCharterGroup(lea: Pick<Lea, 'isIncludedInCharterGroup'> & Partial<Pick<Lea, 'leaType'>>): boolean {
  return lea.isIncludedInCharterGroup || lea.leaType === 'Charter';
}

/**
 * The LEAs offered in the selector: users with view-all-LEAs see every LEA, state-level
 * districts included; others see only their own LEAs, state-level districts excluded.
 */
export function visibleLeas<T extends LeaOption>(
  all: readonly T[],
  permissions: readonly string[],
  ownLeaIds: readonly number[],
): T[] {
  if (hasAnyPermission(permissions, [P.allLeas])) return [...all];
  const own = new Set(ownLeaIds);
  return all.filter((l) => own.has(l.id) && !l.isNdeLevelDistrict);
}

/**
 * The current LEA when a page loads: the saved one if it is still offered; otherwise the
 * state-level district for a user with the all-LEA permission; otherwise the first LEA.
 * null when no LEA is offered.
 */
export function selectLeaOnLoad(
  leas: readonly LeaOption[],
  savedLeaId: number | null | undefined,
  permissions: readonly string[],
): number | null {
  if (savedLeaId !== null && savedLeaId !== undefined && leas.some((l) => l.id === savedLeaId)) return savedLeaId;
  if (hasAnyPermission(permissions, [P.allLeas])) {
    const stateLevel = leas.find((l) => l.isNdeLevelDistrict);
    if (stateLevel) return stateLevel.id;
  }
  return leas[0]?.id ?? null;
}

export interface LeaGroup<T> {
  label: string;
  leas: T[];
}

/** Districts and Charters (spec §3), in that order; an empty group is left out. */
export function groupLeas<T extends LeaOption>(leas: readonly T[]): LeaGroup<T>[] {
  const groups: LeaGroup<T>[] = [
    { label: shellText.districts, leas: leas.filter((l) => !isInCharterGroup(l)) },
    { label: shellText.charters, leas: leas.filter((l) => isInCharterGroup(l)) },
  ];
  return groups.filter((g) => g.leas.length > 0);
}

export interface AfterLeaChange {
  /** Where to send the browser (303). */
  redirectTo: string;
  /** A flash message to show there, if any. */
  message?: string;
}

const PSO_ROOT = '/post-school-outcomes';
const STUDENT_LIST_DETAIL = /^\/post-school-outcomes\/student-list\/[^/]+/;

/**
 * After an LEA change: post-school outcomes pages reload in place, except student-list detail
 * pages (their list belongs to the old LEA); everywhere else the user goes to the dashboard
 * with 'Redirecting to Dashboard.' (spec §4). `fromPath` must already be a safe local path.
 */
export function afterLeaChange(fromPath: string): AfterLeaChange {
  const path = fromPath.split(/[?#]/, 1)[0] ?? '/';
  const inPso = path === PSO_ROOT || path.startsWith(`${PSO_ROOT}/`);
  if (inPso && !STUDENT_LIST_DETAIL.test(path)) return { redirectTo: fromPath };
  return { redirectTo: '/', message: uiText.redirectingToDashboard };
}
