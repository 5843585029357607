// The case status machine and outcomes of DR spec §5.1 and §5.2: which moves exist, who may make
// each, and what each needs. Pure: the API refuses a move with the messages this returns, and
// the case screen offers only the moves `allowedMoves` lists.
import { daysBetween, type IsoDay } from '../day.js';
import { statusMessages } from './messages.js';
import type { CaseType } from './timeline.js';

export type CaseStatus = 'Draft' | 'Submitted' | 'Active' | 'Set Aside' | 'Closed';
export type NeutralRole = 'investigator' | 'mediator' | 'facilitator' | 'hearingofficer';

/** The neutral who may close each type (§5.1). */
export const CLOSING_NEUTRAL: Readonly<Record<CaseType, NeutralRole>> = {
  SC: 'investigator',
  MED: 'mediator',
  IEPF: 'facilitator',
  DP: 'hearingofficer',
  EDP: 'hearingofficer',
};

/** The outcome codes of each type (§5.2). */
export const OUTCOMES: Readonly<Record<CaseType, readonly number[]>> = {
  SC: [31, 32, 33],
  MED: [21, 22, 23, 24],
  IEPF: [11, 12, 13],
  DP: [41, 42, 43, 44, 45, 46],
  EDP: [41, 42, 43, 44, 45, 46],
};

/** Outcomes that need a reason (dismissed or not held). */
export const OUTCOMES_WITH_REASON: ReadonlySet<number> = new Set([33, 43]);

export interface Actor {
  isStateUser: boolean;
  /** The user who filed (owner of a draft). */
  isOwner: boolean;
  /** The neutral role this user holds on this case as an accepted assignment, if any. */
  assignedAs: NeutralRole | null;
}

export interface Allegation {
  /** 1 noncompliance, 2 compliance, 3 set aside for a hearing, 4 not investigated; null: none yet. */
  finding: number | null;
  /** Corrective actions with a due date (findings of noncompliance need at least one). */
  correctiveActionsWithDueDate: number;
  /** The allegation is also raised in an open DP/EDP linked with relation 3. */
  inOpenHearing: boolean;
  open: boolean;
}

export interface StatusCase {
  type: CaseType;
  status: CaseStatus;
  /** SC: the content checklist of 300.153(b) ticked. */
  contentChecklistComplete: boolean;
  bothPartiesAgreedDate: IsoDay | null;
  allegations: readonly Allegation[];
  /** Set Aside: the linked hearing has ended. */
  linkedHearingEnded: boolean;
  closedDate: IsoDay | null;
}

export interface MoveInput {
  to: CaseStatus;
  today: IsoDay;
  outcome?: number | null;
  outcomeReason?: string | null;
  /** SC 31: the report's date. MED 21: agreementDate. DP/EDP 41: hearing and decision dates. */
  reportDate?: IsoDay | null;
  agreementDate?: IsoDay | null;
  hearingDate?: IsoDay | null;
  decisionDate?: IsoDay | null;
  changeOfPlacementOrdered?: boolean | null;
  /** Reopen: why. */
  reason?: string | null;
}

const MOVES: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  Draft: ['Submitted'],
  Submitted: ['Active', 'Closed'],
  Active: ['Set Aside', 'Closed'],
  'Set Aside': ['Active', 'Closed'],
  Closed: ['Active'],
};

/** Whether this actor may attempt the move at all (§5.1 "Who"). */
export function mayMove(c: StatusCase, to: CaseStatus, actor: Actor): boolean {
  if (!MOVES[c.status].includes(to)) return false;
  if (c.status === 'Draft') return actor.isOwner;
  if (actor.isStateUser) return to !== 'Set Aside' || c.type === 'SC';
  const neutral = actor.assignedAs;
  if (neutral === null) return false;
  // The investigator sets an SC aside and back; the type's neutral closes an Active or Set Aside case.
  if ((to === 'Set Aside' || (c.status === 'Set Aside' && to === 'Active')) && c.type === 'SC') return neutral === 'investigator';
  if (to === 'Closed' && c.status !== 'Submitted') return neutral === CLOSING_NEUTRAL[c.type];
  return false;
}

