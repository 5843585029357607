// The Early Childhood Outcomes reports API (ECO spec §3.1, §3.7, §3.8, §7, §10): the dashboard,
// state tracking with its reminder, and the APR report with its three CSVs. The SQL only loads a
// year's records (one query joining each record with its child and its two assessments); every
// figure comes from lib/eco, the same functions the unit tests hold to the spec's examples.
import { Router, type Response } from 'express';
import { toCsv, type CsvCell } from '../../lib/csv.js';
import { addDays, agencyToday, daysBetween, type IsoDay } from '../../lib/day.js';
import { ASSESSMENT_STATUSES, CATEGORIES, DEFAULT_YEAR_SETTINGS, OUTCOMES, outcomeTitles, type AssessmentStatus, type Category, type ExitReason, type NewSkills, type NotIncludedReason, type Outcome, type YearSettings } from '../../lib/eco/codes.js';
import { APR_SUMMARY_HEADER, CHILD_DATA_HEADER, STATE_TRACKING_HEADER, aprSummaryRow, childDataRow, ecoFileNames, stateTrackingRow } from '../../lib/eco/csv.js';
import { daysOfService, entryDue, isKindergartenBound, leaDataDueDate, meetsMinService, schoolYearBounds } from '../../lib/eco/dates.js';
import { ecoNotificationText } from '../../lib/eco/messages.js';
import { completeness, entryTimeliness, leaStatus, patternFlags } from '../../lib/eco/quality.js';
import {
  ecoAprQuery,
  ecoDashboardQuery,
  ecoReportMessages,
  ecoStateTrackingQuery,
  type EcoAprReport,
  type EcoDashboard,
  type EcoStatement,
  type EcoStateTracking,
  type EcoStateTrackingRow,
} from '../../lib/eco/report-contract.js';
import { derivedStatus } from '../../lib/eco/status.js';
import { compareWithPriorYear, compareWithState, confidenceInterval90, countCategories, outcomeInclusion, summarize, ss1Note, targetStatus, type Basis, type OutcomeSummary, type RecordForApr } from '../../lib/eco/summary.js';
import { P } from '../../lib/permissions.js';
import { schoolYearForDate } from '../../lib/school-year.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { forbidden, idParam, notFound, parse } from '../http.js';
import { visibleLeaIds } from '../lea-scope.js';
import { auditExport, sendCsv } from '../shared/http-files.js';
import { ECO } from './routes.js';

const BASE = '/api/eco';

// ---- loading ---------------------------------------------------------------------------------------

export interface EcoReportRow {
  recordId: number;
  childId: number;
  leaId: number;
  leaCode: string;
  leaName: string;
  leaType: string;
  entryDate: IsoDay;
  exitDate: IsoDay | null;
  exitReason: ExitReason | null;
  stateStudentId: string;
  firstName: string;
  lastName: string;
  birthDate: IsoDay;
  schoolId: number | null;
  schoolName: string | null;
  disabilityCategory: string;
  entryStatus: AssessmentStatus | null;
  exitStatus: AssessmentStatus | null;
  entryFirstSubmittedOn: IsoDay | null;
  entry: Partial<Record<Outcome, number>>;
  exit: Partial<Record<Outcome, number>>;
  newSkills: Partial<Record<Outcome, NewSkills>>;
}

interface RawRow {
  record_id: number; child_id: number; lea_id: number; lea_code: string; lea_name: string; lea_type: string | null;
  entry_date: string; exit_date: string | null; exit_reason: ExitReason | null;
  state_student_id: string; first_name: string; last_name: string; birth_date: string; school_id: number | null; school_name: string | null; disability_category: string;
  en_status: number | null; en_first: string | null; en_a: number | null; en_b: number | null; en_c: number | null;
  ex_status: number | null; ex_a: number | null; ex_b: number | null; ex_c: number | null; ns_a: NewSkills | null; ns_b: NewSkills | null; ns_c: NewSkills | null;
}

const statusOf = (n: number | null): AssessmentStatus | null => (n === null ? null : (ASSESSMENT_STATUSES[n - 1] ?? null));
const defined = <T>(entries: [Outcome, T | null][]): Partial<Record<Outcome, T>> => Object.fromEntries(entries.filter(([, v]) => v !== null)) as Partial<Record<Outcome, T>>;

/**
 * The records of a school year, one query: active in the year (entry on or before June 30, no exit
 * or an exit on or after July 1), which includes every exit of the year. `leaIds` null = all LEAs;
 * `year` null = every record still waiting for ratings (the daily job): open, or exited without
 * submitted exit ratings.
 */
