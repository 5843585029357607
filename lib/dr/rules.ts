// The dispute resolution business rules of DR spec §8 that are arithmetic or ordering: the
// neutral rotation, the parent's choice of three hearing officers, related mediations, survey
// response rates, the median days to close and the report percentages. Pure functions; every
// worked example of §8 is a unit test (test/unit/dr-rules.test.ts).
import { daysBetween, type IsoDay } from '../day.js';
import { neutralMessages } from './messages.js';

export { neutralMessages };

// ---- neutrals ---------------------------------------------------------------------------------------

export interface Neutral {
  userId: string;
  active: boolean;
  /** Holds the roles.* permission of the needed type (mediator, facilitator, ...). */
  holdsRole: boolean;
  activeCases: number;
  maxActiveCases: number;
  /** The LEAs the person works for (a user of the respondent LEA cannot be assigned). */
  leaIds: readonly number[];
  /** Hearing and review officers: the last annual training (null: never). */
  trainedOn: IsoDay | null;
  languages: readonly string[];
  lastAssignedAt: string | null;
}

/** The neutral type each case type needs (§8 rotation): IEPF facilitator, MED mediator, SC investigator, DP/EDP hearing officer. */
export const NEUTRAL_TYPE_FOR: Readonly<Record<string, number>> = { IEPF: 1, MED: 2, SC: 5, DP: 3, EDP: 3 };

export interface RotationRequest {
  respondentLeaId: number | null;
  /** Hearing and review officers need training within 365 days. */
  needsTraining: boolean;
  preferredLanguage: string | null;
  today: IsoDay;
}

/** Why a neutral cannot take the case (the first reason), or null when eligible. */
export function ineligibility(n: Neutral, req: RotationRequest): string | null {
  if (req.respondentLeaId !== null && n.leaIds.includes(req.respondentLeaId)) return neutralMessages.worksForRespondent;
  if (req.needsTraining && (n.trainedOn === null || daysBetween(n.trainedOn, req.today) > 365)) return neutralMessages.trainingOverdue;
  if (!n.active || !n.holdsRole) return 'inactive';
  if (n.activeCases >= n.maxActiveCases) return 'full';
  return null;
}

/**
 * The rotation order (§8): eligible neutrals, those speaking the requester's language when at
 * least one eligible neutral does, never-assigned first, then by lastAssignedAt, ties by user id.
 */
export function rotationOrder(neutrals: readonly Neutral[], req: RotationRequest): Neutral[] {
  const eligible = neutrals.filter((n) => ineligibility(n, req) === null);
  const language = req.preferredLanguage;
  const speakers = language ? eligible.filter((n) => n.languages.includes(language)) : [];
  const pool = speakers.length ? speakers : eligible;
  return [...pool].sort((a, b) => {
    if (a.lastAssignedAt === null || b.lastAssignedAt === null) {
      if (a.lastAssignedAt !== b.lastAssignedAt) return a.lastAssignedAt === null ? -1 : 1;
    } else if (a.lastAssignedAt !== b.lastAssignedAt) return a.lastAssignedAt < b.lastAssignedAt ? -1 : 1;
    return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
  });
}

/**
 * The parent's choice of three (Nevada, parent-filed DP/EDP): the first ranked one who has not
 * declined is proposed; without a ranking, the first of the three offered.
 */
export function proposeFromChoice(offered: readonly string[], ranking: readonly string[] | null, declined: ReadonlySet<string>): string | null {
  const order = ranking && ranking.length ? ranking : offered;
  return order.find((id) => offered.includes(id) && !declined.has(id)) ?? null;
}

// ---- related mediation ------------------------------------------------------------------------------

export interface LinkedHearing {
  receivedDate: IsoDay;
  closedDate: IsoDay | null;
}

/** A MED is related to due process when a relation-2 link reaches a DP/EDP received on or before it and not closed on that day. */
export function isMediationRelatedToHearing(medReceived: IsoDay, linked: readonly LinkedHearing[]): boolean {
  return linked.some((h) => h.receivedDate <= medReceived && (h.closedDate === null || h.closedDate > medReceived));
}

// ---- figures -----------------------------------------------------------------------------------------

export const NOT_AVAILABLE = 'N/A';

/** Half-up rounding to `places` decimals on the decimal value (2/6 = 33.33, 1/8 = 12.50). */
function roundHalfUp(numerator: number, denominator: number, scale: number): number {
  // Integer arithmetic: numerator × 10^scale / denominator, rounded half up, without float drift.
  const scaled = BigInt(numerator) * 10n ** BigInt(scale) * 2n + BigInt(denominator);
  return Number(scaled / (2n * BigInt(denominator)));
}

/** A percentage with `places` decimals, half up; 'N/A' for a zero denominator. */
export function percent(numerator: number, denominator: number, places = 2): string {
  if (denominator === 0) return NOT_AVAILABLE;
  const units = roundHalfUp(numerator * 100, denominator, places);
  return `${(units / 10 ** places).toFixed(places)}%`;
}

/** Survey response rate: responses over invitations sent, one decimal (12 of 40 = 30.0%). */
export function responseRate(responses: number, invitationsSent: number): string {
  return percent(responses, invitationsSent, 1);
}

/** Median days from receipt to closing, one decimal; an even count averages the middle two. */
export function medianDaysToClose(cases: readonly { receivedDate: IsoDay; closedDate: IsoDay }[]): string {
  if (cases.length === 0) return NOT_AVAILABLE;
  return medianOf(cases.map((c) => daysBetween(c.receivedDate, c.closedDate)));
}

export function medianOf(values: readonly number[]): string {
  if (values.length === 0) return NOT_AVAILABLE;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return median.toFixed(1);
}
