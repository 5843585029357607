// The life cycle of ECO ratings (spec §4) and the derived status of a record (§6.2). One
// transition table: the API refuses what it refuses (403 without the permission, 409 for a move
// the table does not allow, 400 for a bad reason), and the score screens show only the buttons
// `availableActions` lists.
import type { IsoDay } from '../day.js';
import { DEFAULT_YEAR_SETTINGS, exitReasons, type AssessmentStatus, type AssessmentType, type ExitReason, type NotIncludedReason, type RecordStatus, type YearSettings } from './codes.js';
import { daysOfService, entryDue, exitDue, isPastDue } from './dates.js';
import { ecoStatusMessages as m, ecoValidationMessages as v } from './messages.js';
import { unlockReasonError } from './validation.js';

export type EcoPermission = 'Eco.scores.submit' | 'Eco.scores.finalize' | 'Eco.scores.unlock';
export type RatingAction = 'save-draft' | 'discard' | 'submit' | 'finalize' | 'unlock';
/** An assessment that does not exist yet is `null`; a discarded draft is 'deleted'. */
export type RatingState = AssessmentStatus | null | 'deleted';

export interface Transition {
  action: RatingAction;
  from: readonly (AssessmentStatus | null)[];
  to: AssessmentStatus | 'deleted';
  permission: EcoPermission;
}

/** §4's table. */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'save-draft', from: [null, 'draft'], to: 'draft', permission: 'Eco.scores.submit' },
  { action: 'discard', from: ['draft'], to: 'deleted', permission: 'Eco.scores.submit' },
  { action: 'submit', from: ['draft'], to: 'submitted', permission: 'Eco.scores.submit' },
  { action: 'finalize', from: ['submitted'], to: 'finalized', permission: 'Eco.scores.finalize' },
  { action: 'unlock', from: ['submitted', 'finalized'], to: 'draft', permission: 'Eco.scores.unlock' },
];

export interface RatingsState {
  type: AssessmentType;
  status: AssessmentStatus | null;
  /** The submitter's user id (the API's uuid; numbers in the unit tests). */
  submittedBy: number | string | null;
  firstSubmittedAt: string | null;
  /** The record's other assessment: the entry's status for an exit, the exit's for an entry. */
  otherStatus: AssessmentStatus | null;
}

export interface Actor {
  userId: number | string;
  permissions: ReadonlySet<string>;
}

/** A refused move: 403 without the permission, 404 outside the caller's reach, 409 a move not allowed now, 400 a bad reason. */
export type Refusal = { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };
export type MoveResult = { ok: true; to: AssessmentStatus | 'deleted' } | Refusal;

const refuse = (status: 400 | 403 | 409, message: string, field?: string): Refusal => ({ ok: false, status, message, ...(field ? { field } : {}) });
const isLocked = (s: AssessmentStatus | null): boolean => s === 'submitted' || s === 'finalized';

/**
 * Whether `actor` may make `action` on the ratings. A submit must also pass validateAssessment
 * in 'submit' mode (§5); that is the caller's, as it needs the form.
 */
export function checkMove(action: RatingAction, state: RatingsState, actor: Actor, reason?: string | null): MoveResult {
  const t = TRANSITIONS.find((x) => x.action === action)!;
  if (!actor.permissions.has(t.permission)) return refuse(403, v.accessDenied);
  if (!t.from.includes(state.status)) {
    if (action === 'finalize') return refuse(409, m.notSubmitted);
    if (action === 'unlock') return refuse(409, m.nothingToUnlock);
    return refuse(409, m.locked);
  }
  switch (action) {
    case 'discard':
      if (state.firstSubmittedAt) return refuse(409, m.onceSubmitted);
      break;
    case 'submit':
      if (state.type === 'exit' && !isLocked(state.otherStatus)) return refuse(409, m.submitEntryFirst);
      break;
    case 'finalize':
      // Second-person review: the submitter never finalizes their own ratings.
      if (state.submittedBy === actor.userId) return refuse(409, m.ownSubmission);
      break;
    case 'unlock': {
      if (state.type === 'entry' && isLocked(state.otherStatus)) return refuse(409, m.unlockExitFirst);
      const error = unlockReasonError(reason);
      if (error) return refuse(400, error, 'reason');
      break;
    }
    case 'save-draft':
      break;
  }
  return { ok: true, to: t.to };
}

export interface FinalizeItem {
  id: number;
  state: RatingsState;
}

/** Bulk finalize (§4): finalizes what it may, skips the actor's own submissions and says so. */
export function bulkFinalize(items: readonly FinalizeItem[], actor: Actor): { finalized: number[]; skipped: { id: number; reason: string }[]; message: string } {
  const finalized: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  for (const item of items) {
    const r = checkMove('finalize', item.state, actor);
    if (r.ok) finalized.push(item.id);
    else skipped.push({ id: item.id, reason: r.message });
  }
  const own = skipped.filter((s) => s.reason === m.ownSubmission).length;
  return { finalized, skipped, message: m.bulkFinalized(finalized.length, items.length, own) };
}

