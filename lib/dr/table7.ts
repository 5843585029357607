// Table 7 (IDEA Part B Dispute Resolution survey) with B15 and B16 (DR spec §9.1): the counts of
// one reporting year from the cases received in it, each case's status taken as of June 30 (or
// today for the year in progress), the federal edit checks, and the CSV. Pure: the screen and the
// CSV both come from `table7` over the same API answer.
import { schoolYearBounds } from '../calendar.js';
import type { IsoDay } from '../day.js';
import { table7Messages } from './messages.js';
import { percent } from './rules.js';
import type { CaseType } from './timeline.js';

/** What Table 7 reads of one case; dates after the as-of day are ignored. */
export interface Table7Case {
  type: CaseType;
  receivedDate: IsoDay;
  /** Draft and deleted cases never count. */
  isDraft: boolean;
  isDeleted: boolean;
  outcome: number | null;
  closedDate: IsoDay | null;
  // SC
  reportDate?: IsoDay | null;
  /** The finding of each allegation (1 noncompliance, 2, 3 set aside for a hearing, 4). */
  findings?: readonly number[];
  /** SC_DECISION before any extension (with the days given back after a set-aside), and extended. */
  originalDueDate?: IsoDay | null;
  extendedDueDate?: IsoDay | null;
  /** SC set-aside spans (to null: still set aside). */
  setAside?: readonly { from: IsoDay; to: IsoDay | null }[];
  // MED
  sessionHeldDate?: IsoDay | null;
  agreementDate?: IsoDay | null;
  relatedToHearing?: boolean;
  // DP, EDP
  resolutionMeetingDate?: IsoDay | null;
  resolutionAgreementDate?: IsoDay | null;
  resolutionAgreementVoidedDate?: IsoDay | null;
  decisionDate?: IsoDay | null;
  changeOfPlacementOrdered?: boolean | null;
}

export type Table7RowId =
  | '1' | '1.1' | '1.1(a)' | '1.1(b)' | '1.1(c)' | '1.2' | '1.2(a)' | '1.3'
  | '2' | '2.1' | '2.1(a)' | '2.1(a)(i)' | '2.1(b)' | '2.1(b)(i)' | '2.2' | '2.3'
  | '3' | '3.1' | '3.1(a)' | '3.2' | '3.2(a)' | '3.2(b)' | '3.3' | '3.4'
  | '4' | '4.1' | '4.1(a)' | '4.2' | '4.2(a)' | '4.3' | '4.4';

export const TABLE7_LABELS: Readonly<Record<Table7RowId, string>> = {
  '1': 'Total number of written signed complaints filed.',
  '1.1': 'Complaints with reports issued.',
  '1.1(a)': 'Reports with findings of noncompliance.',
  '1.1(b)': 'Reports within timelines.',
  '1.1(c)': 'Reports within extended timelines.',
  '1.2': 'Complaints pending.',
  '1.2(a)': 'Complaints pending a due process hearing.',
  '1.3': 'Complaints withdrawn or dismissed.',
  '2': 'Total number of mediation requests received through all dispute resolution processes.',
  '2.1': 'Mediations held.',
  '2.1(a)': 'Mediations held related to due process complaints.',
  '2.1(a)(i)': 'Mediation agreements related to due process complaints.',
  '2.1(b)': 'Mediations held not related to due process complaints.',
  '2.1(b)(i)': 'Mediation agreements not related to due process complaints.',
  '2.2': 'Mediations pending.',
  '2.3': 'Mediations withdrawn or not held.',
  '3': 'Total number of due process complaints filed.',
  '3.1': 'Resolution meetings.',
  '3.1(a)': 'Written settlement agreements reached through resolution meetings.',
  '3.2': 'Hearings fully adjudicated.',
  '3.2(a)': 'Decisions within timeline (include expedited).',
  '3.2(b)': 'Decisions within extended timeline.',
  '3.3': 'Due process complaints pending.',
  '3.4': 'Due process complaints withdrawn or dismissed (including resolved without a hearing).',
  '4': 'Total number of expedited due process complaints filed.',
  '4.1': 'Expedited resolution meetings.',
  '4.1(a)': 'Expedited written settlement agreements.',
  '4.2': 'Expedited hearings fully adjudicated.',
  '4.2(a)': 'Change of placement ordered.',
  '4.3': 'Expedited due process complaints pending.',
  '4.4': 'Expedited due process complaints withdrawn or dismissed.',
};

export const TABLE7_ROW_ORDER = Object.keys(TABLE7_LABELS) as Table7RowId[];

