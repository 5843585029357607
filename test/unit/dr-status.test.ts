// The case status machine and outcomes (DR spec §5.1, §5.2): each move, who may make it, and what
// it needs, with the spec's messages.
import { describe, expect, it } from 'vitest';
import { statusMessages } from '../../lib/dr/messages.js';
import { allowedMoves, certifiedYearWarning, moveErrors, type Actor, type Allegation, type StatusCase } from '../../lib/dr/status.js';

const state: Actor = { isStateUser: true, isOwner: false, assignedAs: null };
const owner: Actor = { isStateUser: false, isOwner: true, assignedAs: null };
const nobody: Actor = { isStateUser: false, isOwner: false, assignedAs: null };
const investigator: Actor = { isStateUser: false, isOwner: false, assignedAs: 'investigator' };
const mediator: Actor = { isStateUser: false, isOwner: false, assignedAs: 'mediator' };
const allegation = (extra: Partial<Allegation> = {}): Allegation => ({ finding: null, correctiveActionsWithDueDate: 0, inOpenHearing: false, open: true, ...extra });
const sc = (extra: Partial<StatusCase> = {}): StatusCase => ({
  type: 'SC',
  status: 'Active',
  contentChecklistComplete: true,
  bothPartiesAgreedDate: null,
  allegations: [allegation()],
  linkedHearingEnded: false,
  closedDate: null,
  ...extra,
});
const today = '2026-03-01';

describe('who moves a case (§5.1)', () => {
  it('only the owner submits a draft; the state user accepts; an unassigned user moves nothing', () => {
    expect(allowedMoves(sc({ status: 'Draft' }), owner)).toEqual(['Submitted']);
    expect(allowedMoves(sc({ status: 'Draft' }), state)).toEqual([]);
    expect(allowedMoves(sc({ status: 'Submitted' }), state)).toEqual(['Active', 'Closed']);
    expect(allowedMoves(sc({ status: 'Active' }), nobody)).toEqual([]);
    expect(moveErrors(sc(), { to: 'Closed', today, outcome: 32 }, nobody)).toEqual([statusMessages.notAllowed]);
  });

  it('the investigator sets an SC aside and closes it; a mediator closes only a MED; nobody sets a DP aside', () => {
    expect(allowedMoves(sc(), investigator)).toEqual(['Set Aside', 'Closed']);
    expect(allowedMoves(sc(), mediator)).toEqual([]);
    expect(allowedMoves(sc({ type: 'MED' }), mediator)).toEqual(['Closed']);
    expect(allowedMoves(sc({ type: 'DP' }), state)).toEqual(['Closed']);
  });
});

describe('what each move needs', () => {
  it('an SC becomes Active with the content checklist; a MED or IEPF once both parties agreed', () => {
    expect(moveErrors(sc({ status: 'Submitted', contentChecklistComplete: false }), { to: 'Active', today }, state)).toEqual([statusMessages.checklistIncomplete]);
    expect(moveErrors(sc({ status: 'Submitted', type: 'MED' }), { to: 'Active', today }, state)).toEqual([statusMessages.partiesNotAgreed]);
    expect(moveErrors(sc({ status: 'Submitted', type: 'MED', bothPartiesAgreedDate: '2026-02-01' }), { to: 'Active', today }, state)).toEqual([]);
    expect(moveErrors(sc({ status: 'Submitted', type: 'DP' }), { to: 'Active', today }, state)).toEqual([]);
  });

  it('sets an SC aside only when every open allegation is finding 3 and in an open hearing; back to Active when the hearing ended', () => {
    expect(moveErrors(sc({ allegations: [allegation({ finding: 3, inOpenHearing: true }), allegation({ finding: 1 })] }), { to: 'Set Aside', today }, investigator)).toEqual([
      statusMessages.setAsideNeedsHearing,
    ]);
    const allInHearing = sc({ allegations: [allegation({ finding: 3, inOpenHearing: true }), allegation({ finding: 1, open: false })] });
    expect(moveErrors(allInHearing, { to: 'Set Aside', today }, investigator)).toEqual([]);
    expect(moveErrors(sc({ status: 'Set Aside' }), { to: 'Active', today }, state)).toEqual([statusMessages.hearingNotEnded]);
    expect(moveErrors(sc({ status: 'Set Aside', linkedHearingEnded: true }), { to: 'Active', today }, investigator)).toEqual([]);
  });

  it('closing needs an outcome and its data: report 31 needs a finding per allegation and corrective actions for noncompliance', () => {
    expect(moveErrors(sc(), { to: 'Closed', today }, state)).toEqual(['Select an outcome before closing the case.']);
    expect(moveErrors(sc({ allegations: [allegation({ finding: 1 }), allegation()] }), { to: 'Closed', today, outcome: 31, reportDate: today }, investigator)).toEqual([
      'Record a finding for every allegation before issuing the report.',
      'Add at least one corrective action for each finding of noncompliance.',
    ]);
    expect(moveErrors(sc({ allegations: [allegation({ finding: 1, correctiveActionsWithDueDate: 1 }), allegation({ finding: 2 })] }), { to: 'Closed', today, outcome: 31, reportDate: today }, investigator)).toEqual([]);
    expect(moveErrors(sc(), { to: 'Closed', today, outcome: 33 }, state)).toEqual([statusMessages.reasonRequired]);
    expect(moveErrors(sc(), { to: 'Closed', today, outcome: 21 }, state)).toEqual([statusMessages.outcomeNotForType]);
  });

  it('an adjudicated EDP records whether a change of placement was ordered', () => {
    const edp = sc({ type: 'EDP' });
    expect(moveErrors(edp, { to: 'Closed', today, outcome: 41, hearingDate: '2026-02-20', decisionDate: '2026-02-27' }, state)).toEqual(['Record whether a change of placement was ordered.']);
    expect(moveErrors(edp, { to: 'Closed', today, outcome: 41, hearingDate: '2026-02-20', decisionDate: '2026-02-27', changeOfPlacementOrdered: false }, state)).toEqual([]);
  });

  it('a submitted case closes only dismissed or not held', () => {
    expect(moveErrors(sc({ status: 'Submitted' }), { to: 'Closed', today, outcome: 32 }, state)).toEqual([statusMessages.submittedCloseOnly]);
    expect(moveErrors(sc({ status: 'Submitted', type: 'MED' }), { to: 'Closed', today, outcome: 23 }, state)).toEqual([]);
  });

  it('reopens within 365 days with a reason; a certified year warns', () => {
    const closed = sc({ status: 'Closed', closedDate: '2025-03-01' });
    expect(moveErrors(closed, { to: 'Active', today: '2026-03-01' }, state)).toEqual([statusMessages.reopenReason]);
    expect(moveErrors(closed, { to: 'Active', today: '2026-03-01', reason: 'New evidence' }, state)).toEqual([]);
    expect(moveErrors(closed, { to: 'Active', today: '2026-03-02', reason: 'New evidence' }, state)).toEqual([statusMessages.reopenTooLate]);
    expect(moveErrors(closed, { to: 'Active', today: '2026-03-01', reason: 'x' }, investigator)).toEqual([statusMessages.notAllowed]);
    expect(certifiedYearWarning('2024-2025', new Set(['2024-2025']))).toBe('This case is in certified reporting year 2024-2025. The certified Table 7 will not change.');
    expect(certifiedYearWarning('2025-2026', new Set(['2024-2025']))).toBeNull();
  });
});