export async function loadEcoRows(q: Queryable, year: string | null, leaIds: readonly number[] | null): Promise<EcoReportRow[]> {
  const params: unknown[] = [];
  const where = ['NOT c.is_deleted'];
  if (!year) where.push('(r.exit_date IS NULL OR ex.status IS NULL OR ex.status = 1)');
  if (year) {
    const { start, end } = schoolYearBounds(year);
    params.push(start, end);
    where.push('r.entry_date <= $2::date AND (r.exit_date IS NULL OR r.exit_date >= $1::date)');
  }
  if (leaIds) {
    params.push([...leaIds]);
    where.push(`r.lea_id = ANY($${params.length}::integer[])`);
  }
  const r = await q.query<RawRow>(
    `SELECT r.id AS record_id, r.child_id, r.lea_id, l.lea_code, l.name AS lea_name, l.lea_type,
            to_char(r.entry_date, 'YYYY-MM-DD') AS entry_date, to_char(r.exit_date, 'YYYY-MM-DD') AS exit_date, r.exit_reason,
            c.state_student_id, c.first_name, c.last_name, to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date, c.school_id, s.name AS school_name, c.disability_category,
            en.status AS en_status, to_char(en.first_submitted_at AT TIME ZONE 'America/Los_Angeles', 'YYYY-MM-DD') AS en_first,
            en.rating_a AS en_a, en.rating_b AS en_b, en.rating_c AS en_c,
            ex.status AS ex_status, ex.rating_a AS ex_a, ex.rating_b AS ex_b, ex.rating_c AS ex_c,
            ex.new_skills_a AS ns_a, ex.new_skills_b AS ns_b, ex.new_skills_c AS ns_c
       FROM eco_records r
       JOIN eco_children c ON c.id = r.child_id
       JOIN leas l ON l.id = r.lea_id
       LEFT JOIN schools s ON s.id = c.school_id
       LEFT JOIN eco_assessments en ON en.record_id = r.id AND en.type = 'entry'
       LEFT JOIN eco_assessments ex ON ex.record_id = r.id AND ex.type = 'exit'
      WHERE ${where.join(' AND ')}
      ORDER BY l.name, c.last_name, c.first_name, r.id`,
    params,
  );
  return r.rows.map((x) => ({
    recordId: x.record_id,
    childId: x.child_id,
    leaId: x.lea_id,
    leaCode: x.lea_code,
    leaName: x.lea_name,
    leaType: x.lea_type ?? '',
    entryDate: x.entry_date,
    exitDate: x.exit_date,
    exitReason: x.exit_reason,
    stateStudentId: x.state_student_id,
    firstName: x.first_name,
    lastName: x.last_name,
    birthDate: x.birth_date,
    schoolId: x.school_id,
    schoolName: x.school_name,
    disabilityCategory: x.disability_category,
    entryStatus: statusOf(x.en_status),
    exitStatus: statusOf(x.ex_status),
    entryFirstSubmittedOn: x.en_first,
    entry: defined<number>([['A', x.en_a], ['B', x.en_b], ['C', x.en_c]]),
    exit: defined<number>([['A', x.ex_a], ['B', x.ex_b], ['C', x.ex_c]]),
    newSkills: defined<NewSkills>([['A', x.ns_a], ['B', x.ns_b], ['C', x.ns_c]]),
  }));
}

interface SettingsRow {
  scale_min: number; scale_max: number; age_expected_min: number; entry_due_days: number; entry_earliest_days: number;
  exit_window_before_days: number; exit_window_after_days: number; future_exit_max_days: number; min_service_days: number;
  apply_min_service_rule: boolean; completeness_threshold: string; min_n_for_patterns: number; max_percent_category_a: string;
  max_percent_category_e: string; lea_data_due_date: string | null;
}

export async function loadYearSettings(q: Queryable, year: string): Promise<YearSettings> {
  const r = await q.query<SettingsRow>(
    `SELECT scale_min, scale_max, age_expected_min, entry_due_days, entry_earliest_days, exit_window_before_days, exit_window_after_days,
            future_exit_max_days, min_service_days, apply_min_service_rule, completeness_threshold::text, min_n_for_patterns,
            max_percent_category_a::text, max_percent_category_e::text, to_char(lea_data_due_date, 'YYYY-MM-DD') AS lea_data_due_date
       FROM eco_year_settings WHERE school_year = $1`,
    [year],
  );
  const s = r.rows[0];
  if (!s) return DEFAULT_YEAR_SETTINGS;
  return {
    scaleMin: s.scale_min,
    scaleMax: s.scale_max,
    ageExpectedMin: s.age_expected_min,
    entryDueDays: s.entry_due_days,
    entryEarliestDays: s.entry_earliest_days,
    exitWindowBeforeDays: s.exit_window_before_days,
    exitWindowAfterDays: s.exit_window_after_days,
    futureExitMaxDays: s.future_exit_max_days,
    minServiceDays: s.min_service_days,
    applyMinServiceRule: s.apply_min_service_rule,
    completenessThreshold: Number(s.completeness_threshold),
    minNForPatterns: s.min_n_for_patterns,
    maxPercentCategoryA: Number(s.max_percent_category_a),
    maxPercentCategoryE: Number(s.max_percent_category_e),
    leaDataDueDate: s.lea_data_due_date,
  };
}

type StatementKey = `${Outcome}${1 | 2}`;
type TargetMap = Record<StatementKey, number | null>;

