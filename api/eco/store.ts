// The Early Childhood Outcomes store (ECO spec §2): SQL for children, records, assessments,
// unlock requests, events, year settings and targets, and the read models the routes answer
// with. Rules (validation, transitions, derived status, flags, categories) are lib/eco's.
import { agencyToday, daysBetween, type IsoDay } from '../../lib/day.js';
import { progressCategory } from '../../lib/eco/categories.js';
import { maskStateStudentId } from '../../lib/eco/claim.js';
import {
  ASSESSMENT_STATUSES,
  DEFAULT_YEAR_SETTINGS,
  OUTCOMES,
  categoryLabels,
  notIncludedLabel,
  recordStatuses,
  type AssessmentStatus,
  type AssessmentType,
  type Category,
  type ExitReason,
  type NewSkills,
  type Outcome,
  type YearSettings,
} from '../../lib/eco/codes.js';
import type { EcoAssessment, EcoEvent, EcoRecordListItem, EcoRecordSummary, EcoUnlockRequest } from '../../lib/eco/contract.js';
import { expectedExit } from '../../lib/eco/dates.js';
import { recordFlags } from '../../lib/eco/quality.js';
import { derivedStatus } from '../../lib/eco/status.js';
import type { Queryable } from '../db.js';

export const ECO_EVENT_TYPES = {
  submitted: 'Early Childhood Scores Submitted',
  unlocked: 'Early Childhood Scores Unlocked',
  requested: 'Early Childhood Unlock Requested',
  due: 'Early Childhood Scores Due',
} as const;

const day = (v: unknown): IsoDay | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
};
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const statusName = (n: number | null): AssessmentStatus | null => (n ? (ASSESSMENT_STATUSES[n - 1] ?? null) : null);

// ---- year settings and targets ---------------------------------------------------------------

interface SettingsRow {
  scale_min: number;
  scale_max: number;
  age_expected_min: number;
  entry_due_days: number;
  entry_earliest_days: number;
  exit_window_before_days: number;
  exit_window_after_days: number;
  future_exit_max_days: number;
  min_service_days: number;
  apply_min_service_rule: boolean;
  completeness_threshold: string | number;
  min_n_for_patterns: number;
  max_percent_category_a: string | number;
  max_percent_category_e: string | number;
  lea_data_due_date: unknown;
}

export const SETTINGS_COLUMNS: Record<Exclude<keyof YearSettings, never>, string> = {
  scaleMin: 'scale_min',
  scaleMax: 'scale_max',
  ageExpectedMin: 'age_expected_min',
  entryDueDays: 'entry_due_days',
  entryEarliestDays: 'entry_earliest_days',
  exitWindowBeforeDays: 'exit_window_before_days',
  exitWindowAfterDays: 'exit_window_after_days',
  futureExitMaxDays: 'future_exit_max_days',
  minServiceDays: 'min_service_days',
  applyMinServiceRule: 'apply_min_service_rule',
  completenessThreshold: 'completeness_threshold',
  minNForPatterns: 'min_n_for_patterns',
  maxPercentCategoryA: 'max_percent_category_a',
  maxPercentCategoryE: 'max_percent_category_e',
  leaDataDueDate: 'lea_data_due_date',
};

/** A year's settings (§2.6); a year without a row reads the defaults. */
export async function loadYearSettings(q: Queryable, schoolYear: string): Promise<YearSettings> {
  const r = (await q.query<SettingsRow>('SELECT * FROM eco_year_settings WHERE school_year = $1', [schoolYear])).rows[0];
  if (!r) return { ...DEFAULT_YEAR_SETTINGS };
  return {
    scaleMin: r.scale_min,
    scaleMax: r.scale_max,
    ageExpectedMin: r.age_expected_min,
    entryDueDays: r.entry_due_days,
    entryEarliestDays: r.entry_earliest_days,
    exitWindowBeforeDays: r.exit_window_before_days,
    exitWindowAfterDays: r.exit_window_after_days,
    futureExitMaxDays: r.future_exit_max_days,
    minServiceDays: r.min_service_days,
    applyMinServiceRule: r.apply_min_service_rule,
    completenessThreshold: Number(r.completeness_threshold),
    minNForPatterns: r.min_n_for_patterns,
    maxPercentCategoryA: Number(r.max_percent_category_a),
    maxPercentCategoryE: Number(r.max_percent_category_e),
    leaDataDueDate: day(r.lea_data_due_date),
  };
}

