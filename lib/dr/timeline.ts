// The dispute resolution timeline engine (DR spec §6): every deadline of a case from its
// trigger dates, milestone actions, extensions, the holiday list and the respondent LEA's school
// calendars. Pure: the same case and calendars always give the same deadlines, each with the
// computation trail the case screen shows. Day 0 is the trigger; calendar days roll nothing
// forward (34 CFR 300.11), business days skip weekends and holidays, school days follow the
// LEA's calendar into the next school year (lib/calendar.ts).
import { addBusinessDays, addSchoolDays, type HolidayDates, type SchoolCalendar } from '../calendar.js';
import { addDays, daysBetween, type IsoDay } from '../day.js';
import { timelineMessages } from './messages.js';

export { timelineMessages };

export type CaseType = 'SC' | 'MED' | 'IEPF' | 'DP' | 'EDP';
export type Basis = 'C' | 'B' | 'S';
export type DeadlineCode =
  | 'SC_DECISION'
  | 'SC_LEA_RESPONSE'
  | 'DP_RESPONSE'
  | 'DP_SUFFICIENCY_NOTICE'
  | 'DP_SUFFICIENCY_RULING'
  | 'DP_RESOLUTION_MEETING'
  | 'DP_RESOLUTION_PERIOD_END'
  | 'DP_DECISION'
  | 'EDP_RESOLUTION_MEETING'
  | 'EDP_RESOLUTION_PERIOD_END'
  | 'EDP_HEARING'
  | 'EDP_DECISION'
  | 'DISCLOSURE'
  | 'AGREEMENT_REVIEW_END'
  | 'APPEAL_WINDOW'
  | 'CROSS_APPEAL'
  | 'REVIEW_DECISION'
  | 'MED_SESSION_TARGET'
  | 'IEPF_ASSIGN_TARGET';

/** The milestone actions the engine reads (§6.2); other action types do not move deadlines. */
export type MilestoneCode =
  | 'AMENDED_COMPLAINT'
  | 'ISSUES_LETTER_SENT'
  | 'REPORT_ISSUED'
  | 'SUFFICIENCY_CHALLENGE'
  | 'SUFFICIENCY_RULING'
  | 'RESOLUTION_MEETING_HELD'
  | 'RESOLUTION_WAIVED'
  | 'MEDIATION_INSTEAD_OF_RM'
  | 'NO_AGREEMENT_POSSIBLE'
  | 'MEDIATION_CONTINUED'
  | 'WITHDREW_FROM_MEDIATION'
  | 'PARENT_DELAYED_RM'
  | 'HO_STARTED_TIMELINE'
  | 'AGREEMENT_SIGNED'
  | 'AGREEMENT_VOIDED'
  | 'HEARING_HELD'
  | 'DECISION_ISSUED'
  | 'EXTENSION_GRANTED'
  | 'APPEAL_FILED'
  | 'REVIEW_DECISION_ISSUED'
  | 'SESSION_HELD'
  | 'CA_VERIFIED';

export interface MilestoneAction {
  code: MilestoneCode;
  date: IsoDay;
  /** PARENT_DELAYED_RM: the missed meeting (from) and the meeting held (to). */
  fromDate?: IsoDay | null;
  toDate?: IsoDay | null;
}

export type ExtensionReason = 'EXCEPTIONAL' | 'MEDIATION_OR_ADR' | 'PARTY_REQUEST';

export interface Extension {
  code: DeadlineCode;
  grantedDate: IsoDay;
  newDueDate: IsoDay;
  reason: ExtensionReason;
  requestedBy?: 'Parent' | 'LEA' | null;
}

/** A span an SC spent Set Aside: from the day it was set aside to the day it was Active again (open: still set aside). */
export interface SetAsidePeriod {
  from: IsoDay;
  to: IsoDay | null;
}