async function loadTargets(q: Queryable, ffy: number): Promise<TargetMap> {
  const r = await q.query<Record<string, string | null>>(
    `SELECT target_a1::text AS "A1", target_a2::text AS "A2", target_b1::text AS "B1", target_b2::text AS "B2", target_c1::text AS "C1", target_c2::text AS "C2" FROM eco_targets WHERE ffy = $1`,
    [ffy],
  );
  const row = r.rows[0] ?? {};
  const t = (k: StatementKey) => (row[k] === null || row[k] === undefined ? null : Number(row[k]));
  return { A1: t('A1'), A2: t('A2'), B1: t('B1'), B2: t('B2'), C1: t('C1'), C2: t('C2') };
}

// ---- computing -------------------------------------------------------------------------------------

const forApr = (r: EcoReportRow): RecordForApr => ({
  entryDate: r.entryDate,
  exitDate: r.exitDate,
  exitReason: r.exitReason,
  entryStatus: r.entryStatus,
  exitStatus: r.exitStatus,
  ratings: Object.fromEntries(OUTCOMES.map((x) => [x, { entry: r.entry[x] ?? null, exit: r.exit[x] ?? null, newSkills: r.newSkills[x] ?? null }])) as RecordForApr['ratings'],
});

interface Aggregate {
  exits: number;
  eligible: number;
  includedInAll: number;
  summaries: Record<Outcome, OutcomeSummary>;
  notIncluded: Partial<Record<NotIncludedReason, number>>;
  /** Entry ratings of children included in all three outcomes, for the identical-ratings check. */
  entryRatings: Record<Outcome, number>[];
  perRecord: Map<number, { categories: Partial<Record<Outcome, Category>>; notIncluded: Record<Outcome, NotIncludedReason | null> }>;
}

/** §6.4-§6.5 over a set of rows: exits in the year, eligible exits, categories and statements. */
export function aggregate(rows: readonly EcoReportRow[], year: string, basis: Basis, settings: YearSettings): Aggregate {
  const cats: Record<Outcome, Category[]> = { A: [], B: [], C: [] };
  const agg: Aggregate = { exits: 0, eligible: 0, includedInAll: 0, summaries: {} as Record<Outcome, OutcomeSummary>, notIncluded: {}, entryRatings: [], perRecord: new Map() };
  for (const r of rows) {
    const apr = forApr(r);
    const inc = OUTCOMES.map((x) => [x, outcomeInclusion(apr, x, year, basis, settings)] as const);
    if (inc.some(([, i]) => i === null)) continue;
    agg.exits += 1;
    if (r.exitDate && meetsMinService(r.entryDate, r.exitDate, settings)) agg.eligible += 1;
    const categories: Partial<Record<Outcome, Category>> = {};
    const notIncluded = { A: null, B: null, C: null } as Record<Outcome, NotIncludedReason | null>;
    for (const [x, i] of inc) {
      if (!i) continue;
      if (i.included) {
        cats[x].push(i.category);
        categories[x] = i.category;
      } else notIncluded[x] = i.reason;
    }
    const first = OUTCOMES.map((x) => notIncluded[x]).find((v) => v !== null) ?? null;
    if (first) agg.notIncluded[first] = (agg.notIncluded[first] ?? 0) + 1;
    else {
      agg.includedInAll += 1;
      agg.entryRatings.push({ A: r.entry.A ?? 0, B: r.entry.B ?? 0, C: r.entry.C ?? 0 });
    }
    agg.perRecord.set(r.recordId, { categories, notIncluded });
  }
  for (const x of OUTCOMES) agg.summaries[x] = summarize(countCategories(cats[x]));
  return agg;
}

const ratio = (s: OutcomeSummary, k: 1 | 2) => (k === 1 ? s.ss1 : s.ss2);

function statement(s: OutcomeSummary, k: 1 | 2, target: number | null, state: OutcomeSummary | null, prior: OutcomeSummary | null): EcoStatement {
  const own = ratio(s, k);
  const ci = confidenceInterval90(own.numerator, own.denominator);
  const st = state ? ratio(state, k) : null;
  const pr = prior ? ratio(prior, k) : null;
  return {
    numerator: own.numerator,
    denominator: own.denominator,
    percent: own.percent,
    target,
    met: targetStatus(own.percent, target),
    ciLower: ci?.lower ?? null,
    ciUpper: ci?.upper ?? null,
    caution: ci?.caution ?? null,
    statePercent: st ? st.percent : null,
    comparison: st ? compareWithState(own, st).comparison : null,
    priorPercent: pr ? pr.percent : null,
    priorComparison: compareWithPriorYear(own, pr && pr.denominator > 0 ? pr : null).comparison,
    note: k === 1 ? ss1Note(own) : null,
  };
}

function distributions(rows: readonly EcoReportRow[], agg: Aggregate, settings: YearSettings): EcoAprReport['distributions'] {
  const empty = () => Object.fromEntries(Array.from({ length: settings.scaleMax - settings.scaleMin + 1 }, (_, i) => [String(settings.scaleMin + i), 0])) as Record<string, number>;
  const d: EcoAprReport['distributions'] = { entry: { A: empty(), B: empty(), C: empty() }, exit: { A: empty(), B: empty(), C: empty() } };
  for (const r of rows) {
    const rec = agg.perRecord.get(r.recordId);
    if (!rec) continue;
    for (const x of OUTCOMES) {
      if (!rec.categories[x]) continue;
      const e = r.entry[x];
      const t = r.exit[x];
      if (e !== undefined) d.entry[x][String(e)] = (d.entry[x][String(e)] ?? 0) + 1;
      if (t !== undefined) d.exit[x][String(t)] = (d.exit[x][String(t)] ?? 0) + 1;
    }
  }
  return d;
}