/** The problems with a move (empty: it may be made). `actor` may be refused outright. */
export function moveErrors(c: StatusCase, input: MoveInput, actor: Actor): string[] {
  if (!mayMove(c, input.to, actor)) return [statusMessages.notAllowed];
  const errors: string[] = [];
  if (c.status === 'Submitted' && input.to === 'Active') {
    if (c.type === 'SC' && !c.contentChecklistComplete) errors.push(statusMessages.checklistIncomplete);
    if ((c.type === 'MED' || c.type === 'IEPF') && !c.bothPartiesAgreedDate) errors.push(statusMessages.partiesNotAgreed);
  }
  if (input.to === 'Set Aside') {
    const open = c.allegations.filter((a) => a.open);
    if (open.length === 0 || open.some((a) => a.finding !== 3 || !a.inOpenHearing)) errors.push(statusMessages.setAsideNeedsHearing);
  }
  if (c.status === 'Set Aside' && input.to === 'Active' && !c.linkedHearingEnded) errors.push(statusMessages.hearingNotEnded);
  if (input.to === 'Closed') errors.push(...outcomeErrors(c, input));
  if (c.status === 'Closed' && input.to === 'Active') {
    if (!input.reason?.trim()) errors.push(statusMessages.reopenReason);
    if (c.closedDate && daysBetween(c.closedDate, input.today) > 365) errors.push(statusMessages.reopenTooLate);
  }
  return errors;
}

/** What an outcome needs before the case closes (§5.2). */
export function outcomeErrors(c: StatusCase, input: MoveInput): string[] {
  const outcome = input.outcome ?? null;
  if (outcome === null) return [statusMessages.outcomeRequired];
  if (!OUTCOMES[c.type].includes(outcome)) return [statusMessages.outcomeNotForType];
  // From Submitted only a dismissal or a "not held" closes a case.
  if (c.status === 'Submitted' && ![33, 43, 23, 24, 13].includes(outcome)) return [statusMessages.submittedCloseOnly];
  const errors: string[] = [];
  if (OUTCOMES_WITH_REASON.has(outcome) && !input.outcomeReason?.trim()) errors.push(statusMessages.reasonRequired);
  if (outcome === 31) {
    if (c.allegations.some((a) => a.finding === null || ![1, 2, 3, 4].includes(a.finding))) errors.push(statusMessages.findingForEveryAllegation);
    if (c.allegations.some((a) => a.finding === 1 && a.correctiveActionsWithDueDate < 1)) errors.push(statusMessages.correctiveActionPerFinding);
    if (!input.reportDate) errors.push(statusMessages.reportDateRequired);
  }
  if (outcome === 21 && !input.agreementDate) errors.push(statusMessages.agreementDateRequired);
  if (outcome === 41) {
    if (!input.hearingDate || !input.decisionDate) errors.push(statusMessages.hearingAndDecisionRequired);
    if (c.type === 'EDP' && (input.changeOfPlacementOrdered === null || input.changeOfPlacementOrdered === undefined)) errors.push(statusMessages.changeOfPlacement);
  }
  return errors;
}

/** A reopened case whose closing year is certified: the warning the screen shows (§5.1). */
export function certifiedYearWarning(closedSchoolYear: string, certifiedYears: ReadonlySet<string>): string | null {
  return certifiedYears.has(closedSchoolYear) ? statusMessages.certifiedYear(closedSchoolYear) : null;
}

/** The moves the case screen offers this actor. */
export function allowedMoves(c: StatusCase, actor: Actor): CaseStatus[] {
  return MOVES[c.status].filter((to) => mayMove(c, to, actor));
}