export interface TimelineCase {
  type: CaseType;
  /** Who filed a DP/EDP: the parent side (requester types 1-3) or the LEA (6). */
  filedByLea: boolean;
  receivedDate: IsoDay;
  /** DP/EDP: when the non-filing party received the complaint (defaults to receivedDate). */
  otherPartyReceivedDate?: IsoDay | null;
  hearingDate?: IsoDay | null;
  decisionDate?: IsoDay | null;
  decisionReceivedDate?: IsoDay | null;
  bothPartiesAgreedDate?: IsoDay | null;
  /** A resolution agreement's signing date (AGREEMENT_REVIEW_END). */
  agreementDate?: IsoDay | null;
  appeal?: { filedDate: IsoDay; appealNoticeReceivedDate?: IsoDay | null; reviewDecisionDate?: IsoDay | null } | null;
  actions: readonly MilestoneAction[];
  extensions: readonly Extension[];
  setAside: readonly SetAsidePeriod[];
  closedDate?: IsoDay | null;
}

/** State settings (§6.1 "state setting") and the calendars of the respondent LEA. */
export interface TimelineContext {
  holidays: HolidayDates;
  calendars: readonly SchoolCalendar[];
  /** The respondent LEA's name, for 'School calendar missing for {LEA} {schoolYear}.' */
  leaName: string;
  scLeaResponseDays: number;
  medSessionDays: number;
  iepfAssignDays: number;
}

export const DEFAULT_SETTINGS = { scLeaResponseDays: 14, medSessionDays: 30, iepfAssignDays: 5 } as const;

export interface DeadlineRule {
  code: DeadlineCode;
  basis: Basis;
  citation: string;
}

export const DEADLINE_RULES: Readonly<Record<DeadlineCode, DeadlineRule>> = {
  SC_DECISION: { code: 'SC_DECISION', basis: 'C', citation: '300.152(a); NAC 388.318' },
  SC_LEA_RESPONSE: { code: 'SC_LEA_RESPONSE', basis: 'C', citation: '300.152(a)(3)' },
  DP_RESPONSE: { code: 'DP_RESPONSE', basis: 'C', citation: '300.508(e),(f)' },
  DP_SUFFICIENCY_NOTICE: { code: 'DP_SUFFICIENCY_NOTICE', basis: 'C', citation: '300.508(d)(1); NAC 388.306' },
  DP_SUFFICIENCY_RULING: { code: 'DP_SUFFICIENCY_RULING', basis: 'C', citation: '300.508(d)(2)' },
  DP_RESOLUTION_MEETING: { code: 'DP_RESOLUTION_MEETING', basis: 'C', citation: '300.510(a); NAC 388.307' },
  DP_RESOLUTION_PERIOD_END: { code: 'DP_RESOLUTION_PERIOD_END', basis: 'C', citation: '300.510(b)' },
  DP_DECISION: { code: 'DP_DECISION', basis: 'C', citation: '300.515(a),(c); 300.510(c)' },
  EDP_RESOLUTION_MEETING: { code: 'EDP_RESOLUTION_MEETING', basis: 'C', citation: '300.532(c)(3)(i)' },
  EDP_RESOLUTION_PERIOD_END: { code: 'EDP_RESOLUTION_PERIOD_END', basis: 'C', citation: '300.532(c)(3)(ii)' },
  EDP_HEARING: { code: 'EDP_HEARING', basis: 'S', citation: '300.532(c)(2)' },
  EDP_DECISION: { code: 'EDP_DECISION', basis: 'S', citation: '300.532(c)(2)' },
  DISCLOSURE: { code: 'DISCLOSURE', basis: 'B', citation: '300.512(b); NAC 388.310' },
  AGREEMENT_REVIEW_END: { code: 'AGREEMENT_REVIEW_END', basis: 'B', citation: '300.510(e)' },
  APPEAL_WINDOW: { code: 'APPEAL_WINDOW', basis: 'C', citation: 'NAC 388.315(1)' },
  CROSS_APPEAL: { code: 'CROSS_APPEAL', basis: 'C', citation: 'NAC 388.315(1)' },
  REVIEW_DECISION: { code: 'REVIEW_DECISION', basis: 'C', citation: '300.515(b),(c); NAC 388.315' },
  MED_SESSION_TARGET: { code: 'MED_SESSION_TARGET', basis: 'C', citation: '300.506(b)(5)' },
  IEPF_ASSIGN_TARGET: { code: 'IEPF_ASSIGN_TARGET', basis: 'B', citation: 'NDE practice' },
};

export type DeadlineState = 'Pending' | 'Met' | 'Met late' | 'Missed' | 'Not applicable' | 'Suspended' | 'Calendar missing' | 'Overdue';