// ---- scope -----------------------------------------------------------------------------------------

interface Scope {
  /** null = statewide. */
  lea: { id: number; code: string; name: string } | null;
  /** The LEAs whose children the caller may see: null = all. */
  visible: number[] | null;
}

async function leaRow(q: Queryable, id: number): Promise<{ id: number; code: string; name: string; stateLevel: boolean } | null> {
  const r = await q.query<{ id: number; lea_code: string; name: string; is_nde_level_district: boolean }>('SELECT id, lea_code, name, is_nde_level_district FROM leas WHERE id = $1', [id]);
  const x = r.rows[0];
  return x ? { id: x.id, code: x.lea_code, name: x.name, stateLevel: x.is_nde_level_district } : null;
}

/**
 * §10's scope: an explicit leaId, else the CurrentLeaId header. App.data.allleas: the state-level
 * district or no LEA means statewide. Others: one of their LEAs (their first without a header);
 * an LEA outside theirs answers 404.
 */
async function scopeOf(q: Queryable, auth: AuthContext, leaId: number | undefined): Promise<Scope> {
  const wanted = leaId ?? auth.currentLeaId ?? null;
  if (can(auth, P.allLeas)) {
    if (wanted === null) return { lea: null, visible: null };
    const lea = await leaRow(q, wanted);
    if (!lea) throw notFound();
    return lea.stateLevel ? { lea: null, visible: null } : { lea, visible: null };
  }
  const visible = await visibleLeaIds(q, auth);
  const own = visible === 'all' ? [] : visible;
  const id = wanted !== null && own.includes(wanted) ? wanted : wanted === null ? own[0] : undefined;
  if (id === undefined) {
    if (leaId !== undefined || own.length === 0) throw notFound();
    // A header naming an LEA the user does not belong to (or the state-level one): their first LEA.
    return scopeOf(q, { ...auth, currentLeaId: null }, undefined);
  }
  const lea = await leaRow(q, id);
  if (!lea) throw notFound();
  return { lea, visible: own };
}

const defaultYear = (ctx: ApiContext, auth: AuthContext, year: string | undefined): string => year ?? auth.activeSchoolYear ?? schoolYearForDate(ctx.now());

async function logExport(q: Queryable, auth: AuthContext, report: string, filters: Record<string, unknown>, rowCount: number, leaId: number | null): Promise<void> {
  await auditExport(q, auth, { module: 'eco', report, filters, rowCount });
  await q.query(`INSERT INTO eco_events (lea_id, action, user_id, changes) VALUES ($1, 'export', $2, $3::jsonb)`, [
    leaId,
    auth.userId,
    JSON.stringify([{ field: 'report', old: null, new: report }, { field: 'filters', old: null, new: filters }, { field: 'rowCount', old: null, new: rowCount }]),
  ]);
}

// ---- the router ------------------------------------------------------------------------------------