export interface Table7 {
  schoolYear: string;
  /** June 30 of the year, or today while the year is in progress. */
  asOf: IsoDay;
  inProgress: boolean;
  rows: Record<Table7RowId, number>;
  b15: string;
  b16: string;
  /** Not federal: reports and decisions issued late, and the resolutions without a hearing by outcome. */
  informational: { reportsLate: number; decisionsLate: number; resolvedByResolutionAgreement: number; resolvedByMediationAgreement: number; resolvedByOtherSettlement: number };
  /** The notes under B15 and B16 when their denominator is below 10. */
  notes: string[];
  /** The edit checks that fail (empty when the table is consistent). */
  failedChecks: string[];
}

const on = (day: IsoDay | null | undefined, asOf: IsoDay): day is IsoDay => Boolean(day) && (day as IsoDay) <= asOf;

function setAsideOn(c: Table7Case, asOf: IsoDay): boolean {
  return (c.setAside ?? []).some((p) => p.from <= asOf && (p.to === null || p.to > asOf));
}

/** The counts of sections C and D (DP + EDP, or EDP only). */
function hearingCounts(cases: readonly Table7Case[], asOf: IsoDay) {
  let meetings = 0;
  let agreements = 0;
  let adjudicated = 0;
  let inTime = 0;
  let inExtended = 0;
  let withdrawn = 0;
  let placement = 0;
  const resolved = { 44: 0, 45: 0, 46: 0 } as Record<number, number>;
  for (const c of cases) {
    if (on(c.resolutionMeetingDate, asOf)) {
      meetings += 1;
      if (on(c.resolutionAgreementDate, asOf) && !on(c.resolutionAgreementVoidedDate, asOf)) agreements += 1;
    }
    const closed = on(c.closedDate, asOf) ? c.outcome : null;
    if (c.outcome === 41 && on(c.decisionDate, asOf)) {
      adjudicated += 1;
      const decided = c.decisionDate as IsoDay;
      if (c.originalDueDate && decided <= c.originalDueDate) inTime += 1;
      else if (c.type === 'DP' && c.extendedDueDate && decided <= c.extendedDueDate) inExtended += 1;
      if (c.changeOfPlacementOrdered) placement += 1;
    } else if (closed !== null && closed >= 42 && closed <= 46) {
      withdrawn += 1;
      if (closed in resolved) resolved[closed] = (resolved[closed] ?? 0) + 1;
    }
  }
  return { total: cases.length, meetings, agreements, adjudicated, inTime, inExtended, pending: cases.length - adjudicated - withdrawn, withdrawn, placement, resolved };
}

/** Table 7 of one reporting year (e.g. '2024-2025') as of `today`. */
export function table7(all: readonly Table7Case[], schoolYear: string, today: IsoDay): Table7 {
  const { first, last } = schoolYearBounds(schoolYear);
  const inProgress = today < last;
  const asOf = inProgress ? today : last;
  const cases = all.filter((c) => !c.isDraft && !c.isDeleted && c.receivedDate >= first && c.receivedDate <= asOf);
  const ofType = (...types: CaseType[]) => cases.filter((c) => types.includes(c.type));

  // Section A: state complaints.
  const sc = ofType('SC');
  let reports = 0;
  let withFindings = 0;
  let reportsInTime = 0;
  let reportsExtended = 0;
  let scWithdrawn = 0;
  let scPending = 0;
  let pendingHearing = 0;
  for (const c of sc) {
    const closed = on(c.closedDate, asOf) ? c.outcome : null;
    if (c.outcome === 31 && on(c.reportDate, asOf)) {
      reports += 1;
      if ((c.findings ?? []).includes(1)) withFindings += 1;
      const report = c.reportDate as IsoDay;
      if (c.originalDueDate && report <= c.originalDueDate) reportsInTime += 1;
      else if (c.extendedDueDate && report <= c.extendedDueDate) reportsExtended += 1;
    } else if (closed === 32 || closed === 33) scWithdrawn += 1;
    else {
      scPending += 1;
      if (setAsideOn(c, asOf)) pendingHearing += 1;
    }
  }

  // Section B: mediation.
  const med = ofType('MED');
  let held = 0;
  let heldRelated = 0;
  let agreedRelated = 0;
  let heldOther = 0;
  let agreedOther = 0;
  let medClosed = 0;
  for (const c of med) {
    if (on(c.sessionHeldDate, asOf)) {
      held += 1;
      const agreed = on(c.agreementDate, asOf) ? 1 : 0;
      if (c.relatedToHearing) {
        heldRelated += 1;
        agreedRelated += agreed;
      } else {
        heldOther += 1;
        agreedOther += agreed;
      }
    } else if (on(c.closedDate, asOf) && (c.outcome === 23 || c.outcome === 24)) medClosed += 1;
  }

  const c3 = hearingCounts(ofType('DP', 'EDP'), asOf);
  const c4 = hearingCounts(ofType('EDP'), asOf);
  const rows: Record<Table7RowId, number> = {
    '1': sc.length,
    '1.1': reports,
    '1.1(a)': withFindings,
    '1.1(b)': reportsInTime,
    '1.1(c)': reportsExtended,
    '1.2': scPending,
    '1.2(a)': pendingHearing,
    '1.3': scWithdrawn,
    '2': med.length,
    '2.1': held,
    '2.1(a)': heldRelated,
    '2.1(a)(i)': agreedRelated,
    '2.1(b)': heldOther,
    '2.1(b)(i)': agreedOther,
    '2.2': med.length - held - medClosed,
    '2.3': medClosed,
    '3': c3.total,
    '3.1': c3.meetings,
    '3.1(a)': c3.agreements,
    '3.2': c3.adjudicated,
    '3.2(a)': c3.inTime,
    '3.2(b)': c3.inExtended,
    '3.3': c3.pending,
    '3.4': c3.withdrawn,
    '4': c4.total,
    '4.1': c4.meetings,
    '4.1(a)': c4.agreements,
    '4.2': c4.adjudicated,
    '4.2(a)': c4.placement,
    '4.3': c4.pending,
    '4.4': c4.withdrawn,
  };
  const notes: string[] = [];
  if (rows['3.1'] < 10) notes.push(table7Messages.fewResolutionMeetings);
  if (rows['2.1'] < 10) notes.push(table7Messages.fewMediations);
  return {
    schoolYear,
    asOf,
    inProgress,
    rows,
    b15: percent(rows['3.1(a)'], rows['3.1']),
    b16: percent(rows['2.1(a)(i)'] + rows['2.1(b)(i)'], rows['2.1']),
    informational: {
      reportsLate: rows['1.1'] - rows['1.1(b)'] - rows['1.1(c)'],
      decisionsLate: rows['3.2'] - rows['3.2(a)'] - rows['3.2(b)'],
      resolvedByResolutionAgreement: c3.resolved[44] ?? 0,
      resolvedByMediationAgreement: c3.resolved[45] ?? 0,
      resolvedByOtherSettlement: c3.resolved[46] ?? 0,
    },
    notes,
    failedChecks: editChecks(rows),
  };
}