export interface ComputedDeadline {
  code: DeadlineCode;
  basis: Basis;
  citation: string;
  triggerDate: IsoDay | null;
  /** The due date by the rule, before any extension; null while suspended, not applicable or without a calendar. */
  originalDueDate: IsoDay | null;
  /** The last extension's date, when one was granted. */
  extendedDueDate: IsoDay | null;
  metDate: IsoDay | null;
  state: DeadlineState;
  /** How the date was reached, one line a step, as the case screen shows it. */
  trail: string[];
}

// ---- counting ------------------------------------------------------------------------------------

type Counted = { ok: true; day: IsoDay; line: string } | { ok: false; missingSchoolYear: string };

function count(basis: Basis, from: IsoDay, n: number, ctx: TimelineContext): Counted {
  if (basis === 'C') return { ok: true, day: addDays(from, n), line: `${from} ${n < 0 ? '-' : '+'} ${Math.abs(n)} calendar days = ${addDays(from, n)}` };
  if (basis === 'B') {
    const day = addBusinessDays(from, n, ctx.holidays);
    return { ok: true, day, line: `${from} ${n < 0 ? '-' : '+'} ${Math.abs(n)} business days (weekends and holidays skipped) = ${day}` };
  }
  const result = addSchoolDays(from, n, ctx.calendars, ctx.holidays);
  if (!result.ok) return result;
  return { ok: true, day: result.day, line: `${from} + ${n} school days of the district's calendar = ${result.day}` };
}

const lastAction = (c: TimelineCase, code: MilestoneCode): MilestoneAction | undefined =>
  [...c.actions].filter((a) => a.code === code).sort((a, b) => a.date.localeCompare(b.date)).at(-1);
const firstAction = (c: TimelineCase, code: MilestoneCode): MilestoneAction | undefined =>
  [...c.actions].filter((a) => a.code === code).sort((a, b) => a.date.localeCompare(b.date))[0];

interface Draft {
  code: DeadlineCode;
  trigger: IsoDay | null;
  due: IsoDay | null;
  trail: string[];
  /** Fixed state (Not applicable, Suspended, Calendar missing) instead of one from the dates. */
  fixed?: DeadlineState;
  met?: IsoDay | null;
}

function draft(code: DeadlineCode, trigger: IsoDay, n: number, ctx: TimelineContext, intro: string): Draft {
  const r = DEADLINE_RULES[code];
  const counted = count(r.basis, trigger, n, ctx);
  if (!counted.ok) {
    return { code, trigger, due: null, trail: [intro, timelineMessages.calendarMissing(ctx.leaName, counted.missingSchoolYear)], fixed: 'Calendar missing' };
  }
  return { code, trigger, due: counted.day, trail: [intro, counted.line] };
}

/** The day the DP resolution period starts counting for a DP/EDP: the amended complaint restarts it (300.508(d)(4)). */
function dpStart(c: TimelineCase): { day: IsoDay; line: string } {
  const amended = lastAction(c, 'AMENDED_COMPLAINT');
  if (amended) return { day: amended.date, line: `Amended complaint on ${amended.date}: the timelines start again from it.` };
  const day = c.otherPartyReceivedDate ?? c.receivedDate;
  return { day, line: `The other party received the complaint on ${day}.` };
}

// ---- the rules, case type by case type ----------------------------------------------------------------

function scDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  const out: Draft[] = [];
  // SC_DECISION: 60 days from receipt; days set aside are not counted (a state policy: the
  // unused days resume when the case is Active again).
  const decision = draft('SC_DECISION', c.receivedDate, 60, ctx, `Received on ${c.receivedDate}.`);
  const periods = [...c.setAside].sort((a, b) => a.from.localeCompare(b.from));
  if (periods.length && decision.due) {
    let used = 0;
    let runningFrom = c.receivedDate;
    let due: IsoDay | null = decision.due;
    for (const p of periods) {
      used += daysBetween(runningFrom, p.from);
      decision.trail.push(`Set aside on ${p.from} after ${used} of 60 days.`);
      if (p.to === null) {
        due = null;
        decision.fixed = 'Suspended';
        decision.trail.push('Suspended while set aside.');
        break;
      }
      runningFrom = p.to;
      due = addDays(p.to, 60 - used);
      decision.trail.push(`Active again on ${p.to}: ${60 - used} days left, due ${due}.`);
    }
    decision.due = due;
  }
  decision.met = firstAction(c, 'REPORT_ISSUED')?.date ?? null;
  out.push(decision);
  const letter = lastAction(c, 'ISSUES_LETTER_SENT');
  if (letter) out.push(draft('SC_LEA_RESPONSE', letter.date, ctx.scLeaResponseDays, ctx, `Issues letter sent on ${letter.date}.`));
  return out;
}

function dpDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  const out: Draft[] = [];
  const start = dpStart(c);
  out.push(draft('DP_RESPONSE', start.day, 10, ctx, start.line));
  out.push(draft('DP_SUFFICIENCY_NOTICE', start.day, 15, ctx, start.line));
  const challenge = lastAction(c, 'SUFFICIENCY_CHALLENGE');
  if (challenge) {
    const ruling = draft('DP_SUFFICIENCY_RULING', challenge.date, 5, ctx, `Sufficiency challenge received on ${challenge.date}.`);
    ruling.met = lastAction(c, 'SUFFICIENCY_RULING')?.date ?? null;
    out.push(ruling);
  }

  const waived = lastAction(c, 'RESOLUTION_WAIVED');
  const mediationInstead = lastAction(c, 'MEDIATION_INSTEAD_OF_RM');
  let periodEnd: IsoDay | null = null;
  if (!c.filedByLea) {
    const meeting = draft('DP_RESOLUTION_MEETING', start.day, 15, ctx, start.line);
    if (waived || mediationInstead) {
      meeting.fixed = 'Not applicable';
      meeting.trail.push(waived ? `Resolution meeting waived in writing on ${waived.date}.` : `Mediation chosen instead of the resolution meeting on ${mediationInstead?.date}.`);
    }
    meeting.met = lastAction(c, 'RESOLUTION_MEETING_HELD')?.date ?? null;
    out.push(meeting);

    const period = draft('DP_RESOLUTION_PERIOD_END', start.day, 30, ctx, start.line);
    const delay = lastAction(c, 'PARENT_DELAYED_RM');
    if (delay?.fromDate && delay.toDate && period.due) {
      const days = daysBetween(delay.fromDate, delay.toDate);
      period.due = addDays(period.due, days);
      period.trail.push(`The parent delayed the resolution meeting from ${delay.fromDate} to ${delay.toDate}: + ${days} days = ${period.due}.`);
    }
    periodEnd = period.due;
    out.push(period);
  }

  // DP_DECISION (§6.3): the first start that applies, then 45 days.
  const decision = dpDecision(c, start, periodEnd, waived);
  decision.met = c.decisionDate ?? null;
  out.push(decision);
  return out;

  function dpDecision(cs: TimelineCase, from: { day: IsoDay; line: string }, end: IsoDay | null, waiver: MilestoneAction | undefined): Draft {
    if (cs.filedByLea) return draft('DP_DECISION', from.day, 45, ctx, `Filed by the district: 45 days from ${from.day}.`);
    // An adjusting action dated after the resolution period ended changes nothing.
    const late: string[] = [];
    const inPeriod = (a: MilestoneAction | undefined): MilestoneAction | undefined => {
      if (!a) return undefined;
      if (end && a.date > end) {
        late.push(timelineMessages.resolutionPeriodEnded(end));
        return undefined;
      }
      return a;
    };
    const w = inPeriod(waiver);
    const noAgreement = inPeriod(lastAction(cs, 'NO_AGREEMENT_POSSIBLE'));
    const hoStarted = inPeriod(lastAction(cs, 'HO_STARTED_TIMELINE'));
    const continued = inPeriod(lastAction(cs, 'MEDIATION_CONTINUED'));
    let result: Draft;
    if (w) result = draft('DP_DECISION', w.date, 45, ctx, `Resolution meeting waived in writing on ${w.date}.`);
    else if (noAgreement) result = draft('DP_DECISION', noAgreement.date, 45, ctx, `Both parties agreed in writing on ${noAgreement.date} that no agreement is possible.`);
    else if (hoStarted) result = draft('DP_DECISION', hoStarted.date, 45, ctx, `The hearing officer started the timeline on ${hoStarted.date}.`);
    else if (continued) {
      const withdrew = cs.actions.filter((a) => a.code === 'WITHDREW_FROM_MEDIATION' && a.date >= continued.date).sort((a, b) => a.date.localeCompare(b.date))[0];
      if (!withdrew) {
        result = { code: 'DP_DECISION', trigger: null, due: null, trail: [`Mediation continued past the resolution period on ${continued.date}.`, timelineMessages.suspendedMediation], fixed: 'Suspended' };
      } else {
        result = draft('DP_DECISION', withdrew.date, 45, ctx, `A party withdrew from the continued mediation on ${withdrew.date}.`);
      }
    } else if (end) result = draft('DP_DECISION', end, 45, ctx, `The resolution period ended on ${end}.`);
    else result = draft('DP_DECISION', from.day, 45, ctx, from.line);
    result.trail.push(...new Set(late));
    return result;
  }
}

function edpDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  const out: Draft[] = [];
  const start = dpStart(c);
  out.push(draft('DP_RESPONSE', start.day, 10, ctx, start.line));
  out.push(draft('DP_SUFFICIENCY_NOTICE', start.day, 15, ctx, start.line));
  if (!c.filedByLea) {
    const meeting = draft('EDP_RESOLUTION_MEETING', start.day, 7, ctx, start.line);
    if (lastAction(c, 'RESOLUTION_WAIVED') || lastAction(c, 'MEDIATION_INSTEAD_OF_RM')) meeting.fixed = 'Not applicable';
    meeting.met = lastAction(c, 'RESOLUTION_MEETING_HELD')?.date ?? null;
    out.push(meeting);
    out.push(draft('EDP_RESOLUTION_PERIOD_END', start.day, 15, ctx, start.line));
  }
  const hearing = draft('EDP_HEARING', c.receivedDate, 20, ctx, `Received on ${c.receivedDate}.`);
  hearing.met = c.hearingDate ?? lastAction(c, 'HEARING_HELD')?.date ?? null;
  out.push(hearing);
  const held = c.hearingDate ?? lastAction(c, 'HEARING_HELD')?.date;
  if (held) {
    const decision = draft('EDP_DECISION', held, 10, ctx, `Hearing held on ${held}.`);
    decision.met = c.decisionDate ?? null;
    out.push(decision);
  }
  return out;
}

/** Deadlines every DP and EDP shares once the dates exist: disclosure, agreement review, appeal. */
function hearingSideDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  const out: Draft[] = [];
  if (c.hearingDate) out.push(draft('DISCLOSURE', c.hearingDate, -5, ctx, `Hearing on ${c.hearingDate}.`));
  if (c.agreementDate) out.push(draft('AGREEMENT_REVIEW_END', c.agreementDate, 3, ctx, `Resolution agreement signed on ${c.agreementDate}.`));
  if (c.decisionReceivedDate) out.push(draft('APPEAL_WINDOW', c.decisionReceivedDate, 30, ctx, `Decision received on ${c.decisionReceivedDate}.`));
  if (c.appeal) {
    const notice = c.appeal.appealNoticeReceivedDate ?? c.appeal.filedDate;
    out.push(draft('CROSS_APPEAL', notice, 10, ctx, `Notice of appeal received on ${notice}.`));
    const review = draft('REVIEW_DECISION', c.appeal.filedDate, 30, ctx, `Appeal filed on ${c.appeal.filedDate}.`);
    review.met = c.appeal.reviewDecisionDate ?? null;
    out.push(review);
  }
  return out;
}

function medDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  if (!c.bothPartiesAgreedDate) return [];
  const d = draft('MED_SESSION_TARGET', c.bothPartiesAgreedDate, ctx.medSessionDays, ctx, `Both parties agreed to mediate on ${c.bothPartiesAgreedDate}.`);
  d.met = firstAction(c, 'SESSION_HELD')?.date ?? null;
  return [d];
}

function iepfDeadlines(c: TimelineCase, ctx: TimelineContext): Draft[] {
  if (!c.bothPartiesAgreedDate) return [];
  return [draft('IEPF_ASSIGN_TARGET', c.bothPartiesAgreedDate, ctx.iepfAssignDays, ctx, `Both parties agreed to facilitation on ${c.bothPartiesAgreedDate}.`)];
}

