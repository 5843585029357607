// The answers of the ECO reports API (spec §3.1, §3.7, §3.8, §10): the dashboard, state tracking,
// the APR report and the reminder. The API builds them and the portal parses them with these
// schemas, so both sides agree on one shape.
import { z } from 'zod';
import { NOT_INCLUDED_REASONS } from './codes.js';

const percent = z.number().nullable();
const outcomeCode = z.enum(['A', 'B', 'C']);
const comparison = z.enum(['Above state', 'Below state', 'Above prior year', 'Below prior year', 'No meaningful difference', '—']);

export const ecoReportMessages = {
  stateTotal: 'State total',
  reminderSent: (n: number) => `Reminder sent to ${n} users.`,
  noLeas: (schoolYear: string) => `No LEAs have preschool children recorded for ${schoolYear}.`,
  noExits: (schoolYear: string) => `No children exited in ${schoolYear} after at least 182 days of services.`,
  aprTitle: (ffy: number) => `FFY ${ffy} Indicator B7: Preschool outcomes`,
} as const;

/** One summary statement with its target, interval and comparisons (§10 `ss`). */
export const ecoStatement = z.object({
  numerator: z.number().int(),
  denominator: z.number().int(),
  percent,
  target: z.number().nullable(),
  met: z.enum(['Met', 'Not met']).nullable(),
  ciLower: percent,
  ciUpper: percent,
  caution: z.string().nullable(),
  statePercent: percent,
  comparison: z.union([comparison, z.null()]),
  priorPercent: percent,
  priorComparison: comparison,
  note: z.string().nullable(),
});
export type EcoStatement = z.infer<typeof ecoStatement>;

const categoryCell = z.object({ count: z.number().int(), percent });
export const ecoOutcomeReport = z.object({
  code: outcomeCode,
  title: z.string(),
  n: z.number().int(),
  categories: z.object({ a: categoryCell, b: categoryCell, c: categoryCell, d: categoryCell, e: categoryCell }),
  ss1: ecoStatement,
  ss2: ecoStatement,
});

const leaStatementRow = z.object({
  leaId: z.number().int(),
  leaCode: z.string(),
  leaName: z.string(),
  n: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int() }),
  statements: z.record(z.string(), z.object({ percent, target: z.number().nullable(), met: z.enum(['Met', 'Not met']).nullable() })),
});

const ratingCounts = z.record(z.string(), z.number().int());

export const ecoAprReport = z.object({
  ffy: z.number().int(),
  schoolYear: z.string(),
  title: z.string(),
  period: z.object({ start: z.string(), end: z.string() }),
  basis: z.enum(['submitted', 'finalized']),
  scope: z.object({ kind: z.enum(['LEA', 'State']), leaId: z.number().int().nullable(), leaCode: z.string().nullable(), leaName: z.string().nullable() }),
  counts: z.object({
    exits: z.number().int(),
    eligibleExits: z.number().int(),
    included: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int() }),
    includedInAll: z.number().int(),
  }),
  notIncluded: z.partialRecord(z.enum(NOT_INCLUDED_REASONS), z.number().int()),
  outcomes: z.array(ecoOutcomeReport),
  byLea: z.array(leaStatementRow),
  distributions: z.object({
    entry: z.object({ A: ratingCounts, B: ratingCounts, C: ratingCounts }),
    exit: z.object({ A: ratingCounts, B: ratingCounts, C: ratingCounts }),
  }),
  completeness: z.object({ numerator: z.number().int(), denominator: z.number().int(), percent, flag: z.string().nullable() }),
  patternFlags: z.array(z.string()),
  notForApr: z.boolean(),
  emptyMessage: z.string().nullable(),
});
export type EcoAprReport = z.infer<typeof ecoAprReport>;

export const ecoStateTrackingRow = z.object({
  leaId: z.number().int().nullable(),
  leaCode: z.string(),
  leaName: z.string(),
  leaType: z.string(),
  activeChildren: z.number().int(),
  entryPending: z.number().int(),
  entryOverdue: z.number().int(),
  awaitingFinalization: z.number().int(),
  exitsInYear: z.number().int(),
  eligibleExits: z.number().int(),
  includedExits: z.number().int(),
  exitPending: z.number().int(),
  exitOverdue: z.number().int(),
  notIncluded: z.number().int(),
  completenessPercent: percent,
  entryTimelinessPercent: percent,
  patternFlags: z.number().int(),
  patternFlagTexts: z.array(z.string()),
  openUnlockRequests: z.number().int(),
  status: z.string(),
});
export type EcoStateTrackingRow = z.infer<typeof ecoStateTrackingRow>;

export const ecoStateTracking = z.object({
  schoolYear: z.string(),
  leaDataDueDate: z.string(),
  daysLeft: z.number().int(),
  rows: z.array(ecoStateTrackingRow),
  total: ecoStateTrackingRow,
  emptyMessage: z.string().nullable(),
});
export type EcoStateTracking = z.infer<typeof ecoStateTracking>;

export const ecoReminderAnswer = z.object({ sent: z.number().int(), message: z.string() });

const dashStatement = z.object({ lea: percent, state: percent, target: z.number().nullable(), met: z.enum(['Met', 'Not met']).nullable() });

export const ecoDashboard = z.object({
  schoolYear: z.string(),
  scope: z.object({ leaId: z.number().int().nullable(), leaName: z.string() }),
  tiles: z.object({
    entryDueSoon: z.number().int(),
    entryOverdue: z.number().int(),
    exitPendingOrOverdue: z.number().int(),
    kindergartenBound: z.number().int(),
    awaitingFinalization: z.number().int().nullable(),
    openUnlockRequests: z.number().int().nullable(),
    completeness: percent,
  }),
  statements: z.union([z.record(z.string(), dashStatement), z.null()]),
  recentEvents: z.array(z.object({ at: z.string(), user: z.string(), action: z.string(), child: z.string() })),
  empty: z.boolean(),
  emptyMessage: z.string().nullable(),
});
export type EcoDashboard = z.infer<typeof ecoDashboard>;

/** The query of the APR report and its CSVs (§10). */
export const ecoAprQuery = z.object({
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.').optional(),
  leaId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  basis: z.enum(['submitted', 'finalized']).default('submitted'),
  schoolId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  disability: z.string().min(1).max(100).optional(),
  format: z.enum(['csv', 'json']).optional(),
});

export const ecoStateTrackingQuery = z.object({
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.').optional(),
  leaType: z.enum(['All', 'District', 'Charter']).default('All'),
  status: z.enum(['On track', 'Needs attention', 'No preschool children']).optional(),
  format: z.enum(['csv', 'json']).optional(),
});

export const ecoDashboardQuery = z.object({
  schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.').optional(),
});