/**
 * The rows one case counts in (the drill-down from a Table 7 value to its cases): the rules of
 * `table7` applied to one case received in the year, as of `asOf`.
 */
export function table7RowsOf(c: Table7Case, asOf: IsoDay): Table7RowId[] {
  const rows: Table7RowId[] = [];
  const closed = on(c.closedDate, asOf) ? c.outcome : null;
  if (c.type === 'SC') {
    rows.push('1');
    if (c.outcome === 31 && on(c.reportDate, asOf)) {
      rows.push('1.1');
      if ((c.findings ?? []).includes(1)) rows.push('1.1(a)');
      const report = c.reportDate as IsoDay;
      if (c.originalDueDate && report <= c.originalDueDate) rows.push('1.1(b)');
      else if (c.extendedDueDate && report <= c.extendedDueDate) rows.push('1.1(c)');
    } else if (closed === 32 || closed === 33) rows.push('1.3');
    else {
      rows.push('1.2');
      if (setAsideOn(c, asOf)) rows.push('1.2(a)');
    }
    return rows;
  }
  if (c.type === 'MED') {
    rows.push('2');
    if (on(c.sessionHeldDate, asOf)) {
      rows.push('2.1');
      const agreed = on(c.agreementDate, asOf);
      if (c.relatedToHearing) rows.push('2.1(a)', ...(agreed ? (['2.1(a)(i)'] as const) : []));
      else rows.push('2.1(b)', ...(agreed ? (['2.1(b)(i)'] as const) : []));
    } else if (on(c.closedDate, asOf) && (c.outcome === 23 || c.outcome === 24)) rows.push('2.3');
    else rows.push('2.2');
    return rows;
  }
  if (c.type !== 'DP' && c.type !== 'EDP') return rows;
  type SectionRows = { total: Table7RowId; meetings: Table7RowId; agreements: Table7RowId; adjudicated: Table7RowId; pending: Table7RowId; withdrawn: Table7RowId };
  const hearing = (r: SectionRows, decided: (day: IsoDay) => void) => {
    rows.push(r.total);
    if (on(c.resolutionMeetingDate, asOf)) {
      rows.push(r.meetings);
      if (on(c.resolutionAgreementDate, asOf) && !on(c.resolutionAgreementVoidedDate, asOf)) rows.push(r.agreements);
    }
    if (c.outcome === 41 && on(c.decisionDate, asOf)) {
      rows.push(r.adjudicated);
      decided(c.decisionDate as IsoDay);
    } else if (closed !== null && closed >= 42 && closed <= 46) rows.push(r.withdrawn);
    else rows.push(r.pending);
  };
  // Section C: every due process complaint, expedited included.
  hearing({ total: '3', meetings: '3.1', agreements: '3.1(a)', adjudicated: '3.2', pending: '3.3', withdrawn: '3.4' }, (day) => {
    if (c.originalDueDate && day <= c.originalDueDate) rows.push('3.2(a)');
    else if (c.type === 'DP' && c.extendedDueDate && day <= c.extendedDueDate) rows.push('3.2(b)');
  });
  // Section D repeats the expedited ones.
  if (c.type === 'EDP') {
    hearing({ total: '4', meetings: '4.1', agreements: '4.1(a)', adjudicated: '4.2', pending: '4.3', withdrawn: '4.4' }, () => {
      if (c.changeOfPlacementOrdered) rows.push('4.2(a)');
    });
  }
  return rows;
}

