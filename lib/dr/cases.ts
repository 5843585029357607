// A dispute case's identity and reach (DR spec §2 scope, §3 DisputeCase): its number, its school
// year, and who may see it. Pure: the API checks every record with `inScope` (a case outside
// scope answers 404 exactly as a missing one), and the pages use the same rule.
import { schoolYearOfDay } from '../calendar.js';
import type { IsoDay } from '../day.js';
import type { CaseType } from './timeline.js';

/** disputeType codes of §3 → the engine's case types and the case number prefixes. */
export const DISPUTE_TYPES: Readonly<Record<1 | 2 | 3 | 4 | 5, CaseType>> = { 1: 'IEPF', 2: 'MED', 3: 'SC', 4: 'DP', 5: 'EDP' };

/** The school year of a received date (July 1 - June 30): 2025-06-30 → 2024-2025, 2025-07-01 → 2025-2026. */
export function caseSchoolYear(receivedDate: IsoDay): string {
  return schoolYearOfDay(receivedDate);
}

/** The last July-June reporting year that has ended on `today` (Table 7's default, §4.4). */
export function lastEndedYear(today: IsoDay): string {
  const start = Number(caseSchoolYear(today).slice(0, 4)) - 1;
  return `${start}-${start + 1}`;
}

/** The two-digit years of a school year: 2025-2026 → 2526. */
export function yearCode(schoolYear: string): string {
  return `${schoolYear.slice(2, 4)}${schoolYear.slice(7, 9)}`;
}

/** `{prefix}-{yyyy}-{seq}`, seq three digits per prefix and year (SC-2526-007). */
export function caseNumber(type: CaseType, schoolYear: string, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`A case number's sequence starts at 1, got ${seq}`);
  return `${type}-${yearCode(schoolYear)}-${String(seq).padStart(3, '0')}`;
}

export interface ScopeViewer {
  userId: string;
  /** DisputeResolution.stateuser. */
  isStateUser: boolean;
  /** DisputeResolution.roles.leauser, with the user's LEAs. */
  isLeaUser: boolean;
  leaIds: readonly number[];
  /** DisputeResolution.roles.publicuser, with the confirmed email. */
  isPublicUser: boolean;
  confirmedEmail: string | null;
}

export interface ScopeCase {
  isDraft: boolean;
  createdBy: string;
  respondentLeaId: number | null;
  /** The LEA that filed (requester type 6), if any. */
  filingLeaId: number | null;
  requesterEmail: string | null;
  attorneyEmail: string | null;
  /** Users with an Accepted assignment on the case now. */
  acceptedNeutralIds: readonly string[];
}

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a viewer may see a case (§2): state staff every case; a district DR contact the
 * non-draft cases their LEAs respond to or filed; a neutral the cases they are assigned to while
 * it lasts; a public filer the cases they created or where their confirmed email is the
 * requester's or the attorney's. Anyone sees their own draft.
 */
export function inScope(viewer: ScopeViewer, c: ScopeCase): boolean {
  if (c.createdBy === viewer.userId) return true;
  if (c.isDraft) return false;
  if (viewer.isStateUser) return true;
  if (viewer.isLeaUser && [c.respondentLeaId, c.filingLeaId].some((id) => id !== null && viewer.leaIds.includes(id))) return true;
  if (c.acceptedNeutralIds.includes(viewer.userId)) return true;
  if (viewer.isPublicUser && (sameEmail(viewer.confirmedEmail, c.requesterEmail) || sameEmail(viewer.confirmedEmail, c.attorneyEmail))) return true;
  return false;
}
