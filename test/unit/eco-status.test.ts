// ECO spec §4 (transitions, who may make them, locks and order) and §6.2 (derived record status).
import { describe, expect, it } from 'vitest';
import type { AssessmentStatus } from '../../lib/eco/codes.js';
import {
  availableActions,
  bulkFinalize,
  checkMove,
  checkUnlockRequest,
  decideUnlockRequest,
  derivedStatus,
  lockedFields,
  type RatingAction,
  type RatingsState,
  type RecordForStatus,
} from '../../lib/eco/status.js';
import { DEFAULT_YEAR_SETTINGS } from '../../lib/eco/codes.js';

const ALL = new Set(['Eco.scores.submit', 'Eco.scores.finalize', 'Eco.scores.unlock']);
const local = { userId: 1, permissions: new Set(['Eco.scores.submit']) };
const reviewer = { userId: 2, permissions: ALL };
const entry = (status: AssessmentStatus | null, extra: Partial<RatingsState> = {}): RatingsState => ({
  type: 'entry',
  status,
  submittedBy: status === 'submitted' || status === 'finalized' ? 1 : null,
  firstSubmittedAt: status === 'submitted' || status === 'finalized' ? '2024-10-01T10:00:00Z' : null,
  otherStatus: null,
  ...extra,
});
const REASON = 'Rating date was typed as the wrong day.';

describe('transitions (§4)', () => {
  it.each([
    ['save-draft', entry(null), local, { ok: true, to: 'draft' }],
    ['save-draft', entry('draft'), local, { ok: true, to: 'draft' }],
    ['discard', entry('draft'), local, { ok: true, to: 'deleted' }],
    ['submit', entry('draft'), local, { ok: true, to: 'submitted' }],
    ['finalize', entry('submitted'), reviewer, { ok: true, to: 'finalized' }],
    ['unlock', entry('submitted'), reviewer, { ok: true, to: 'draft' }],
    ['unlock', entry('finalized'), reviewer, { ok: true, to: 'draft' }],
    ['save-draft', entry('submitted'), local, { ok: false, status: 409, message: 'These ratings are submitted and locked. Ask the state to unlock them.' }],
    ['save-draft', entry('finalized'), reviewer, { ok: false, status: 409, message: 'These ratings are submitted and locked. Ask the state to unlock them.' }],
    ['submit', entry('submitted'), local, { ok: false, status: 409, message: 'These ratings are submitted and locked. Ask the state to unlock them.' }],
    ['finalize', entry('submitted'), local, { ok: false, status: 403, message: 'Access Denied!' }],
    ['finalize', entry('submitted', { submittedBy: 2 }), reviewer, { ok: false, status: 409, message: 'You submitted these ratings; another reviewer must finalize them.' }],
    ['finalize', entry('draft'), reviewer, { ok: false, status: 409, message: 'Only submitted ratings can be finalized.' }],
    ['unlock', entry('draft'), reviewer, { ok: false, status: 409, message: 'These ratings are not submitted, so there is nothing to unlock.' }],
    ['unlock', entry('submitted'), local, { ok: false, status: 403, message: 'Access Denied!' }],
    ['discard', entry('draft', { firstSubmittedAt: '2024-10-01T10:00:00Z' }), local, { ok: false, status: 409, message: 'These ratings were submitted before, so the draft cannot be discarded.' }],
    ['submit', { ...entry('draft'), type: 'exit', otherStatus: 'draft' }, local, { ok: false, status: 409, message: 'Submit the entry ratings before submitting exit ratings.' }],
    ['submit', { ...entry('draft'), type: 'exit', otherStatus: 'finalized' }, local, { ok: true, to: 'submitted' }],
    ['unlock', entry('finalized', { otherStatus: 'submitted' }), reviewer, { ok: false, status: 409, message: 'Unlock the exit ratings first.' }],
    ['unlock', entry('finalized', { otherStatus: 'draft' }), reviewer, { ok: true, to: 'draft' }],
  ] as const)('%s from %j', (action, state, actor, expected) => {
    expect(checkMove(action as RatingAction, state as RatingsState, actor, REASON)).toEqual(expected);
  });

  it('needs an unlock reason of at least 10 characters', () => {
    expect(checkMove('unlock', entry('submitted'), reviewer, 'too short')).toEqual({ ok: false, status: 400, message: 'Give a reason of at least 10 characters.', field: 'reason' });
  });

  it('bulk finalize skips the reviewer’s own submissions', () => {
    const r = bulkFinalize(
      [
        { id: 1, state: entry('submitted') },
        { id: 2, state: entry('submitted', { submittedBy: 2 }) },
        { id: 3, state: entry('submitted') },
        { id: 4, state: entry('submitted', { submittedBy: 2 }) },
        { id: 5, state: entry('submitted') },
      ],
      reviewer,
    );
    expect(r.finalized).toEqual([1, 3, 5]);
    expect(r.skipped).toEqual([
      { id: 2, reason: 'You submitted these ratings; another reviewer must finalize them.' },
      { id: 4, reason: 'You submitted these ratings; another reviewer must finalize them.' },
    ]);
    expect(r.message).toBe('Finalized 3 of 5. 2 were submitted by you and need another reviewer.');
  });
});