/** The cases of one year that count in `row` (received in the year, as of its June 30 or today). */
export function table7CasesOf<C extends Table7Case>(all: readonly C[], schoolYear: string, today: IsoDay, row: Table7RowId): C[] {
  const { first, last } = schoolYearBounds(schoolYear);
  const asOf = today < last ? today : last;
  return all.filter((c) => !c.isDraft && !c.isDeleted && c.receivedDate >= first && c.receivedDate <= asOf && table7RowsOf(c, asOf).includes(row));
}

/** Every federal edit check (§9.1) named as written there, with whether it passes. */
export function editCheckResults(r: Record<Table7RowId, number>): { rule: string; pass: boolean }[] {
  const checks: [string, boolean][] = [
    ['1 = 1.1 + 1.2 + 1.3', r['1'] === r['1.1'] + r['1.2'] + r['1.3']],
    ['1.1(a) <= 1.1', r['1.1(a)'] <= r['1.1']],
    ['1.1(b) + 1.1(c) <= 1.1', r['1.1(b)'] + r['1.1(c)'] <= r['1.1']],
    ['1.2(a) <= 1.2', r['1.2(a)'] <= r['1.2']],
    ['2 = 2.1 + 2.2 + 2.3', r['2'] === r['2.1'] + r['2.2'] + r['2.3']],
    ['2.1 = 2.1(a) + 2.1(b)', r['2.1'] === r['2.1(a)'] + r['2.1(b)']],
    ['2.1(a)(i) <= 2.1(a)', r['2.1(a)(i)'] <= r['2.1(a)']],
    ['2.1(b)(i) <= 2.1(b)', r['2.1(b)(i)'] <= r['2.1(b)']],
    ['3 = 3.2 + 3.3 + 3.4', r['3'] === r['3.2'] + r['3.3'] + r['3.4']],
    ['3.1(a) <= 3.1', r['3.1(a)'] <= r['3.1']],
    ['3.2(a) + 3.2(b) <= 3.2', r['3.2(a)'] + r['3.2(b)'] <= r['3.2']],
    ['4 = 4.2 + 4.3 + 4.4', r['4'] === r['4.2'] + r['4.3'] + r['4.4']],
    ['4.1(a) <= 4.1', r['4.1(a)'] <= r['4.1']],
    ['4.2(a) <= 4.2', r['4.2(a)'] <= r['4.2']],
    ['4 <= 3', r['4'] <= r['3']],
    ['4.1 <= 3.1', r['4.1'] <= r['3.1']],
    ['4.1(a) <= 3.1(a)', r['4.1(a)'] <= r['3.1(a)']],
    ['4.2 <= 3.2', r['4.2'] <= r['3.2']],
    ['4.3 <= 3.3', r['4.3'] <= r['3.3']],
    ['4.4 <= 3.4', r['4.4'] <= r['3.4']],
  ];
  return checks.map(([rule, pass]) => ({ rule, pass }));
}

/** The edit checks that fail, by name. */
export function editChecks(r: Record<Table7RowId, number>): string[] {
  return editCheckResults(r).filter((c) => !c.pass).map((c) => c.rule);
}

export const TABLE7_CSV_HEADER = ['Row', 'Label', 'Value'] as const;

/** The CSV's rows after its header: every row in order, then B15 and B16. */
export function table7CsvRows(t: Table7): string[][] {
  return [
    ...TABLE7_ROW_ORDER.map((id) => [id, TABLE7_LABELS[id], String(t.rows[id])]),
    ['B15', table7Messages.b15Label, t.b15.replace('%', '')],
    ['B16', table7Messages.b16Label, t.b16.replace('%', '')],
  ];
}

export const table7FileName = (schoolYear: string) => `table7-${schoolYear}.csv`;
