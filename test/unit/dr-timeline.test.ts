// The dispute resolution timeline engine against every worked example of DR spec §6 (holidays
// 2025-10-13, 10-31, 11-11, 11-27, 11-28, 12-25; 2026-01-01, 01-19, 02-16, 05-25; the demo
// school calendars of §6.3).
import { describe, expect, it } from 'vitest';
import { holidayDates, type SchoolCalendar } from '../../lib/calendar.js';
import {
  amendmentError,
  computeDeadlines,
  DEFAULT_SETTINGS,
  effectiveDueDate,
  extensionErrors,
  timelineMessages,
  type ComputedDeadline,
  type DeadlineCode,
  type TimelineCase,
  type TimelineContext,
} from '../../lib/dr/timeline.js';

const holidays = holidayDates(
  ['2025-10-13', '2025-10-31', '2025-11-11', '2025-11-27', '2025-11-28', '2025-12-25', '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25'].map((date) => ({ date })),
);
const range = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};
const calendars: SchoolCalendar[] = [
  { schoolYear: '2025-2026', firstDay: '2025-08-11', lastDay: '2026-05-28', nonSchoolDays: [...range('2025-11-24', '2025-11-26'), ...range('2025-12-22', '2026-01-02'), ...range('2026-03-16', '2026-03-20')] },
  { schoolYear: '2026-2027', firstDay: '2026-08-10', lastDay: '2027-05-27', nonSchoolDays: [] },
];
const ctx: TimelineContext = { holidays, calendars, leaName: 'Prairie View Public Schools', ...DEFAULT_SETTINGS };