export const TARGET_KEYS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

export async function loadTargets(q: Queryable, ffy: number): Promise<Record<TargetKey, number | null>> {
  const r = (await q.query<Record<string, unknown>>('SELECT * FROM eco_targets WHERE ffy = $1', [ffy])).rows[0];
  const out = {} as Record<TargetKey, number | null>;
  for (const k of TARGET_KEYS) {
    const v = r?.[`target_${k.toLowerCase()}`];
    out[k] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

// ---- lists -----------------------------------------------------------------------------------

/** The active item codes of a list manager list. */
export async function listCodes(q: Queryable, listName: string): Promise<string[]> {
  const r = await q.query<{ code: string }>(
    `SELECT i.code FROM lookup_list_items i JOIN lookup_lists l ON l.id = i.list_id WHERE l.name = $1 AND i.is_active ORDER BY i.sort_order`,
    [listName],
  );
  return r.rows.map((x) => x.code);
}

export async function schoolIdsOf(q: Queryable, leaId: number): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM schools WHERE lea_id = $1', [leaId])).rows.map((r) => r.id);
}

export async function leaName(q: Queryable, leaId: number): Promise<string> {
  return (await q.query<{ name: string }>('SELECT name FROM leas WHERE id = $1', [leaId])).rows[0]?.name ?? '';
}

// ---- events ----------------------------------------------------------------------------------

export interface Change {
  field: string;
  old: unknown;
  new: unknown;
}

export type EventAction =
  | 'child-created'
  | 'child-updated'
  | 'child-deleted'
  | 'child-claimed'
  | `${AssessmentType}-${'saved' | 'submitted' | 'finalized' | 'unlocked'}`
  | 'unlock-requested'
  | 'unlock-declined'
  | 'import'
  | 'export';

export interface NewEvent {
  childId: number | null;
  recordId?: number | null;
  assessmentId?: number | null;
  leaId: number | null;
  action: EventAction;
  userId: string;
  reason?: string | null;
  changes?: Change[];
}

export async function writeEvent(q: Queryable, e: NewEvent): Promise<void> {
  await q.query(
    `INSERT INTO eco_events (child_id, record_id, assessment_id, lea_id, action, user_id, reason, changes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [e.childId, e.recordId ?? null, e.assessmentId ?? null, e.leaId, e.action, e.userId, e.reason ?? null, JSON.stringify(e.changes ?? [])],
  );
}

/** The fields of `after` that differ from `before` (old → new). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(after)) {
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes.push({ field, old, new: value ?? null });
  }
  return changes;
}

export async function childEvents(q: Queryable, childId: number): Promise<EcoEvent[]> {
  const r = await q.query<{ id: string | number; record_id: number | null; assessment_id: number | null; action: string; user_id: string; user_name: string | null; at: unknown; reason: string | null; changes: unknown }>(
    `SELECT e.id, e.record_id, e.assessment_id, e.action, e.user_id, u.full_name AS user_name, e.at, e.reason, e.changes
       FROM eco_events e LEFT JOIN users u ON u.id::text = e.user_id
      WHERE e.child_id = $1 ORDER BY e.at DESC, e.id DESC`,
    [childId],
  );
  return r.rows.map((e) => ({
    id: Number(e.id),
    recordId: e.record_id,
    assessmentId: e.assessment_id,
    action: e.action,
    userId: e.user_id,
    userName: e.user_name ?? '',
    at: iso(e.at) ?? '',
    reason: e.reason,
    changes: (typeof e.changes === 'string' ? JSON.parse(e.changes) : e.changes) as Change[],
  }));
}

// ---- children --------------------------------------------------------------------------------

export interface ChildRow {
  id: number;
  stateStudentId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: IsoDay;
  leaId: number;
  leaName: string;
  schoolId: number | null;
  schoolName: string | null;
  disabilityCategory: string;
  version: number;
}

interface ChildSql {
  id: number;
  state_student_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: unknown;
  lea_id: number;
  lea_name: string;
  school_id: number | null;
  school_name: string | null;
  disability_category: string;
  version: number;
}

const CHILD_SELECT = `SELECT c.id, c.state_student_id, c.first_name, c.middle_name, c.last_name, c.birth_date, c.lea_id, l.name AS lea_name,
  c.school_id, s.name AS school_name, c.disability_category, c.version
  FROM eco_children c JOIN leas l ON l.id = c.lea_id LEFT JOIN schools s ON s.id = c.school_id`;

const toChild = (r: ChildSql): ChildRow => ({
  id: r.id,
  stateStudentId: r.state_student_id,
  firstName: r.first_name,
  middleName: r.middle_name,
  lastName: r.last_name,
  birthDate: day(r.birth_date)!,
  leaId: r.lea_id,
  leaName: r.lea_name,
  schoolId: r.school_id,
  schoolName: r.school_name,
  disabilityCategory: r.disability_category,
  version: r.version,
});

export async function loadChild(q: Queryable, childId: number, forUpdate = false): Promise<ChildRow | null> {
  const r = await q.query<ChildSql>(`${CHILD_SELECT} WHERE c.id = $1 AND NOT c.is_deleted${forUpdate ? ' FOR UPDATE OF c' : ''}`, [childId]);
  return r.rows[0] ? toChild(r.rows[0]) : null;
}

export async function childBySsid(q: Queryable, ssid: string): Promise<ChildRow | null> {
  const r = await q.query<ChildSql>(`${CHILD_SELECT} WHERE c.state_student_id = $1 AND NOT c.is_deleted`, [ssid]);
  return r.rows[0] ? toChild(r.rows[0]) : null;
}

export interface NewChild {
  stateStudentId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string;
  schoolId: number | null;
  disabilityCategory: string;
}

/** A new child with its first record (no assessment) and the 'child-created' event (§3.2 'Add child', §8 import). */
export async function insertChildWithRecord(q: Queryable, values: NewChild, leaId: number, entryDate: string, userId: string): Promise<{ childId: number; recordId: number }> {
  const child = await q.query<{ id: number }>(
    `INSERT INTO eco_children (state_student_id, first_name, middle_name, last_name, birth_date, lea_id, school_id, disability_category, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $9) RETURNING id`,
    [values.stateStudentId, values.firstName, values.middleName, values.lastName, values.birthDate, leaId, values.schoolId, values.disabilityCategory, userId],
  );
  const childId = child.rows[0]!.id;
  const rec = await q.query<{ id: number }>(`INSERT INTO eco_records (child_id, lea_id, entry_date, created_by, updated_by) VALUES ($1, $2, $3::date, $4, $4) RETURNING id`, [childId, leaId, entryDate, userId]);
  const recordId = rec.rows[0]!.id;
  await writeEvent(q, { childId, recordId, leaId, action: 'child-created', userId, changes: diff({}, { ...values, leaId, entryDate }) });
  return { childId, recordId };
}

// ---- records and assessments ------------------------------------------------------------------

export interface AssessmentRow {
  id: number;
  recordId: number;
  type: AssessmentType;
  status: AssessmentStatus;
  ratingDate: IsoDay | null;
  ratingA: number | null;
  ratingB: number | null;
  ratingC: number | null;
  newSkillsA: NewSkills | null;
  newSkillsB: NewSkills | null;
  newSkillsC: NewSkills | null;
  evidenceA: string | null;
  evidenceB: string | null;
  evidenceC: string | null;
  teamMembers: { name: string; role: string }[];
  familyInput: string | null;
  sources: string[];
  sourcesOther: string | null;
  firstSubmittedAt: string | null;
  submittedAt: string | null;
  submittedBy: string | null;
  submittedByName: string | null;
  finalizedAt: string | null;
  finalizedBy: string | null;
  unlockCount: number;
  version: number;
  openRequestId: number | null;
}

export interface RecordRow {
  id: number;
  childId: number;
  leaId: number;
  leaName: string;
  entryDate: IsoDay;
  exitDate: IsoDay | null;
  exitReason: ExitReason | null;
  exitNote: string | null;
}

interface AssessmentSql {
  id: number;
  record_id: number;
  type: AssessmentType;
  status: number;
  rating_date: unknown;
  rating_a: number | null;
  rating_b: number | null;
  rating_c: number | null;
  new_skills_a: NewSkills | null;
  new_skills_b: NewSkills | null;
  new_skills_c: NewSkills | null;
  evidence_a: string | null;
  evidence_b: string | null;
  evidence_c: string | null;
  team_members: unknown;
  family_input: string | null;
  sources: string[] | null;
  sources_other: string | null;
  first_submitted_at: unknown;
  submitted_at: unknown;
  submitted_by: string | null;
  submitted_by_name: string | null;
  finalized_at: unknown;
  finalized_by: string | null;
  unlock_count: number;
  version: number;
  open_request_id: number | null;
}

const ASSESSMENT_SELECT = `SELECT a.*, u.full_name AS submitted_by_name,
  (SELECT r.id FROM eco_unlock_requests r WHERE r.assessment_id = a.id AND r.status = 'open') AS open_request_id
  FROM eco_assessments a LEFT JOIN users u ON u.id::text = a.submitted_by`;

const toAssessment = (a: AssessmentSql): AssessmentRow => ({
  id: a.id,
  recordId: a.record_id,
  type: a.type,
  status: statusName(a.status) ?? 'draft',
  ratingDate: day(a.rating_date),
  ratingA: a.rating_a,
  ratingB: a.rating_b,
  ratingC: a.rating_c,
  newSkillsA: a.new_skills_a,
  newSkillsB: a.new_skills_b,
  newSkillsC: a.new_skills_c,
  evidenceA: a.evidence_a,
  evidenceB: a.evidence_b,
  evidenceC: a.evidence_c,
  teamMembers: (typeof a.team_members === 'string' ? JSON.parse(a.team_members) : (a.team_members ?? [])) as { name: string; role: string }[],
  familyInput: a.family_input,
  sources: a.sources ?? [],
  sourcesOther: a.sources_other,
  firstSubmittedAt: iso(a.first_submitted_at),
  submittedAt: iso(a.submitted_at),
  submittedBy: a.submitted_by,
  submittedByName: a.submitted_by_name,
  finalizedAt: iso(a.finalized_at),
  finalizedBy: a.finalized_by,
  unlockCount: a.unlock_count,
  version: a.version,
  openRequestId: a.open_request_id,
});

export async function loadAssessment(q: Queryable, recordId: number, type: AssessmentType): Promise<AssessmentRow | null> {
  const r = await q.query<AssessmentSql>(`${ASSESSMENT_SELECT} WHERE a.record_id = $1 AND a.type = $2`, [recordId, type]);
  return r.rows[0] ? toAssessment(r.rows[0]) : null;
}

export async function loadAssessmentById(q: Queryable, id: number): Promise<AssessmentRow | null> {
  const r = await q.query<AssessmentSql>(`${ASSESSMENT_SELECT} WHERE a.id = $1`, [id]);
  return r.rows[0] ? toAssessment(r.rows[0]) : null;
}

async function assessmentsOf(q: Queryable, recordIds: number[]): Promise<Map<number, { entry?: AssessmentRow; exit?: AssessmentRow }>> {
  const map = new Map<number, { entry?: AssessmentRow; exit?: AssessmentRow }>();
  if (recordIds.length === 0) return map;
  const r = await q.query<AssessmentSql>(`${ASSESSMENT_SELECT} WHERE a.record_id = ANY($1::integer[])`, [recordIds]);
  for (const row of r.rows) {
    const a = toAssessment(row);
    const slot = map.get(a.recordId) ?? {};
    slot[a.type] = a;
    map.set(a.recordId, slot);
  }
  return map;
}

interface RecordSql {
  id: number;
  child_id: number;
  lea_id: number;
  lea_name: string;
  entry_date: unknown;
  exit_date: unknown;
  exit_reason: ExitReason | null;
  exit_note: string | null;
}

const RECORD_SELECT = `SELECT r.id, r.child_id, r.lea_id, l.name AS lea_name, r.entry_date, r.exit_date, r.exit_reason, r.exit_note
  FROM eco_records r JOIN leas l ON l.id = r.lea_id`;

const toRecord = (r: RecordSql): RecordRow => ({
  id: r.id,
  childId: r.child_id,
  leaId: r.lea_id,
  leaName: r.lea_name,
  entryDate: day(r.entry_date)!,
  exitDate: day(r.exit_date),
  exitReason: r.exit_reason,
  exitNote: r.exit_note,
});

export async function loadRecord(q: Queryable, recordId: number): Promise<RecordRow | null> {
  const r = await q.query<RecordSql>(`${RECORD_SELECT} JOIN eco_children c ON c.id = r.child_id WHERE r.id = $1 AND NOT c.is_deleted`, [recordId]);
  return r.rows[0] ? toRecord(r.rows[0]) : null;
}

export async function recordsOfChild(q: Queryable, childId: number): Promise<RecordRow[]> {
  const r = await q.query<RecordSql>(`${RECORD_SELECT} WHERE r.child_id = $1 ORDER BY r.entry_date, r.id`, [childId]);
  return r.rows.map(toRecord);
}

// ---- read models -----------------------------------------------------------------------------

const ratingsOf = (a: AssessmentRow | undefined): Partial<Record<Outcome, number>> => {
  const out: Partial<Record<Outcome, number>> = {};
  if (!a) return out;
  for (const x of OUTCOMES) {
    const v = a[`rating${x}`];
    if (v !== null) out[x] = v;
  }
  return out;
};

/** Categories a-e per outcome, or 'invalid', or null while ratings are missing (§6.3). */
export function categoriesOf(entry: AssessmentRow | undefined | null, exit: AssessmentRow | undefined | null, settings: YearSettings): Record<Outcome, { category: Category | 'invalid'; label: string } | null> {
  const out = {} as Record<Outcome, { category: Category | 'invalid'; label: string } | null>;
  for (const x of OUTCOMES) {
    const e = entry?.[`rating${x}`] ?? null;
    const t = exit?.[`rating${x}`] ?? null;
    const p = exit?.[`newSkills${x}`] ?? null;
    if (e === null || t === null || p === null) {
      out[x] = null;
      continue;
    }
    const c = progressCategory(e, t, p, settings);
    out[x] = c.ok ? { category: c.category, label: categoryLabels[c.category] } : { category: 'invalid', label: notIncludedLabel('invalid-combination') };
  }
  return out;
}

/** The derived state of one record: status, due date, flags, days of service (§6.2, §6.7, §6.8). */
export function summarizeRecord(
  rec: RecordRow,
  birthDate: IsoDay,
  a: { entry?: AssessmentRow | undefined; exit?: AssessmentRow | undefined },
  schoolYear: string,
  today: IsoDay,
  settings: YearSettings,
): EcoRecordSummary {
  const entryStatus = a.entry?.status ?? null;
  const exitStatus = a.exit?.status ?? null;
  const d = derivedStatus({ entryDate: rec.entryDate, exitDate: rec.exitDate, exitReason: rec.exitReason, entryStatus, exitStatus }, today, settings);
  const flags = recordFlags(
    { entryDate: rec.entryDate, firstSubmittedOn: a.entry?.firstSubmittedAt ? agencyToday(new Date(a.entry.firstSubmittedAt)) : null, entry: ratingsOf(a.entry), exit: ratingsOf(a.exit) },
    settings,
  );
  const expected = rec.exitDate ? null : expectedExit(birthDate, schoolYear, today);
  if (expected) flags.push(expected.flag);
  return {
    recordId: rec.id,
    childId: rec.childId,
    leaId: rec.leaId,
    leaName: rec.leaName,
    entryDate: rec.entryDate,
    exitDate: rec.exitDate,
    exitReason: rec.exitReason,
    exitNote: rec.exitNote,
    entryAssessmentId: a.entry?.id ?? null,
    exitAssessmentId: a.exit?.id ?? null,
    entryStatus,
    exitStatus,
    status: d.status,
    statusLabel: recordStatuses[d.status].label,
    notIncludedReason: d.reason,
    notIncludedLabel: d.reason ? notIncludedLabel(d.reason, rec.exitReason) : null,
    dueDate: d.dueDate,
    overdue: d.status === 'entry-overdue' || d.status === 'exit-overdue',
    daysOfService: rec.exitDate ? daysBetween(rec.entryDate, rec.exitDate) : null,
    kindergartenBound: !rec.exitDate && expected !== null && expected.defaultReason === null,
    flags,
  };
}

export async function recordSummaries(q: Queryable, records: RecordRow[], birthDate: IsoDay, schoolYear: string, today: IsoDay, settings: YearSettings): Promise<EcoRecordSummary[]> {
  const byRecord = await assessmentsOf(
    q,
    records.map((r) => r.id),
  );
  return records.map((r) => summarizeRecord(r, birthDate, byRecord.get(r.id) ?? {}, schoolYear, today, settings));
}

export interface ListRow {
  child: ChildRow;
  record: RecordRow;
  summary: EcoRecordSummary;
}

export interface ListFilter {
  /** null: every LEA. */
  leaIds: number[] | null;
  /** Records active in the year or exiting in it; null: any year. */
  schoolYear: string | null;
  ssid?: string | undefined;
  lastNamePrefix?: string | undefined;
  firstNamePrefix?: string | undefined;
  birthDate?: string | undefined;
  schoolId?: number | undefined;
  disability?: string | undefined;
  entryFrom?: string | undefined;
  entryTo?: string | undefined;
  exitFrom?: string | undefined;
  exitTo?: string | undefined;
  exitReason?: string | undefined;
}

/** A WHERE builder: each condition gets the next $n for its value; starts with the child not deleted. */
function conditions(): { params: unknown[]; where: string[]; add: (sql: (p: string) => string, value: unknown) => void } {
  const params: unknown[] = [];
  const where: string[] = ['NOT c.is_deleted'];
  return {
    params,
    where,
    add: (sql, value) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    },
  };
}

/** The records (with their child) the list and the search read, before the derived filters. */
export async function listRows(q: Queryable, f: ListFilter, today: IsoDay, settingsYear: string, settings: YearSettings): Promise<ListRow[]> {
  const { params, where, add } = conditions();
  if (f.leaIds) add((p) => `r.lea_id = ANY(${p}::integer[])`, f.leaIds);
  if (f.schoolYear) {
    const y1 = Number(f.schoolYear.slice(0, 4));
    add((p) => `r.entry_date <= ${p}::date`, `${y1 + 1}-06-30`);
    add((p) => `(r.exit_date IS NULL OR r.exit_date >= ${p}::date)`, `${y1}-07-01`);
  }
  if (f.ssid) add((p) => `c.state_student_id = ${p}`, f.ssid);
  if (f.lastNamePrefix) add((p) => `lower(c.last_name) LIKE ${p}`, `${escapeLike(f.lastNamePrefix.toLowerCase())}%`);
  if (f.firstNamePrefix) add((p) => `lower(c.first_name) LIKE ${p}`, `${escapeLike(f.firstNamePrefix.toLowerCase())}%`);
  if (f.birthDate) add((p) => `c.birth_date = ${p}::date`, f.birthDate);
  if (f.schoolId) add((p) => `c.school_id = ${p}`, f.schoolId);
  if (f.disability) add((p) => `c.disability_category = ${p}`, f.disability);
  if (f.entryFrom) add((p) => `r.entry_date >= ${p}::date`, f.entryFrom);
  if (f.entryTo) add((p) => `r.entry_date <= ${p}::date`, f.entryTo);
  if (f.exitFrom) add((p) => `r.exit_date >= ${p}::date`, f.exitFrom);
  if (f.exitTo) add((p) => `r.exit_date <= ${p}::date`, f.exitTo);
  if (f.exitReason) add((p) => `r.exit_reason = ${p}`, f.exitReason);
  const r = await q.query<RecordSql & ChildSql & { record_id: number; child_lea_id: number; child_lea_name: string }>(
    `SELECT r.id AS record_id, r.child_id, r.lea_id, rl.name AS lea_name, r.entry_date, r.exit_date, r.exit_reason, r.exit_note,
            c.id, c.state_student_id, c.first_name, c.middle_name, c.last_name, c.birth_date, c.lea_id AS child_lea_id, cl.name AS child_lea_name,
            c.school_id, s.name AS school_name, c.disability_category, c.version
       FROM eco_records r JOIN eco_children c ON c.id = r.child_id JOIN leas rl ON rl.id = r.lea_id JOIN leas cl ON cl.id = c.lea_id
       LEFT JOIN schools s ON s.id = c.school_id
      WHERE ${where.join(' AND ')}
      LIMIT 20001`,
    params,
  );
  const byRecord = await assessmentsOf(
    q,
    r.rows.map((x) => x.record_id),
  );
  return r.rows.map((x) => {
    const child = toChild({ ...x, lea_id: x.child_lea_id, lea_name: x.child_lea_name });
    const record = toRecord({ ...x, id: x.record_id });
    return { child, record, summary: summarizeRecord(record, child.birthDate, byRecord.get(record.id) ?? {}, settingsYear, today, settings) };
  });
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listItem(row: ListRow): EcoRecordListItem {
  const { child, summary } = row;
  return {
    recordId: summary.recordId,
    childId: child.id,
    ssidMasked: maskStateStudentId(child.stateStudentId),
    lastName: child.lastName,
    firstName: child.firstName,
    birthDate: child.birthDate,
    schoolName: child.schoolName,
    leaId: summary.leaId,
    leaName: summary.leaName,
    entryDate: summary.entryDate,
    entryStatus: summary.entryStatus,
    exitDate: summary.exitDate,
    exitStatus: summary.exitStatus,
    status: summary.status,
    statusLabel: summary.statusLabel,
    notIncludedReason: summary.notIncludedReason,
    notIncludedLabel: summary.notIncludedLabel,
    dueDate: summary.dueDate,
    overdue: summary.overdue,
    kindergartenBound: summary.kindergartenBound,
    flags: summary.flags,
  };
}

/** §3.2: overdue first, then due date ascending (none last), then last name. */
export function compareListRows(a: ListRow, b: ListRow): number {
  if (a.summary.overdue !== b.summary.overdue) return a.summary.overdue ? -1 : 1;
  const da = a.summary.dueDate ?? '9999-12-31';
  const db = b.summary.dueDate ?? '9999-12-31';
  if (da !== db) return da < db ? -1 : 1;
  const n = a.child.lastName.localeCompare(b.child.lastName, 'en', { sensitivity: 'base' });
  if (n !== 0) return n;
  return a.child.firstName.localeCompare(b.child.firstName, 'en', { sensitivity: 'base' }) || a.record.id - b.record.id;
}

export function assessmentView(a: AssessmentRow): EcoAssessment {
  return {
    id: a.id,
    recordId: a.recordId,
    type: a.type,
    status: a.status,
    ratingDate: a.ratingDate,
    ratingA: a.ratingA,
    ratingB: a.ratingB,
    ratingC: a.ratingC,
    newSkillsA: a.newSkillsA,
    newSkillsB: a.newSkillsB,
    newSkillsC: a.newSkillsC,
    evidenceA: a.evidenceA,
    evidenceB: a.evidenceB,
    evidenceC: a.evidenceC,
    teamMembers: a.teamMembers,
    familyInput: a.familyInput,
    sources: a.sources,
    sourcesOther: a.sourcesOther,
    firstSubmittedAt: a.firstSubmittedAt,
    submittedAt: a.submittedAt,
    submittedBy: a.submittedBy,
    submittedByName: a.submittedByName,
    finalizedAt: a.finalizedAt,
    finalizedBy: a.finalizedBy,
    unlockCount: a.unlockCount,
    version: a.version,
    openRequestId: a.openRequestId,
  };
}

// ---- unlock requests -------------------------------------------------------------------------

export async function unlockRequests(q: Queryable, where: { leaIds: number[] | null; status?: string | undefined; id?: number | undefined; assessmentId?: number | undefined }): Promise<EcoUnlockRequest[]> {
  const { params, where: cond, add } = conditions();
  if (where.leaIds) add((p) => `r.lea_id = ANY(${p}::integer[])`, where.leaIds);
  if (where.status) add((p) => `u.status = ${p}`, where.status);
  if (where.id) add((p) => `u.id = ${p}`, where.id);
  if (where.assessmentId) add((p) => `u.assessment_id = ${p}`, where.assessmentId);
  const rows = await q.query<{
    id: number;
    assessment_id: number;
    record_id: number;
    child_id: number;
    type: AssessmentType;
    lea_id: number;
    lea_name: string;
    first_name: string;
    last_name: string;
    reason: string;
    status: 'open' | 'approved' | 'declined';
    requested_by: string;
    requested_by_name: string | null;
    requested_at: unknown;
    decided_by: string | null;
    decided_at: unknown;
    decision_note: string | null;
  }>(
    `SELECT u.id, u.assessment_id, a.record_id, r.child_id, a.type, r.lea_id, l.name AS lea_name, c.first_name, c.last_name,
            u.reason, u.status, u.requested_by, us.full_name AS requested_by_name, u.requested_at, u.decided_by, u.decided_at, u.decision_note
       FROM eco_unlock_requests u JOIN eco_assessments a ON a.id = u.assessment_id JOIN eco_records r ON r.id = a.record_id
       JOIN eco_children c ON c.id = r.child_id JOIN leas l ON l.id = r.lea_id LEFT JOIN users us ON us.id::text = u.requested_by
      WHERE ${cond.join(' AND ')} ORDER BY u.requested_at, u.id`,
    params,
  );
  return rows.rows.map((x) => ({
    id: x.id,
    assessmentId: x.assessment_id,
    recordId: x.record_id,
    childId: x.child_id,
    type: x.type,
    leaId: x.lea_id,
    leaName: x.lea_name,
    childInitials: `${x.first_name.charAt(0)}. ${x.last_name.charAt(0)}.`.toUpperCase(),
    reason: x.reason,
    status: x.status,
    requestedBy: x.requested_by,
    requestedByName: x.requested_by_name ?? '',
    requestedAt: iso(x.requested_at) ?? '',
    decidedBy: x.decided_by,
    decidedAt: iso(x.decided_at),
    decisionNote: x.decision_note,
  }));
}

/** In-app messages to named users only (a decline to its requester, a claim to the previous LEA). */
export async function inAppMessage(q: Queryable, userIds: readonly string[], message: string, openUrl: string, now: Date): Promise<void> {
  if (userIds.length === 0) return;
  const at = now.toISOString();
  await q.query(
    `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_at, updated_at)
     SELECT u, $2, $3, 0, $4, $4, $4 FROM unnest($1::uuid[]) AS u`,
    [userIds, message.slice(0, 2000), openUrl, at],
  );
}

/** The users of an LEA who hold a permission through a role (the previous LEA's submitters of §6.9). */
export async function leaUsersWith(q: Queryable, leaId: number, permission: string): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `SELECT DISTINCT u.id::text AS id FROM users u
       JOIN user_roles ur ON ur.user_id = u.id JOIN role_permissions rp ON rp.role_id = ur.role_id
      WHERE rp.permission_value = $2 AND NOT u.is_deleted AND u.is_enabled
        AND (u.lea_id = $1 OR u.id IN (SELECT user_id FROM user_leas WHERE lea_id = $1))`,
    [leaId, permission],
  );
  return r.rows.map((x) => x.id);
}