export function ecoReportsRouter(ctx: ApiContext): Router {
  const router = Router();
  const db = ctx.db;
  const auth = authenticate(ctx);
  const today = () => agencyToday(ctx.now());

  interface AprBuild {
    report: EcoAprReport;
    rows: EcoReportRow[];
    agg: Aggregate;
    targets: TargetMap;
    byLeaAggs: { lea: { id: number; code: string; name: string }; agg: Aggregate }[];
    stateAgg: Aggregate;
  }

  async function buildApr(a: AuthContext, query: unknown): Promise<AprBuild & { filters: Record<string, unknown>; scope: Scope; year: string }> {
    const f = parse(ecoAprQuery, query, 'query');
    const year = defaultYear(ctx, a, f.schoolYear);
    const scope = await scopeOf(db, a, f.leaId);
    const { start, end, ffy } = schoolYearBounds(year);
    const prevYear = `${ffy - 1}-${ffy}`;
    const [settings, prevSettings, targets, allRows, prevRows] = await Promise.all([
      loadYearSettings(db, year),
      loadYearSettings(db, prevYear),
      loadTargets(db, ffy),
      loadEcoRows(db, year, null),
      loadEcoRows(db, prevYear, null),
    ]);
    const filter = (rows: EcoReportRow[], inLea: boolean) =>
      rows.filter((r) => (!f.disability || r.disabilityCategory === f.disability) && (!inLea || (scope.lea !== null && r.leaId === scope.lea.id && (!f.schoolId || r.schoolId === f.schoolId))));
    const stateRows = filter(allRows, false);
    const rows = scope.lea ? filter(allRows, true) : stateRows;
    const priorRows = scope.lea ? filter(prevRows, true) : filter(prevRows, false);
    const basis = f.basis;
    const agg = aggregate(rows, year, basis, settings);
    const stateAgg = scope.lea ? aggregate(stateRows, year, basis, settings) : agg;
    const priorAgg = aggregate(priorRows, prevYear, basis, prevSettings);
    const hasPrior = priorAgg.exits > 0;
    const outcomes = OUTCOMES.map((x) => {
      const s = agg.summaries[x];
      return {
        code: x,
        title: outcomeTitles[x],
        n: s.n,
        categories: Object.fromEntries(CATEGORIES.map((c) => [c, { count: s.counts[c], percent: s.percents[c] }])) as EcoAprReport['outcomes'][number]['categories'],
        ss1: statement(s, 1, targets[`${x}1`], scope.lea ? stateAgg.summaries[x] : null, hasPrior ? priorAgg.summaries[x] : null),
        ss2: statement(s, 2, targets[`${x}2`], scope.lea ? stateAgg.summaries[x] : null, hasPrior ? priorAgg.summaries[x] : null),
      };
    });
    const byLeaAggs: AprBuild['byLeaAggs'] = [];
    if (!scope.lea) {
      const leas = new Map<number, { id: number; code: string; name: string }>();
      for (const r of stateRows) if (r.exitDate && r.exitDate >= start && r.exitDate <= end) leas.set(r.leaId, { id: r.leaId, code: r.leaCode, name: r.leaName });
      for (const lea of [...leas.values()].sort((x, y) => x.name.localeCompare(y.name))) {
        byLeaAggs.push({ lea, agg: aggregate(stateRows.filter((r) => r.leaId === lea.id), year, basis, settings) });
      }
    }
    const comp = completeness(agg.includedInAll, agg.eligible, settings);
    const report: EcoAprReport = {
      ffy,
      schoolYear: year,
      title: ecoReportMessages.aprTitle(ffy),
      period: { start, end },
      basis,
      scope: { kind: scope.lea ? 'LEA' : 'State', leaId: scope.lea?.id ?? null, leaCode: scope.lea?.code ?? null, leaName: scope.lea?.name ?? null },
      counts: { exits: agg.exits, eligibleExits: agg.eligible, included: { A: agg.summaries.A.n, B: agg.summaries.B.n, C: agg.summaries.C.n }, includedInAll: agg.includedInAll },
      notIncluded: agg.notIncluded,
      outcomes,
      byLea: byLeaAggs.map(({ lea, agg: la }) => ({
        leaId: lea.id,
        leaCode: lea.code,
        leaName: lea.name,
        n: { A: la.summaries.A.n, B: la.summaries.B.n, C: la.summaries.C.n },
        statements: Object.fromEntries(
          OUTCOMES.flatMap((x) => ([1, 2] as const).map((k) => {
            const pct = ratio(la.summaries[x], k).percent;
            const target = targets[`${x}${k}`];
            return [`${x}${k}`, { percent: pct, target, met: targetStatus(pct, target) }];
          })),
        ),
      })),
      distributions: distributions(rows, agg, settings),
      completeness: comp,
      patternFlags: patternFlags({ A: agg.summaries.A.counts, B: agg.summaries.B.counts, C: agg.summaries.C.counts }, agg.entryRatings, settings),
      notForApr: !settings.applyMinServiceRule,
      emptyMessage: agg.eligible === 0 ? ecoReportMessages.noExits(year) : null,
    };
    const filters = { schoolYear: year, leaId: scope.lea?.id ?? null, basis, schoolId: f.schoolId ?? null, disability: f.disability ?? null };
    return { report, rows, agg, targets, byLeaAggs, stateAgg, filters, scope, year };
  }

  const summaryRows = (b: AprBuild, scopeKind: 'LEA' | 'State', lea: { code: string; name: string } | null, agg: Aggregate): CsvCell[][] =>
    OUTCOMES.map((x) =>
      aprSummaryRow({
        ffy: b.report.ffy,
        schoolYear: b.report.schoolYear,
        scope: scopeKind,
        leaCode: lea?.code ?? null,
        leaName: lea?.name ?? null,
        basis: b.report.basis,
        outcome: x,
        summary: agg.summaries[x],
        ss1Target: b.targets[`${x}1`],
        ss2Target: b.targets[`${x}2`],
      }),
    );

  router.get(`${BASE}/apr`, auth, requirePermission(ECO.reports), async (req, res) => {
    const b = await buildApr(authOf(res), req.query);
    if (req.query.format === 'csv') return sendSummaryCsv(res, b);
    res.json(b.report);
  });

  async function sendSummaryCsv(res: Response, b: Awaited<ReturnType<typeof buildApr>>): Promise<void> {
    const rows = summaryRows(b, b.scope.lea ? 'LEA' : 'State', b.scope.lea, b.agg);
    await logExport(db, authOf(res), 'apr-summary', b.filters, rows.length, b.scope.lea?.id ?? null);
    sendCsv(res, ecoFileNames.aprSummary(b.year, b.scope.lea?.code ?? null), toCsv(APR_SUMMARY_HEADER, rows));
  }

  router.get(`${BASE}/apr.csv`, auth, requirePermission(ECO.reports), async (req, res) => {
    await sendSummaryCsv(res, await buildApr(authOf(res), req.query));
  });

  router.get(`${BASE}/apr/by-lea.csv`, auth, requirePermission(ECO.reports), async (req, res) => {
    const a = authOf(res);
    if (!can(a, P.allLeas)) throw forbidden();
    const { leaId: _ignored, ...rest } = req.query;
    const b = await buildApr({ ...a, currentLeaId: null }, rest);
    const rows = [...b.byLeaAggs.flatMap(({ lea, agg }) => summaryRows(b, 'LEA', lea, agg)), ...summaryRows(b, 'State', null, b.agg)];
    await logExport(db, a, 'apr-by-lea', b.filters, rows.length, null);
    sendCsv(res, ecoFileNames.aprByLea(b.year), toCsv(APR_SUMMARY_HEADER, rows));
  });

  router.get(`${BASE}/apr/children.csv`, auth, requirePermission(ECO.reports), async (req, res) => {
    const a = authOf(res);
    if (!can(a, ECO.access)) throw forbidden();
    const b = await buildApr(a, req.query);
    const rows = b.rows
      .filter((r) => b.agg.perRecord.has(r.recordId))
      .map((r) => {
        const rec = b.agg.perRecord.get(r.recordId)!;
        return childDataRow({
          stateStudentId: r.stateStudentId,
          lastName: r.lastName,
          firstName: r.firstName,
          birthDate: r.birthDate,
          leaCode: r.leaCode,
          leaName: r.leaName,
          schoolName: r.schoolName,
          disabilityCategory: r.disabilityCategory,
          entryDate: r.entryDate,
          exitDate: r.exitDate,
          exitReason: r.exitReason,
          daysOfService: r.exitDate ? daysOfService(r.entryDate, r.exitDate) : null,
          entryStatus: r.entryStatus,
          exitStatus: r.exitStatus,
          entryRatings: r.entry,
          exitRatings: r.exit,
          newSkills: r.newSkills,
          categories: rec.categories,
          notIncluded: rec.notIncluded,
        });
      });
    await logExport(db, a, 'apr-children', b.filters, rows.length, b.scope.lea?.id ?? null);
    await recordAudit(db, { actor: a.userId, action: 'eco.pii-export', entityType: 'report', entityId: 'eco/apr-children' });
    sendCsv(res, ecoFileNames.children(b.year, b.scope.lea?.code ?? null), toCsv(CHILD_DATA_HEADER, rows));
  });

  // ---- state tracking (§3.7)

  async function trackingRows(year: string): Promise<{ rows: EcoStateTrackingRow[]; records: EcoReportRow[]; settings: YearSettings }> {
    const t = today();
    const settings = await loadYearSettings(db, year);
    const [leas, rows, requests] = await Promise.all([
      db.query<{ id: number; lea_code: string; name: string; lea_type: string | null }>('SELECT id, lea_code, name, lea_type FROM leas WHERE NOT is_nde_level_district ORDER BY name'),
      loadEcoRows(db, year, null),
      db.query<{ lea_id: number; n: number }>(
        `SELECT r.lea_id, count(*)::int AS n FROM eco_unlock_requests u JOIN eco_assessments a ON a.id = u.assessment_id JOIN eco_records r ON r.id = a.record_id
          WHERE u.status = 'open' GROUP BY r.lea_id`,
      ),
    ]);
    const open = new Map(requests.rows.map((r) => [r.lea_id, r.n]));
    const dueDate = leaDataDueDate(year, settings);
    const out = leas.rows.map((l) => {
      const mine = rows.filter((r) => r.leaId === l.id);
      return trackingRow({ id: l.id, code: l.lea_code, name: l.name, type: l.lea_type ?? '' }, mine, year, settings, t, open.get(l.id) ?? 0, dueDate);
    });
    return { rows: out, records: rows, settings };
  }

  router.get([`${BASE}/state-tracking`, `${BASE}/state-tracking.csv`], auth, requirePermission(P.stateUser), async (req, res) => {
    const a = authOf(res);
    const f = parse(ecoStateTrackingQuery, req.query, 'query');
    const year = defaultYear(ctx, a, f.schoolYear);
    const { rows, records, settings } = await trackingRows(year);
    const shown = rows.filter((r) => (f.leaType === 'All' || r.leaType === f.leaType) && (!f.status || r.status === f.status));
    const shownIds = new Set(shown.map((r) => r.leaId));
    const total = totalRow(shown, records.filter((r) => shownIds.has(r.leaId)), year, settings, today());
    const dueDate = leaDataDueDate(year, settings);
    if (req.path.endsWith('.csv') || f.format === 'csv') {
      const csv = [...shown, total].map((r) => stateTrackingRow({ ...r, schoolYear: year }));
      await logExport(db, a, 'state-tracking', { schoolYear: year, leaType: f.leaType, status: f.status ?? null }, csv.length, null);
      sendCsv(res, ecoFileNames.stateTracking(year), toCsv(STATE_TRACKING_HEADER, csv));
      return;
    }
    const answer: EcoStateTracking = {
      schoolYear: year,
      leaDataDueDate: dueDate,
      daysLeft: daysBetween(today(), dueDate),
      rows: shown,
      total,
      emptyMessage: rows.every((r) => r.activeChildren === 0) ? ecoReportMessages.noLeas(year) : null,
    };
    res.json(answer);
  });

  router.post(`${BASE}/state-tracking/:id/remind`, auth, requirePermission(P.stateUser), async (req, res) => {
    const a = authOf(res);
    const { id } = parse(idParam, req.params, 'path');
    const lea = await leaRow(db, id);
    if (!lea || lea.stateLevel) throw notFound();
    const counts = await dueCounts(db, today(), [id]);
    const c = counts.get(id) ?? { overdue: 0, dueSoon: 0, exitOverdue: 0 };
    const message = ecoNotificationText.due(lea.name, c.overdue, c.dueSoon, c.exitOverdue);
    const users = await db.query<{ id: string }>(
      `SELECT u.id::text AS id FROM users u
        WHERE NOT u.is_deleted AND u.is_enabled
          AND (u.lea_id = $1 OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = $1))
          AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $2)`,
      [id, ECO.submit],
    );
    const nowIso = ctx.now().toISOString();
    if (users.rows.length) {
      await db.query(
        `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_by, updated_by)
         SELECT u, $2, '/child-search/child-list', 0, $3, $4, $4 FROM unnest($1::uuid[]) AS u`,
        [users.rows.map((u) => u.id), message, nowIso, a.userId],
      );
    }
    await recordAudit(db, { actor: a.userId, action: 'eco.remind', entityType: 'lea', entityId: id, changes: { sent: { to: users.rows.length } } });
    res.json({ sent: users.rows.length, message: ecoReportMessages.reminderSent(users.rows.length) });
  });

  // ---- dashboard (§3.1)

  router.get(`${BASE}/dashboard`, auth, requirePermission(ECO.access), async (req, res) => {
    const a = authOf(res);
    const f = parse(ecoDashboardQuery, req.query, 'query');
    const year = defaultYear(ctx, a, f.schoolYear);
    const scope = await scopeOf(db, a, undefined);
    const t = today();
    const leaIds = scope.lea ? [scope.lea.id] : null;
    const [settings, rows, targets] = await Promise.all([loadYearSettings(db, year), loadEcoRows(db, year, null), loadTargets(db, schoolYearBounds(year).ffy)]);
    const mine = leaIds ? rows.filter((r) => leaIds.includes(r.leaId)) : rows;
    const statuses = mine.map((r) => derivedStatus(r, t, settings));
    const soon = addDays(t, 14);
    const entryDueSoon = mine.filter((r) => !r.exitDate && (r.entryStatus === null || r.entryStatus === 'draft') && entryDue(r.entryDate, settings) >= t && entryDue(r.entryDate, settings) <= soon).length;
    const agg = aggregate(mine, year, 'submitted', settings);
    const stateAgg = leaIds ? aggregate(rows, year, 'submitted', settings) : agg;
    const params: unknown[] = [];
    let where = 'true';
    if (leaIds) {
      params.push(leaIds);
      where = 'e.lea_id = ANY($1::integer[])';
    }
    const [events, requests] = await Promise.all([
      db.query<{ at: Date | string; user_name: string | null; action: string; last_name: string | null; first_name: string | null }>(
        `SELECT e.at, u.full_name AS user_name, e.action, c.last_name, c.first_name
           FROM eco_events e LEFT JOIN users u ON u.id::text = e.user_id LEFT JOIN eco_children c ON c.id = e.child_id
          WHERE ${where} ORDER BY e.at DESC, e.id DESC LIMIT 10`,
        params,
      ),
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM eco_unlock_requests u JOIN eco_assessments x ON x.id = u.assessment_id JOIN eco_records e ON e.id = x.record_id
          WHERE u.status = 'open' AND ${where}`,
        params,
      ),
    ]);
    const answer: EcoDashboard = {
      schoolYear: year,
      scope: { leaId: scope.lea?.id ?? null, leaName: scope.lea?.name ?? 'Statewide' },
      tiles: {
        entryDueSoon,
        entryOverdue: statuses.filter((s) => s.status === 'entry-overdue').length,
        exitPendingOrOverdue: statuses.filter((s) => s.status === 'exit-pending' || s.status === 'exit-overdue').length,
        kindergartenBound: mine.filter((r) => !r.exitDate && isKindergartenBound(r.birthDate, year)).length,
        awaitingFinalization: can(a, ECO.finalize) ? mine.reduce((n, r) => n + (r.entryStatus === 'submitted' ? 1 : 0) + (r.exitStatus === 'submitted' ? 1 : 0), 0) : null,
        openUnlockRequests: can(a, ECO.unlock) ? (requests.rows[0]?.n ?? 0) : null,
        completeness: completeness(agg.includedInAll, agg.eligible, settings).percent,
      },
      statements: can(a, ECO.reports)
        ? Object.fromEntries(
            OUTCOMES.flatMap((x) => ([1, 2] as const).map((k) => {
              const pct = ratio(agg.summaries[x], k).percent;
              const target = targets[`${x}${k}`];
              return [`${x}${k}`, { lea: pct, state: ratio(stateAgg.summaries[x], k).percent, target, met: targetStatus(pct, target) }];
            })),
          )
        : null,
      recentEvents: events.rows.map((e) => ({
        at: new Date(e.at).toISOString(),
        user: e.user_name ?? 'System',
        action: e.action,
        child: e.last_name ? `${e.last_name} ${(e.first_name ?? '').slice(0, 1)}.` : '',
      })),
      empty: mine.length === 0,
      emptyMessage: mine.length === 0 ? `No children are recorded for ${scope.lea?.name ?? 'the state'} in ${year}.` : null,
    };
    res.json(answer);
  });

  return router;
}

const timelinessOf = (rows: readonly EcoReportRow[], year: string, today: IsoDay, settings: YearSettings): number | null =>
  entryTimeliness(rows.map((r) => ({ entryDate: r.entryDate, firstSubmittedOn: r.entryFirstSubmittedOn })), year, today, settings).percent;

/** One LEA's state tracking row (§3.7) from its records of the year. */
export function trackingRow(
  lea: { id: number | null; code: string; name: string; type: string },
  rows: readonly EcoReportRow[],
  year: string,
  settings: YearSettings,
  today: IsoDay,
  openRequests: number,
  dueDate: IsoDay,
): EcoStateTrackingRow {
  const statuses = rows.map((r) => derivedStatus(r, today, settings).status);
  const count = (s: string) => statuses.filter((x) => x === s).length;
  const agg = aggregate(rows, year, 'submitted', settings);
  const comp = completeness(agg.includedInAll, agg.eligible, settings);
  const flags = patternFlags({ A: agg.summaries.A.counts, B: agg.summaries.B.counts, C: agg.summaries.C.counts }, agg.entryRatings, settings);
  const awaiting = rows.reduce((n, r) => n + (r.entryStatus === 'submitted' ? 1 : 0) + (r.exitStatus === 'submitted' ? 1 : 0), 0);
  const overdue = count('entry-overdue') + count('exit-overdue');
  return {
    leaId: lea.id,
    leaCode: lea.code,
    leaName: lea.name,
    leaType: lea.type,
    activeChildren: rows.length,
    entryPending: count('entry-pending'),
    entryOverdue: count('entry-overdue'),
    awaitingFinalization: awaiting,
    exitsInYear: agg.exits,
    eligibleExits: agg.eligible,
    includedExits: agg.includedInAll,
    exitPending: count('exit-pending'),
    exitOverdue: count('exit-overdue'),
    notIncluded: count('not-included'),
    completenessPercent: comp.percent,
    entryTimelinessPercent: timelinessOf(rows, year, today, settings),
    patternFlags: flags.length,
    patternFlagTexts: [...flags, ...(comp.flag ? [comp.flag] : [])],
    openUnlockRequests: openRequests,
    status: leaStatus({ activeRecords: rows.length, overdue, flags: flags.length + (comp.flag ? 1 : 0), awaitingFinalization: awaiting, leaDataDueDate: dueDate, today }),
  };
}

/** 'State total': the sums of the rows shown; its percents from the summed counts and records. */
function totalRow(rows: readonly EcoStateTrackingRow[], records: readonly EcoReportRow[], year: string, settings: YearSettings, today: IsoDay): EcoStateTrackingRow {
  const sum = (k: keyof EcoStateTrackingRow) => rows.reduce((n, r) => n + (typeof r[k] === 'number' ? (r[k] as number) : 0), 0);
  const comp = completeness(sum('includedExits'), sum('eligibleExits'), settings);
  return {
    leaId: null,
    leaCode: '',
    leaName: ecoReportMessages.stateTotal,
    leaType: '',
    activeChildren: sum('activeChildren'),
    entryPending: sum('entryPending'),
    entryOverdue: sum('entryOverdue'),
    awaitingFinalization: sum('awaitingFinalization'),
    exitsInYear: sum('exitsInYear'),
    eligibleExits: sum('eligibleExits'),
    includedExits: sum('includedExits'),
    exitPending: sum('exitPending'),
    exitOverdue: sum('exitOverdue'),
    notIncluded: sum('notIncluded'),
    completenessPercent: comp.percent,
    entryTimelinessPercent: timelinessOf(records, year, today, settings),
    patternFlags: sum('patternFlags'),
    patternFlagTexts: [],
    openUnlockRequests: sum('openUnlockRequests'),
    status: '',
  };
}

/** Per LEA on a day: entries overdue, entries due within 7 days, exits overdue (§9 'Scores Due'). */
export async function dueCounts(q: Queryable, day: IsoDay, leaIds: readonly number[] | null): Promise<Map<number, { overdue: number; dueSoon: number; exitOverdue: number }>> {
  const rows = await loadEcoRows(q, null, leaIds);
  const out = new Map<number, { overdue: number; dueSoon: number; exitOverdue: number }>();
  const settings = await loadYearSettings(q, schoolYearForDate(new Date(`${day}T12:00:00Z`)));
  for (const r of rows) {
    const s = derivedStatus(r, day, settings);
    const c = out.get(r.leaId) ?? { overdue: 0, dueSoon: 0, exitOverdue: 0 };
    if (s.status === 'entry-overdue') c.overdue += 1;
    if (s.status === 'entry-pending' && s.dueDate && s.dueDate <= addDays(day, 7)) c.dueSoon += 1;
    if (s.status === 'exit-overdue') c.exitOverdue += 1;
    out.set(r.leaId, c);
  }
  return out;
}