function caseOf(partial: Partial<TimelineCase> & Pick<TimelineCase, 'type' | 'receivedDate'>): TimelineCase {
  return { filedByLea: false, actions: [], extensions: [], setAside: [], ...partial };
}
function deadline(c: TimelineCase, code: DeadlineCode, today = '2025-09-01', context = ctx): ComputedDeadline {
  const found = computeDeadlines(c, context, today).find((d) => d.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}
const due = (c: TimelineCase, code: DeadlineCode, context = ctx) => effectiveDueDate(deadline(c, code, '2025-09-01', context));

describe('SC (state complaint): 60 calendar days', () => {
  it('received Tue 2025-09-02 is due Sat 2025-11-01, and a report issued 2025-10-31 is within the timeline', () => {
    const c = caseOf({ type: 'SC', receivedDate: '2025-09-02' });
    expect(due(c, 'SC_DECISION')).toBe('2025-11-01');
    const met = deadline({ ...c, actions: [{ code: 'REPORT_ISSUED', date: '2025-10-31' }] }, 'SC_DECISION');
    expect(met.state).toBe('Met');
  });

  it.each([
    ['2026-04-10', 'Met'],
    ['2026-04-20', 'Met late'],
  ])('received 2026-01-15 (due Mon 2026-03-16), extended on 2026-03-10 to 2026-04-15: report on %s is %s', (report, state) => {
    const c = caseOf({ type: 'SC', receivedDate: '2026-01-15' });
    const before = deadline(c, 'SC_DECISION');
    expect(before.originalDueDate).toBe('2026-03-16');
    const ext = { code: 'SC_DECISION' as const, grantedDate: '2026-03-10', newDueDate: '2026-04-15', reason: 'EXCEPTIONAL' as const };
    expect(extensionErrors('SC', before, { ...ext, requestedBy: null })).toEqual([]);
    const after = deadline({ ...c, extensions: [ext], actions: [{ code: 'REPORT_ISSUED', date: report }] }, 'SC_DECISION');
    expect(after).toMatchObject({ originalDueDate: '2026-03-16', extendedDueDate: '2026-04-15', state });
  });

  it('refuses an extension recorded after the due date, or to a date not after it', () => {
    const before = deadline(caseOf({ type: 'SC', receivedDate: '2026-01-15' }), 'SC_DECISION');
    expect(extensionErrors('SC', before, { grantedDate: '2026-03-17', newDueDate: '2026-04-15', reason: 'EXCEPTIONAL', requestedBy: null })).toEqual([
      'An extension must be granted on or before the current due date (03/16/2026).',
    ]);
    expect(extensionErrors('SC', before, { grantedDate: '2026-03-10', newDueDate: '2026-03-16', reason: null, requestedBy: null })).toEqual([
      'Select the reason for the extension.',
      'The extended due date must be after the current due date (03/16/2026).',
    ]);
  });

  it('set aside after 20 days (2025-09-22) and Active again 2026-01-05 keeps the 40 unused days: due 2026-02-14', () => {
    const c = caseOf({ type: 'SC', receivedDate: '2025-09-02', setAside: [{ from: '2025-09-22', to: '2026-01-05' }] });
    const d = deadline(c, 'SC_DECISION');
    expect(d.originalDueDate).toBe('2026-02-14');
    expect(d.trail).toContain('Set aside on 2025-09-22 after 20 of 60 days.');
    const still = deadline(caseOf({ type: 'SC', receivedDate: '2025-09-02', setAside: [{ from: '2025-09-22', to: null }] }), 'SC_DECISION', '2025-12-01');
    expect(still.state).toBe('Suspended');
  });

  it('gives the district 14 days (state setting) from the issues letter', () => {
    expect(due(caseOf({ type: 'SC', receivedDate: '2025-09-02', actions: [{ code: 'ISSUES_LETTER_SENT', date: '2025-09-05' }] }), 'SC_LEA_RESPONSE')).toBe('2025-09-19');
  });
});

describe('DP (due process), parent-filed, the other party received it 2025-10-01', () => {
  const dp = (actions: TimelineCase['actions'] = []) => caseOf({ type: 'DP', receivedDate: '2025-09-30', otherPartyReceivedDate: '2025-10-01', actions });

  it.each<[DeadlineCode, string]>([
    ['DP_RESPONSE', '2025-10-11'],
    ['DP_SUFFICIENCY_NOTICE', '2025-10-16'],
    ['DP_RESOLUTION_MEETING', '2025-10-16'],
    ['DP_RESOLUTION_PERIOD_END', '2025-10-31'],
    ['DP_DECISION', '2025-12-15'],
  ])('%s is due %s', (code, expected) => {
    expect(due(dp(), code)).toBe(expected);
  });

  it.each<[string, string, TimelineCase['actions']]>([
    ['a written waiver signed 2025-10-06', '2025-11-20', [{ code: 'RESOLUTION_WAIVED', date: '2025-10-06' }]],
    ['no agreement possible on 2025-10-20', '2025-12-04', [{ code: 'NO_AGREEMENT_POSSIBLE', date: '2025-10-20' }]],
    ['the parent delaying the meeting 2025-10-10 to 2025-10-17 (7 days)', '2025-12-22', [{ code: 'PARENT_DELAYED_RM', date: '2025-10-17', fromDate: '2025-10-10', toDate: '2025-10-17' }]],
    ['the hearing officer starting the timeline on 2025-10-25', '2025-12-09', [{ code: 'HO_STARTED_TIMELINE', date: '2025-10-25' }]],
  ])('with %s the decision is due %s', (_label, expected, actions) => {
    expect(due(dp(actions), 'DP_DECISION')).toBe(expected);
  });

  it('moves the period end by the parent delay: 2025-11-07', () => {
    expect(due(dp([{ code: 'PARENT_DELAYED_RM', date: '2025-10-17', fromDate: '2025-10-10', toDate: '2025-10-17' }]), 'DP_RESOLUTION_PERIOD_END')).toBe('2025-11-07');
  });

  it('a waiver makes the resolution meeting Not applicable', () => {
    expect(deadline(dp([{ code: 'RESOLUTION_WAIVED', date: '2025-10-06' }]), 'DP_RESOLUTION_MEETING').state).toBe('Not applicable');
    expect(deadline(dp([{ code: 'MEDIATION_INSTEAD_OF_RM', date: '2025-10-03' }]), 'DP_RESOLUTION_MEETING').state).toBe('Not applicable');
  });

  it('an adjusting action after the period ended changes nothing, and says so', () => {
    const d = deadline(dp([{ code: 'NO_AGREEMENT_POSSIBLE', date: '2025-11-03' }]), 'DP_DECISION');
    expect(d.originalDueDate).toBe('2025-12-15');
    expect(d.trail).toContain('The resolution period already ended on 10/31/2025; the decision due date is unchanged.');
  });

  it('mediation continuing suspends the decision until a party withdraws, then 45 days from the withdrawal', () => {
    const continued = dp([{ code: 'MEDIATION_CONTINUED', date: '2025-10-31' }]);
    expect(deadline(continued, 'DP_DECISION')).toMatchObject({ state: 'Suspended', originalDueDate: null });
    expect(deadline(continued, 'DP_DECISION').trail).toContain(timelineMessages.suspendedMediation);
    expect(due(dp([{ code: 'MEDIATION_CONTINUED', date: '2025-10-31' }, { code: 'WITHDREW_FROM_MEDIATION', date: '2025-11-10' }]), 'DP_DECISION')).toBe('2025-12-25');
  });

  it('an amended complaint restarts the response, the meeting, the period and the decision from its date', () => {
    const amended = dp([{ code: 'AMENDED_COMPLAINT', date: '2025-10-08' }]);
    expect(due(amended, 'DP_RESPONSE')).toBe('2025-10-18');
    expect(due(amended, 'DP_RESOLUTION_MEETING')).toBe('2025-10-23');
    expect(due(amended, 'DP_RESOLUTION_PERIOD_END')).toBe('2025-11-07');
    expect(due(amended, 'DP_DECISION')).toBe('2025-12-22');
    expect(amendmentError('2025-11-29', '2025-12-03')).toBe(timelineMessages.amendedTooLate);
    expect(amendmentError('2025-11-28', '2025-12-03')).toBeNull();
  });

  it.each([
    ['2025-12-12', 'Met'],
    ['2026-01-10', 'Met'],
    ['2026-01-16', 'Met late'],
  ])('extended at the parent’s request on 2025-12-10 to 2026-01-14: a decision on %s is %s', (decisionDate, state) => {
    const c = dp();
    const before = deadline(c, 'DP_DECISION');
    const ext = { code: 'DP_DECISION' as const, grantedDate: '2025-12-10', newDueDate: '2026-01-14', reason: 'PARTY_REQUEST' as const, requestedBy: 'Parent' as const };
    expect(extensionErrors('DP', before, ext)).toEqual([]);
    expect(extensionErrors('DP', before, { ...ext, requestedBy: null })).toEqual(['Select which party requested the extension.']);
    expect(deadline({ ...c, extensions: [ext], decisionDate }, 'DP_DECISION').state).toBe(state);
  });

  it('a district-filed DP has no resolution meeting and a decision 45 days after the parent received it', () => {
    const lea = caseOf({ type: 'DP', receivedDate: '2025-10-01', otherPartyReceivedDate: '2025-10-03', filedByLea: true });
    const codes = computeDeadlines(lea, ctx, '2025-10-05').map((d) => d.code);
    expect(codes).not.toContain('DP_RESOLUTION_MEETING');
    expect(due(lea, 'DP_DECISION')).toBe('2025-11-17');
  });

  it('is Overdue on screen past its date, and Missed once the case closes without it', () => {
    expect(deadline(dp(), 'DP_RESPONSE', '2025-10-12').state).toBe('Overdue');
    expect(deadline({ ...dp(), closedDate: '2025-11-01' }, 'DP_RESPONSE', '2025-11-02').state).toBe('Missed');
    expect(deadline(dp(), 'DP_RESPONSE', '2025-10-11').state).toBe('Pending');
  });
});

describe('EDP (expedited due process): school days of the district’s calendar', () => {
  it('filed Mon 2025-10-20: meeting Mon 10-27, period end Tue 11-04, hearing by Wed 11-19; held 11-18: decision by Tue 12-09', () => {
    const c = caseOf({ type: 'EDP', receivedDate: '2025-10-20' });
    expect(due(c, 'EDP_RESOLUTION_MEETING')).toBe('2025-10-27');
    expect(due(c, 'EDP_RESOLUTION_PERIOD_END')).toBe('2025-11-04');
    expect(due(c, 'EDP_HEARING')).toBe('2025-11-19');
    const held = { ...c, hearingDate: '2025-11-18' };
    expect(deadline(held, 'EDP_HEARING').state).toBe('Met');
    expect(due(held, 'EDP_DECISION')).toBe('2025-12-09');
  });

  it('filed 2025-12-10: hearing by Thu 2026-01-22 (the winter break and 01-19 skipped)', () => {
    expect(due(caseOf({ type: 'EDP', receivedDate: '2025-12-10' }), 'EDP_HEARING')).toBe('2026-01-22');
  });

  it('filed 2026-05-20: five school days left in May, then the 2026-2027 calendar: hearing by Fri 2026-08-28', () => {
    expect(due(caseOf({ type: 'EDP', receivedDate: '2026-05-20' }), 'EDP_HEARING')).toBe('2026-08-28');
  });

  it('without the next year’s calendar the deadline is Calendar missing, and says which', () => {
    const only = { ...ctx, calendars: calendars.slice(0, 1) };
    const d = deadline(caseOf({ type: 'EDP', receivedDate: '2026-05-20' }), 'EDP_HEARING', '2026-05-21', only);
    expect(d.state).toBe('Calendar missing');
    expect(d.trail).toContain('School calendar missing for Prairie View Public Schools 2026-2027.');
  });

  it('cannot be extended', () => {
    const d = deadline(caseOf({ type: 'EDP', receivedDate: '2025-10-20' }), 'EDP_HEARING');
    expect(extensionErrors('EDP', d, { grantedDate: '2025-11-01', newDueDate: '2025-12-01', reason: 'PARTY_REQUEST', requestedBy: 'Parent' })).toEqual([
      'Expedited hearing timelines cannot be extended.',
    ]);
  });
});

describe('business days: agreement review and disclosure', () => {
  it.each([
    ['2025-11-21', '2025-11-26'],
    ['2025-11-26', '2025-12-03'],
  ])('agreement signed %s: review ends %s', (signed, end) => {
    expect(due(caseOf({ type: 'DP', receivedDate: '2025-10-01', agreementDate: signed }), 'AGREEMENT_REVIEW_END')).toBe(end);
  });

  it.each([
    ['2025-12-01', '2025-11-20'],
    ['2025-12-08', '2025-12-01'],
  ])('hearing %s: disclosure by %s', (hearing, by) => {
    expect(due(caseOf({ type: 'DP', receivedDate: '2025-10-01', hearingDate: hearing }), 'DISCLOSURE')).toBe(by);
  });
});

describe('appeal (Nevada second tier)', () => {
  it('decision received Fri 2025-12-12: window ends Sun 2026-01-11; appeal filed 2026-01-09: review decision due 2026-02-08, cross-appeal 2026-01-19', () => {
    const c = caseOf({ type: 'DP', receivedDate: '2025-09-01', decisionReceivedDate: '2025-12-12' });
    expect(due(c, 'APPEAL_WINDOW')).toBe('2026-01-11');
    const appealed = { ...c, appeal: { filedDate: '2026-01-09' } };
    expect(due(appealed, 'REVIEW_DECISION')).toBe('2026-02-08');
    expect(due(appealed, 'CROSS_APPEAL')).toBe('2026-01-19');
  });
});

describe('MED and IEPF targets (state settings)', () => {
  it('mediation session within 30 days, facilitator within 5 business days of both parties agreeing (Thanksgiving skipped)', () => {
    expect(due(caseOf({ type: 'MED', receivedDate: '2025-11-03', bothPartiesAgreedDate: '2025-11-05' }), 'MED_SESSION_TARGET')).toBe('2025-12-05');
    expect(due(caseOf({ type: 'IEPF', receivedDate: '2025-11-03', bothPartiesAgreedDate: '2025-11-21' }), 'IEPF_ASSIGN_TARGET')).toBe('2025-12-02');
    expect(computeDeadlines(caseOf({ type: 'MED', receivedDate: '2025-11-03' }), ctx, '2025-11-04')).toEqual([]);
  });
});