export type UnlockRequestStatus = 'open' | 'approved' | 'declined';

/** A new unlock request (§2.4, §3.4): submitted or finalized ratings, a reason, one open request at a time. */
export function checkUnlockRequest(status: AssessmentStatus | null, hasOpenRequest: boolean, actor: Actor, reason: string | null | undefined): { ok: true; to: 'open' } | Refusal {
  if (!actor.permissions.has('Eco.scores.submit')) return refuse(403, v.accessDenied);
  if (!isLocked(status)) return refuse(409, m.nothingToUnlock);
  if (hasOpenRequest) return refuse(409, v.unlockRequestOpen);
  const error = unlockReasonError(reason);
  return error ? refuse(400, error, 'reason') : { ok: true, to: 'open' };
}

/** Approve (an unlock with the request's reason) or decline (a note of at least 10 characters). */
export function decideUnlockRequest(
  request: UnlockRequestStatus,
  decision: 'approved' | 'declined',
  actor: Actor,
  note?: string | null,
): { ok: true; to: UnlockRequestStatus } | Refusal {
  if (!actor.permissions.has('Eco.scores.unlock')) return refuse(403, v.accessDenied);
  if (request !== 'open') return refuse(409, m.noOpenRequest);
  if (decision === 'declined') {
    const error = unlockReasonError(note);
    if (error) return refuse(400, error, 'note');
  }
  return { ok: true, to: decision };
}

export type ScoreButton = 'Save draft' | 'Submit' | 'Finalize' | 'Unlock' | 'Request unlock';

/** The buttons of the entry and exit screens (§3.4's table). */
export function availableActions(status: AssessmentStatus | null, permissions: ReadonlySet<string>, hasOpenRequest: boolean): ScoreButton[] {
  const buttons: ScoreButton[] = [];
  const submit = permissions.has('Eco.scores.submit');
  if (submit && (status === null || status === 'draft')) buttons.push('Save draft');
  if (submit && status === 'draft') buttons.push('Submit');
  if (status === 'submitted' && permissions.has('Eco.scores.finalize')) buttons.push('Finalize');
  if (isLocked(status) && permissions.has('Eco.scores.unlock')) buttons.push('Unlock');
  if (isLocked(status) && submit && !hasOpenRequest) buttons.push('Request unlock');
  return buttons;
}

/** The record and child fields locked while ratings are submitted or finalized (§4). */
export function lockedFields(entryStatus: AssessmentStatus | null, exitStatus: AssessmentStatus | null): { field: string; message: string }[] {
  const locked: { field: string; message: string }[] = [];
  if (isLocked(entryStatus)) for (const field of ['stateStudentId', 'birthDate', 'entryDate']) locked.push({ field, message: m.entryLocksChild });
  if (isLocked(exitStatus)) for (const field of ['exitDate', 'exitReason']) locked.push({ field, message: m.locked });
  return locked;
}

export interface RecordForStatus {
  entryDate: IsoDay;
  exitDate: IsoDay | null;
  exitReason: ExitReason | null;
  entryStatus: AssessmentStatus | null;
  exitStatus: AssessmentStatus | null;
}

export interface DerivedStatus {
  status: RecordStatus;
  reason: NotIncludedReason | null;
  /** The entry or exit due date the list shows, when one applies. */
  dueDate: IsoDay | null;
}

/** §6.2, first match wins; recomputed on every read, so a late entry submit moves the record on. */
export function derivedStatus(r: RecordForStatus, today: IsoDay, settings: YearSettings = DEFAULT_YEAR_SETTINGS): DerivedStatus {
  const is = (status: RecordStatus, reason: NotIncludedReason | null = null, dueDate: IsoDay | null = null): DerivedStatus => ({ status, reason, dueDate });
  if (!r.exitDate) {
    const due = entryDue(r.entryDate, settings);
    if (r.entryStatus === 'submitted') return is('entry-submitted');
    if (r.entryStatus === 'finalized') return is('entry-finalized');
    return is(isPastDue(due, today) ? 'entry-overdue' : 'entry-pending', null, due);
  }
  if (settings.applyMinServiceRule && daysOfService(r.entryDate, r.exitDate) < settings.minServiceDays) return is('not-included', 'short-stay');
  if (r.exitReason === 'deceased') return is('not-included', 'exit-not-collected');
  if (!isLocked(r.entryStatus)) return is('not-included', 'entry-missing');
  if (r.exitStatus === 'submitted') return is('exit-submitted');
  if (r.exitStatus === 'finalized') return is('complete');
  const due = exitDue(r.exitDate, settings);
  if (!isPastDue(due, today)) return is('exit-pending', null, due);
  const required = !r.exitReason || exitReasons[r.exitReason].exitRatings === 'required';
  return required ? is('exit-overdue', null, due) : is('not-included', 'exit-not-collected');
}
