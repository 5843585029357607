// Table 7 with B15 and B16 (DR spec §9.1): the spec's worked example (events after June 30 are
// ignored), every row on a constructed year, the edit checks, the notes and the CSV.
import { describe, expect, it } from 'vitest';
import { editChecks, table7, table7CasesOf, table7CsvRows, table7FileName, TABLE7_CSV_HEADER, TABLE7_LABELS, TABLE7_ROW_ORDER, type Table7Case } from '../../lib/dr/table7.js';
import { table7Messages } from '../../lib/dr/messages.js';

const base = { isDraft: false, isDeleted: false, outcome: null, closedDate: null } as const;
const sc = (extra: Partial<Table7Case> = {}): Table7Case => ({ ...base, type: 'SC', receivedDate: '2024-09-10', originalDueDate: '2024-11-09', ...extra });
const med = (extra: Partial<Table7Case> = {}): Table7Case => ({ ...base, type: 'MED', receivedDate: '2024-10-01', ...extra });
const dp = (extra: Partial<Table7Case> = {}): Table7Case => ({ ...base, type: 'DP', receivedDate: '2024-10-01', originalDueDate: '2024-12-15', ...extra });

describe('Table 7 (§9.1)', () => {
  it('the spec’s example: a DP received 2025-06-20 and decided 2025-08-01 counts in 3 and 3.3; an SC with its report on 2025-07-10 in 1 and 1.2', () => {
    const t = table7(
      [
        dp({ receivedDate: '2025-06-20', outcome: 41, decisionDate: '2025-08-01', closedDate: '2025-08-01' }),
        sc({ receivedDate: '2025-06-25', outcome: 31, reportDate: '2025-07-10', closedDate: '2025-07-10' }),
      ],
      '2024-2025',
      '2025-11-01',
    );
    expect(t.inProgress).toBe(false);
    expect(t.asOf).toBe('2025-06-30');
    expect([t.rows['3'], t.rows['3.3'], t.rows['3.2']]).toEqual([1, 1, 0]);
    expect([t.rows['1'], t.rows['1.2'], t.rows['1.1']]).toEqual([1, 1, 0]);
    expect(t.failedChecks).toEqual([]);
  });

  it('counts only the year’s cases, never drafts, deleted ones or last year’s', () => {
    const t = table7([sc({ receivedDate: '2024-06-30' }), sc({ isDraft: true }), sc({ isDeleted: true }), sc()], '2024-2025', '2025-08-01');
    expect(t.rows['1']).toBe(1);
  });

  it('computes every row of a year, B15 = 33.33 and B16 = 72.73, and the informational rows', () => {
    const cases: Table7Case[] = [
      // A: a report in time with findings, one within the extension, one late, one pending set aside, one withdrawn.
      sc({ outcome: 31, reportDate: '2024-11-01', closedDate: '2024-11-01', findings: [1, 2] }),
      sc({ outcome: 31, reportDate: '2024-11-20', closedDate: '2024-11-20', extendedDueDate: '2024-12-01', findings: [2] }),
      sc({ outcome: 31, reportDate: '2024-12-20', closedDate: '2024-12-20', findings: [4] }),
      sc({ setAside: [{ from: '2024-10-01', to: null }] }),
      sc({ outcome: 32, closedDate: '2024-10-15' }),
      // B: 11 mediations held (8 with agreements), 1 pending, 1 not held.
      ...Array.from({ length: 11 }, (_, i) => med({ sessionHeldDate: '2024-11-01', relatedToHearing: i < 4, agreementDate: i < 8 ? '2024-11-01' : null, outcome: i < 8 ? 21 : 22, closedDate: '2024-11-02' })),
      med(),
      med({ outcome: 23, closedDate: '2024-10-20' }),
      // C: 6 resolution meetings, 2 agreements (one voided later, after June 30: still counts), decisions in time and late.
      ...Array.from({ length: 6 }, (_, i) =>
        dp({ resolutionMeetingDate: '2024-10-10', resolutionAgreementDate: i < 2 ? '2024-10-12' : null, resolutionAgreementVoidedDate: i === 1 ? '2025-07-05' : null, outcome: i < 2 ? 44 : null, closedDate: i < 2 ? '2024-10-20' : null }),
      ),
      dp({ outcome: 41, decisionDate: '2024-12-10', closedDate: '2024-12-10' }),
      dp({ outcome: 41, decisionDate: '2025-01-10', closedDate: '2025-01-10', extendedDueDate: '2025-01-14' }),
      dp({ outcome: 41, decisionDate: '2025-02-10', closedDate: '2025-02-10' }),
      dp({ outcome: 45, closedDate: '2024-11-10' }),
      // D: an expedited one adjudicated in time with a change of placement.
      { ...base, type: 'EDP', receivedDate: '2025-03-03', originalDueDate: '2025-04-01', outcome: 41, decisionDate: '2025-03-25', closedDate: '2025-03-25', changeOfPlacementOrdered: true },
    ];
    const t = table7(cases, '2024-2025', '2025-08-15');
    expect(t.rows).toEqual({
      '1': 5, '1.1': 3, '1.1(a)': 1, '1.1(b)': 1, '1.1(c)': 1, '1.2': 1, '1.2(a)': 1, '1.3': 1,
      '2': 13, '2.1': 11, '2.1(a)': 4, '2.1(a)(i)': 4, '2.1(b)': 7, '2.1(b)(i)': 4, '2.2': 1, '2.3': 1,
      '3': 11, '3.1': 6, '3.1(a)': 2, '3.2': 4, '3.2(a)': 2, '3.2(b)': 1, '3.3': 4, '3.4': 3,
      '4': 1, '4.1': 0, '4.1(a)': 0, '4.2': 1, '4.2(a)': 1, '4.3': 0, '4.4': 0,
    });
    expect(t.b15).toBe('33.33%');
    expect(t.b16).toBe('72.73%');
    expect(t.informational).toEqual({ reportsLate: 1, decisionsLate: 1, resolvedByResolutionAgreement: 2, resolvedByMediationAgreement: 1, resolvedByOtherSettlement: 0 });
    expect(t.notes).toEqual([table7Messages.fewResolutionMeetings]);
    expect(t.failedChecks).toEqual([]);
    // The drill-down: each row's cases are exactly as many as its value.
    for (const id of TABLE7_ROW_ORDER) expect(table7CasesOf(cases, '2024-2025', '2025-08-15', id), id).toHaveLength(t.rows[id]);

    const csv = table7CsvRows(t);
    expect(TABLE7_CSV_HEADER).toEqual(['Row', 'Label', 'Value']);
    expect(csv[0]).toEqual(['1', 'Total number of written signed complaints filed.', '5']);
    expect(csv.at(-2)).toEqual(['B15', 'Resolution meetings resolved through settlement agreements (%)', '33.33']);
    expect(csv.at(-1)).toEqual(['B16', 'Mediations held that resulted in agreements (%)', '72.73']);
    expect(csv).toHaveLength(Object.keys(TABLE7_LABELS).length + 2);
    expect(table7FileName('2024-2025')).toBe('table7-2024-2025.csv');
  });

  it('counts the year in progress as of today, and an empty year shows N/A for B15 and B16 with both notes', () => {
    const t = table7([], '2025-2026', '2025-11-28');
    expect(t).toMatchObject({ inProgress: true, asOf: '2025-11-28', b15: 'N/A', b16: 'N/A' });
    expect(t.notes).toEqual([table7Messages.fewResolutionMeetings, table7Messages.fewMediations]);
    expect(table7Messages.yearInProgress('2025-11-28')).toBe('Year in progress: counts as of 11/28/2025.');
    expect(table7CsvRows(t).at(-1)).toEqual(['B16', 'Mediations held that resulted in agreements (%)', 'N/A']);
  });

  it('names each edit check that fails', () => {
    const rows = table7([], '2024-2025', '2025-08-01').rows;
    expect(editChecks({ ...rows, '1': 2, '4': 1 })).toEqual(['1 = 1.1 + 1.2 + 1.3', '4 = 4.2 + 4.3 + 4.4', '4 <= 3']);
  });
});
