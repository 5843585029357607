// DR spec §9.2 (summary report) and §9.3 (state tracking) on their worked examples.
import { describe, expect, it } from 'vitest';
import { daysLeft, ISSUES_CSV_HEADER, issuesCsvRow, issuesReport, SUMMARY_CSV_HEADER, summaryCsvRow, summaryReport, TRACKING_CSV_HEADER, trackingOptions, trackingRows, trackingStatus, requestsByMonth, type SummaryCase } from '../../lib/dr/reports.js';

const c = (leaCode: string, type: SummaryCase['type'], receivedDate: string, closedDate: string | null, outcome: number | null = null, reportWithFindings = false): SummaryCase => ({
  leaCode,
  leaName: leaCode === '55-0101-000' ? 'Prairie View Public Schools' : 'Riverbend Community Schools',
  type,
  receivedDate,
  closedDate,
  outcome,
  reportWithFindings,
});

describe('summary report (§9.2)', () => {
  it('one row per LEA, then the statewide total whose median is over every closed case', () => {
    const { rows, total } = summaryReport([
      // Prairie View: closed after 10 and 20 days; Riverbend: 35 and 60 days, and one open EDP.
      c('55-0101-000', 'SC', '2024-09-01', '2024-09-11', 31, true),
      c('55-0101-000', 'MED', '2024-09-01', '2024-09-21', 21),
      c('28-0102-000', 'DP', '2024-09-01', '2024-10-06', 44),
      c('28-0102-000', 'IEPF', '2024-09-01', '2024-10-31', 12),
      c('28-0102-000', 'EDP', '2024-09-01', null),
    ]);
    expect(rows.map((r) => [r.leaCode, r.medianDaysToClose])).toEqual([
      ['28-0102-000', '47.5'],
      ['55-0101-000', '15.0'],
    ]);
    // Over all four closed cases (10, 20, 35, 60): 27.5, not the mean of the LEA medians (31.3).
    expect(total.medianDaysToClose).toBe('27.5');
    expect(summaryCsvRow(total)).toEqual(['', 'Statewide total', '1', '1', '1', '1', '1', '5', '1', '4', '27.5', '1', '2']);
    expect(SUMMARY_CSV_HEADER.join(',')).toBe(
      'LEA Code,LEA Name,IEP Facilitation,Mediation,State Complaints,Due Process,Expedited Due Process,Total Requests,Open at Period End,Closed,Median Days to Close,Complaint Reports with Findings,Agreements Reached',
    );
  });

  it('an LEA with no closed case shows a blank median', () => {
    expect(summaryReport([c('55-0101-000', 'SC', '2024-09-01', null)]).rows[0]!.medianDaysToClose).toBe('');
  });
});

describe("the summary report's Issues table (§9.2)", () => {
  const categories = [
    { code: 'EVAL', label: 'Evaluation' },
    { code: 'IEPIMP', label: 'IEP implementation' },
    { code: 'DISC', label: 'Discipline' },
  ];
  it('counts cases per issue in the list order, and noncompliance findings of the complaints raising it', () => {
    const rows = issuesReport(
      [
        { type: 'SC', issues: ['IEPIMP', 'EVAL'], findings: [1, 1, 2] },
        { type: 'SC', issues: ['IEPIMP'], findings: [1] },
        { type: 'SC', issues: [], findings: [1] },
        // A mediation's issues count as cases; it has no findings.
        { type: 'MED', issues: ['IEPIMP'] },
      ],
      categories,
    );
    // DISC is raised by no case: no row.
    expect(rows.map(issuesCsvRow)).toEqual([
      ['EVAL', 'Evaluation', '1', '2'],
      ['IEPIMP', 'IEP implementation', '3', '3'],
    ]);
    expect(ISSUES_CSV_HEADER.join(',')).toBe('Issue Code,Issue,Cases,Noncompliance Findings');
  });

  it('has no rows when no case names an issue', () => {
    expect(issuesReport([{ type: 'SC', issues: [], findings: [1] }], categories)).toEqual([]);
  });
});

describe('state tracking (§9.3)', () => {
  it.each([
    ['2025-10-25', 7, 'Due soon'],
    ['2025-11-03', -2, 'Overdue'],
    ['2025-10-20', 12, 'On track'],
    ['2025-11-01', 0, 'Due soon'],
  ])('due 2025-11-01 seen on %s: %i days left, %s', (today, left, status) => {
    expect(daysLeft('2025-11-01', today)).toBe(left);
    expect(trackingStatus('2025-11-01', 'Pending', today)).toBe(status);
  });

  it('a deadline without a calendar, or suspended, says so whatever the date', () => {
    expect(trackingStatus(null, 'Calendar missing', '2025-11-01')).toBe('Calendar missing');
    expect(trackingStatus(null, 'Suspended', '2025-11-01')).toBe('Suspended');
    expect(TRACKING_CSV_HEADER.join(',')).toBe('Case Number,Type,Status,LEA,Student Initials,Received,Case Manager,Neutral,Next Deadline,Due Date,Days Left,Deadline Status');
  });
});

describe('state tracking filters (§9.3)', () => {
  const rows = [
    { type: 'Mediation', lea: 'Riverbend', caseManager: 'Jordan', neutral: 'Maya, Hugo', deadlineStatus: 'Overdue' },
    { type: 'State Complaint', lea: 'Prairie View', caseManager: '', neutral: '', deadlineStatus: 'Due soon' },
    { type: 'Mediation', lea: 'Prairie View', caseManager: 'Jordan', neutral: 'Hugo', deadlineStatus: 'On track' },
  ];
  const none = { status: '', type: '', lea: '', caseManager: '', neutral: '' };
  it.each([
    ['no filter keeps every row', none, 3],
    ['by deadline status', { ...none, status: 'Overdue' }, 1],
    ['by type and LEA', { ...none, type: 'Mediation', lea: 'Prairie View' }, 1],
    ['by one of several neutrals', { ...none, neutral: 'Hugo' }, 2],
    ['by case manager', { ...none, caseManager: 'Jordan' }, 2],
  ])('%s', (_name, filters, count) => {
    expect(trackingRows(rows, filters)).toHaveLength(count);
  });

  it('offers each column’s distinct values, neutrals one by one', () => {
    expect(trackingOptions(rows)).toEqual({ type: ['Mediation', 'State Complaint'], lea: ['Prairie View', 'Riverbend'], caseManager: ['Jordan'], neutral: ['Hugo', 'Maya'] });
  });
});

describe('requests received by month (the summary chart)', () => {
  it('counts each type in the month of its received date, July to June', () => {
    const r = requestsByMonth(
      [
        { type: 'SC', receivedDate: '2025-07-01' },
        { type: 'SC', receivedDate: '2025-07-31' },
        { type: 'MED', receivedDate: '2026-06-30' },
        { type: 'DP', receivedDate: '2026-07-01' },
      ],
      '2025-2026',
    );
    expect(r.months[0]).toBe('Jul 2025');
    expect(r.months[11]).toBe('Jun 2026');
    expect(r.counts.SC[0]).toBe(2);
    expect(r.counts.MED[11]).toBe(1);
    expect(r.counts.DP.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