describe('unlock requests (§2.4, §4)', () => {
  it.each([
    ['submitted', false, local, REASON, { ok: true, to: 'open' }],
    ['finalized', true, local, REASON, { ok: false, status: 409, message: 'An unlock request for these ratings is already open.' }],
    ['submitted', false, local, 'wrong day', { ok: false, status: 400, message: 'Give a reason of at least 10 characters.', field: 'reason' }],
    ['draft', false, local, REASON, { ok: false, status: 409, message: 'These ratings are not submitted, so there is nothing to unlock.' }],
    ['submitted', false, { userId: 3, permissions: new Set<string>() }, REASON, { ok: false, status: 403, message: 'Access Denied!' }],
  ] as const)('request on %s ratings (open request %s)', (status, open, actor, reason, expected) => {
    expect(checkUnlockRequest(status, open, actor, reason)).toEqual(expected);
  });

  it.each([
    ['open', 'approved', reviewer, null, { ok: true, to: 'approved' }],
    ['open', 'declined', reviewer, 'The date was correct as entered.', { ok: true, to: 'declined' }],
    ['open', 'declined', reviewer, '', { ok: false, status: 400, message: 'Give a reason of at least 10 characters.', field: 'note' }],
    ['approved', 'declined', reviewer, 'The date was correct as entered.', { ok: false, status: 409, message: 'This unlock request is no longer open.' }],
    ['open', 'approved', local, null, { ok: false, status: 403, message: 'Access Denied!' }],
  ] as const)('%s → %s', (request, decision, actor, note, expected) => {
    expect(decideUnlockRequest(request, decision, actor, note)).toEqual(expected);
  });
});

describe('buttons and locks (§3.4, §4)', () => {
  it.each([
    [null, local.permissions, false, ['Save draft']],
    ['draft', local.permissions, false, ['Save draft', 'Submit']],
    ['submitted', local.permissions, false, ['Request unlock']],
    ['submitted', local.permissions, true, []],
    ['submitted', ALL, false, ['Finalize', 'Unlock', 'Request unlock']],
    ['finalized', new Set(['Eco.scores.finalize', 'Eco.scores.unlock']), false, ['Unlock']],
    ['draft', new Set<string>(), false, []],
  ] as const)('%s', (status, perms, open, buttons) => expect(availableActions(status, perms, open)).toEqual(buttons));

  it('locks the child and exit fields', () => {
    expect(lockedFields('submitted', 'draft').map((f) => f.field)).toEqual(['stateStudentId', 'birthDate', 'entryDate']);
    expect(lockedFields('finalized', 'finalized')[0]!.message).toBe('Unlock the entry ratings to change the birth date, state student ID or entry date.');
    expect(lockedFields('draft', null)).toEqual([]);
  });
});

describe('derived record status (§6.2)', () => {
  const open: RecordForStatus = { entryDate: '2024-08-12', exitDate: null, exitReason: null, entryStatus: null, exitStatus: null };
  const exited: RecordForStatus = { entryDate: '2024-08-12', exitDate: '2025-05-30', exitReason: 'kindergarten', entryStatus: 'finalized', exitStatus: null };
  it.each([
    ['no entry, on the due date', open, '2024-10-11', 'entry-pending', null, '2024-10-11'],
    ['no entry, the day after', open, '2024-10-12', 'entry-overdue', null, '2024-10-11'],
    ['draft entry, overdue', { ...open, entryStatus: 'draft' }, '2024-12-01', 'entry-overdue', null, '2024-10-11'],
    ['entry submitted', { ...open, entryStatus: 'submitted' }, '2024-12-01', 'entry-submitted', null, null],
    ['entry finalized', { ...open, entryStatus: 'finalized' }, '2024-12-01', 'entry-finalized', null, null],
    ['short stay', { ...exited, exitDate: '2025-02-09' }, '2025-03-01', 'not-included', 'short-stay', null],
    ['182 days', { ...exited, exitDate: '2025-02-10' }, '2025-03-01', 'exit-pending', null, '2025-03-12'],
    ['deceased', { ...exited, exitReason: 'deceased' }, '2025-06-01', 'not-included', 'exit-not-collected', null],
    ['entry missing', { ...exited, entryStatus: 'draft' }, '2025-06-01', 'not-included', 'entry-missing', null],
    ['exit submitted', { ...exited, exitStatus: 'submitted' }, '2025-09-01', 'exit-submitted', null, null],
    ['complete', { ...exited, exitStatus: 'finalized' }, '2025-09-01', 'complete', null, null],
    ['exit pending on the due date', exited, '2025-06-29', 'exit-pending', null, '2025-06-29'],
    ['exit overdue the day after', { ...exited, exitStatus: 'draft' }, '2025-06-30', 'exit-overdue', null, '2025-06-29'],
    ['optional reason past due', { ...exited, exitReason: 'moved-out' }, '2025-06-30', 'not-included', 'exit-not-collected', null],
    ['optional reason still pending', { ...exited, exitReason: 'moved-out' }, '2025-06-29', 'exit-pending', null, '2025-06-29'],
  ] as const)('%s', (_name, record, today, status, reason, dueDate) => {
    expect(derivedStatus(record as RecordForStatus, today)).toEqual({ status, reason, dueDate });
  });

  it('ignores the 182-day rule when the year switches it off', () => {
    expect(derivedStatus({ ...exited, exitDate: '2025-02-09' }, '2025-03-01', { ...DEFAULT_YEAR_SETTINGS, applyMinServiceRule: false }).status).toBe('exit-pending');
  });
});
