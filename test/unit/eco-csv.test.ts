// ECO spec §7: the four export headers exactly as written, the file names, and the row mappers.
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.js';
import {
  APR_BY_LEA_HEADER,
  APR_SUMMARY_HEADER,
  CHILD_DATA_HEADER,
  IMPORT_ERRORS_HEADER,
  STATE_TRACKING_HEADER,
  aprSummaryRow,
  childDataRow,
  ecoFileNames,
  stateTrackingRow,
  type ChildDataInput,
} from '../../lib/eco/csv.js';
import { summarize } from '../../lib/eco/summary.js';

describe('headers (§7, §8)', () => {
  it.each([
    [
      'APR summary',
      APR_SUMMARY_HEADER,
      'ffy,schoolYear,scope,leaCode,leaName,basis,outcome,n,countA,countB,countC,countD,countE,percentA,percentB,percentC,percentD,percentE,ss1Numerator,ss1Denominator,ss1Percent,ss1Target,ss1Met,ss2Numerator,ss2Denominator,ss2Percent,ss2Target,ss2Met',
    ],
    [
      'APR by LEA',
      APR_BY_LEA_HEADER,
      'ffy,schoolYear,scope,leaCode,leaName,basis,outcome,n,countA,countB,countC,countD,countE,percentA,percentB,percentC,percentD,percentE,ss1Numerator,ss1Denominator,ss1Percent,ss1Target,ss1Met,ss2Numerator,ss2Denominator,ss2Percent,ss2Target,ss2Met',
    ],
    [
      'Child data',
      CHILD_DATA_HEADER,
      'stateStudentId,lastName,firstName,birthDate,leaCode,leaName,schoolName,disabilityCategory,entryDate,exitDate,exitReason,daysOfService,entryStatus,exitStatus,entryRatingA,entryRatingB,entryRatingC,exitRatingA,exitRatingB,exitRatingC,newSkillsA,newSkillsB,newSkillsC,categoryA,categoryB,categoryC,included,notIncludedReason',
    ],
    [
      'State tracking',
      STATE_TRACKING_HEADER,
      'schoolYear,leaCode,leaName,leaType,activeChildren,entryPending,entryOverdue,awaitingFinalization,exitsInYear,eligibleExits,includedExits,exitPending,exitOverdue,notIncluded,completenessPercent,entryTimelinessPercent,patternFlags,openUnlockRequests,status',
    ],
    ['Import errors', IMPORT_ERRORS_HEADER, 'rowNumber,column,value,message'],
  ])('%s', (_name, header, line) => expect(header.join(',')).toBe(line));
});

describe('file names (§7)', () => {
  it.each([
    [ecoFileNames.aprSummary('2024-2025', 'PVPS'), 'eco-apr-2024-2025-PVPS.csv'],
    [ecoFileNames.aprSummary('2024-2025', null), 'eco-apr-2024-2025-statewide.csv'],
    [ecoFileNames.aprByLea('2024-2025'), 'eco-apr-2024-2025-by-lea.csv'],
    [ecoFileNames.children('2024-2025', null), 'eco-children-2024-2025-statewide.csv'],
    [ecoFileNames.stateTracking('2024-2025'), 'eco-state-tracking-2024-2025.csv'],
    [ecoFileNames.importErrors, 'eco-import-errors.csv'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('row mappers (§7)', () => {
  it('writes an APR summary row with 2-decimal percents, targets and Met', () => {
    const row = aprSummaryRow({
      ffy: 2024,
      schoolYear: '2024-2025',
      scope: 'LEA',
      leaCode: 'PVPS',
      leaName: 'Prairie View Public Schools',
      basis: 'submitted',
      outcome: 'A',
      summary: summarize({ a: 1, b: 2, c: 3, d: 4, e: 2 }),
      ss1Target: 72,
      ss2Target: 50,
    });
    expect(toCsv(APR_SUMMARY_HEADER, [row]).split('\r\n')[1]).toBe(
      '2024,2024-2025,LEA,PVPS,Prairie View Public Schools,submitted,A,12,1,2,3,4,2,8.33,16.67,25.00,33.33,16.67,7,10,70.00,72.00,Not met,6,12,50.00,50.00,Met',
    );
  });

  it('leaves SS1 empty when it has no value, and Met empty without a target', () => {
    const row = aprSummaryRow({
      ffy: 2024,
      schoolYear: '2024-2025',
      scope: 'State',
      leaCode: null,
      leaName: null,
      basis: 'finalized',
      outcome: 'B',
      summary: summarize({ a: 0, b: 0, c: 0, d: 0, e: 12 }),
      ss1Target: 74,
      ss2Target: null,
    });
    expect(toCsv(APR_SUMMARY_HEADER, [row]).split('\r\n')[1]).toBe('2024,2024-2025,State,,,finalized,B,12,0,0,0,0,12,0.00,0.00,0.00,0.00,100.00,0,0,,74.00,,12,12,100.00,,');
  });

  const child: ChildDataInput = {
    stateStudentId: '9000000001',
    lastName: '-Lee',
    firstName: 'Ann',
    birthDate: '2019-04-10',
    leaCode: 'PVPS',
    leaName: 'Prairie View Public Schools',
    schoolName: null,
    disabilityCategory: 'DD',
    entryDate: '2024-09-02',
    exitDate: '2025-06-01',
    exitReason: 'kindergarten',
    daysOfService: 272,
    entryStatus: 'finalized',
    exitStatus: 'finalized',
    entryRatings: { A: 2, B: 5, C: 5 },
    exitRatings: { A: 6, B: 6, C: 7 },
    newSkills: { A: 'Y', B: 'Y', C: 'Y' },
    categories: { A: 'd', B: 'd', C: 'e' },
    notIncluded: { A: null, B: null, C: null },
  };

  it('writes a child data row: included Y, formula guard on text', () => {
    expect(toCsv(CHILD_DATA_HEADER, [childDataRow(child)]).split('\r\n')[1]).toBe(
      "9000000001,'-Lee,Ann,2019-04-10,PVPS,Prairie View Public Schools,,DD,2024-09-02,2025-06-01,kindergarten,272,finalized,finalized,2,5,5,6,6,7,Y,Y,Y,d,d,e,Y,",
    );
  });

  it('gives N and the first reason when any outcome is not included', () => {
    const row = childDataRow({ ...child, categories: { A: 'd' }, notIncluded: { A: null, B: 'invalid-combination', C: 'not-finalized' } });
    expect(row.slice(-2)).toEqual(['N', 'invalid-combination']);
  });

  it('writes a state tracking row in the header order', () => {
    const row = stateTrackingRow({
      schoolYear: '2024-2025',
      leaCode: 'PVPS',
      leaName: 'Prairie View Public Schools',
      leaType: 'District',
      activeChildren: 10,
      entryPending: 3,
      entryOverdue: 2,
      awaitingFinalization: 2,
      exitsInYear: 15,
      eligibleExits: 14,
      includedExits: 12,
      exitPending: 0,
      exitOverdue: 1,
      notIncluded: 3,
      completenessPercent: 85.71,
      entryTimelinessPercent: null,
      patternFlags: 1,
      openUnlockRequests: 1,
      status: 'Needs attention',
    });
    expect(toCsv(STATE_TRACKING_HEADER, [row]).split('\r\n')[1]).toBe('2024-2025,PVPS,Prairie View Public Schools,District,10,3,2,2,15,14,12,0,1,3,85.71,,1,1,Needs attention');
  });
});