// ---- extensions and states ---------------------------------------------------------------------------

/** The extensions of one deadline in the order granted. */
function extensionsOf(c: TimelineCase, code: DeadlineCode): Extension[] {
  return c.extensions.filter((e) => e.code === code).sort((a, b) => a.grantedDate.localeCompare(b.grantedDate));
}

/**
 * The state of a deadline on `today` (§6.1): Met or Met late once met; while open, Pending, or
 * Overdue on screen past its due date, and Missed once the case closed without it.
 */
export function deadlineState(due: IsoDay | null, met: IsoDay | null, closedDate: IsoDay | null, today: IsoDay): DeadlineState {
  if (met) return due !== null && met > due ? 'Met late' : 'Met';
  if (due === null) return 'Pending';
  if (closedDate) return closedDate > due ? 'Missed' : 'Pending';
  return today > due ? 'Overdue' : 'Pending';
}

/** Every deadline of a case on `today`, in the order the rules list them. */
export function computeDeadlines(c: TimelineCase, ctx: TimelineContext, today: IsoDay): ComputedDeadline[] {
  const drafts: Draft[] =
    c.type === 'SC' ? scDeadlines(c, ctx)
    : c.type === 'DP' ? [...dpDeadlines(c, ctx), ...hearingSideDeadlines(c, ctx)]
    : c.type === 'EDP' ? [...edpDeadlines(c, ctx), ...hearingSideDeadlines(c, ctx)]
    : c.type === 'MED' ? medDeadlines(c, ctx)
    : iepfDeadlines(c, ctx);
  return drafts.map((d) => {
    const rule = DEADLINE_RULES[d.code];
    const trail = [...d.trail];
    let extended: IsoDay | null = null;
    for (const e of d.due ? extensionsOf(c, d.code) : []) {
      extended = e.newDueDate;
      trail.push(`Extended on ${e.grantedDate} to ${e.newDueDate}.`);
    }
    const effective = extended ?? d.due;
    const met = d.met ?? null;
    const state = d.fixed && !met ? d.fixed : deadlineState(effective, met, c.closedDate ?? null, today);
    if (met) trail.push(`${state === 'Met late' ? 'Met late' : 'Met'} on ${met}.`);
    return { code: d.code, basis: rule.basis, citation: rule.citation, triggerDate: d.trigger, originalDueDate: d.due, extendedDueDate: extended, metDate: met, state, trail };
  });
}

/** The due date in force: the last extension's, else the rule's. */
export function effectiveDueDate(d: Pick<ComputedDeadline, 'originalDueDate' | 'extendedDueDate'>): IsoDay | null {
  return d.extendedDueDate ?? d.originalDueDate;
}

// ---- granting an extension (§7) -------------------------------------------------------------------------

export interface ExtensionRequest {
  grantedDate: IsoDay;
  newDueDate: IsoDay;
  reason: ExtensionReason | null;
  requestedBy: 'Parent' | 'LEA' | null;
}

/** The problems with an extension of one deadline (empty: it may be granted). */
export function extensionErrors(caseType: CaseType, deadline: Pick<ComputedDeadline, 'code' | 'originalDueDate' | 'extendedDueDate'>, req: ExtensionRequest): string[] {
  if (caseType === 'EDP' || deadline.code.startsWith('EDP_')) return [timelineMessages.edpNoExtension];
  const due = effectiveDueDate(deadline);
  const errors: string[] = [];
  if (!req.reason) errors.push(timelineMessages.extensionReason);
  if ((deadline.code === 'DP_DECISION' || deadline.code === 'REVIEW_DECISION') && !req.requestedBy) errors.push(timelineMessages.extensionRequester);
  if (due !== null && req.newDueDate <= due) errors.push(timelineMessages.extensionAfterDue(due));
  if (due !== null && req.grantedDate > due) errors.push(timelineMessages.extensionGrantedLate(due));
  return errors;
}

/** Whether an amended complaint may be allowed on `date` (at least 5 days before the hearing). */
export function amendmentError(date: IsoDay, hearingDate: IsoDay | null): string | null {
  if (hearingDate === null) return null;
  return daysBetween(date, hearingDate) >= 5 ? null : timelineMessages.amendedTooLate;
}
