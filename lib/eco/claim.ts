// Moving a child between LEAs (ECO spec §6.9) and the masked state student ID of lists (§3.0,
// §12). One statewide record per child: the receiving LEA claims it and keeps its history.
import type { IsoDay } from '../day.js';
import { ecoClaimText, ecoStatusMessages as m, ecoValidationMessages as v } from './messages.js';
import type { Refusal } from './status.js';

/** Lists show only the last 4 digits ('••••••1234'). */
export const maskStateStudentId = (id: string): string => `${'•'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

export interface Claimer {
  permissions: ReadonlySet<string>;
  /** The LEA of the top bar, which receives the child. */
  currentLeaId: number;
  currentLeaName: string;
}

export interface ClaimTarget {
  stateStudentId: string;
  birthDate: IsoDay;
  leaId: number;
  hasOpenRecord: boolean;
}

/**
 * Whether the claimer may take the child: a district user with Eco.scores.submit who typed the
 * exact ID and birth date; state users with App.data.allleas and Eco.scores.unlock move any
 * record. A wrong ID or birth date is 404, so the lookup reveals nothing.
 */
export function checkClaim(
  claimer: Claimer,
  child: ClaimTarget | null,
  typed: { stateStudentId: string; birthDate: string },
): { ok: true; fromLeaId: number; toLeaId: number } | Refusal {
  const stateMover = claimer.permissions.has('App.data.allleas') && claimer.permissions.has('Eco.scores.unlock');
  if (!stateMover && !claimer.permissions.has('Eco.scores.submit')) return { ok: false, status: 403, message: v.accessDenied };
  if (!child || child.stateStudentId !== typed.stateStudentId.trim() || child.birthDate !== typed.birthDate) return { ok: false, status: 404, message: v.notFound };
  if (!child.hasOpenRecord) return { ok: false, status: 409, message: m.closedRecord };
  if (child.leaId === claimer.currentLeaId) return { ok: false, status: 409, message: v.ssidInYourLea(claimer.currentLeaName) };
  return { ok: true, fromLeaId: child.leaId, toLeaId: claimer.currentLeaId };
}

/** The in-app message to the previous LEA's users (no child name, §9). */
export const claimedMessage = (stateStudentId: string, leaName: string, day: IsoDay): string => ecoClaimText.claimed(stateStudentId.slice(-4), leaName, day);
