// The Early Childhood Outcomes API (ECO spec §10) under /api/eco: children and their records, the
// entry and exit COS ratings with their transitions (§4), unlock requests, claims between LEAs
// (§6.9), the child list and advanced search, year settings and targets. Scope: the CurrentLeaId
// header picks the LEA; a district user sees only their LEAs; anything outside the caller's reach
// answers 404 'Not found' and a missing permission 403 'Access Denied!'. Bad input is a 400
// {message, errors:[{field, message}]} with §5's messages. Rules are lib/eco's; SQL is store.ts'.
import { Router, type Request, type Response, type RequestHandler } from 'express';
import { z } from 'zod';
import { schoolYearOfDay } from '../../lib/calendar.js';
import { agencyToday, isIsoDay, type IsoDay } from '../../lib/day.js';
import { checkClaim, claimedMessage } from '../../lib/eco/claim.js';
import { EXIT_REASONS, NOT_INCLUDED_REASONS, OUTCOMES, RECORD_STATUSES, type AssessmentType, type ExitReason, type YearSettings } from '../../lib/eco/codes.js';
import type { EcoChildDetail, EcoRecordListItem, EcoScorePage, EcoSearchResult } from '../../lib/eco/contract.js';
import { ageLabel, daysOfService, entryDue, leaDataDueDate } from '../../lib/eco/dates.js';
import { ecoClaimText, ecoImportMessages, ecoNotificationText, ecoScoreText, ecoStatusMessages as m, ecoValidationMessages as v, genericMessages as g } from '../../lib/eco/messages.js';
import { availableActions, bulkFinalize, checkMove, checkUnlockRequest, decideUnlockRequest, lockedFields, type Actor, type RatingsState, type Refusal } from '../../lib/eco/status.js';
import { entryDateError, exitRatingsMode, validateAssessment, validateChild, validateExit, type AssessmentInput, type FieldError } from '../../lib/eco/validation.js';
import { toCsv } from '../../lib/csv.js';
import { P } from '../../lib/permissions.js';
import { authenticate, authOf, can, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, forbidden, notFound } from '../http.js';
import { isVisible, visibleLeaIds, type VisibleLeas } from '../lea-scope.js';
import { auditExport, auditPiiView, sendCsv, wantsCsv } from '../shared/http-files.js';
import { sendNotice } from '../shared/notify.js';
import { isUniqueViolation } from '../sql-errors.js';
import {
  assessmentView,
  categoriesOf,
  childBySsid,
  childEvents,
  compareListRows,
  diff,
  ECO_EVENT_TYPES,
  inAppMessage,
  insertChildWithRecord,
  leaName,
  leaUsersWith,
  listCodes,
  listItem,
  listRows,
  loadAssessment,
  loadAssessmentById,
  loadChild,
  loadRecord,
  loadTargets,
  loadYearSettings,
  recordsOfChild,
  recordSummaries,
  schoolIdsOf,
  summarizeRecord,
  SETTINGS_COLUMNS,
  TARGET_KEYS,
  unlockRequests,
  writeEvent,
  type AssessmentRow,
  type Change,
  type ChildRow,
  type ListRow,
  type RecordRow,
} from './store.js';

const BASE = '/api/eco';
export const ECO = {
  access: 'Eco.access',
  submit: 'Eco.scores.submit',
  finalize: 'Eco.scores.finalize',
  unlock: 'Eco.scores.unlock',
  search: 'Eco.advancedsearch.view',
  reports: 'Eco.reports.view',
} as const;

export const ecoApiMessages = {
  selectLea: 'Select an LEA in the top bar.',
  basicSearch: 'Enter a state student ID, or a last name and a birth date.',
  tooMany: 'More than 5,000 children match. Narrow your search.',
  lastNameMin: 'Enter at least 2 letters of the last name.',
  deleteSubmitted: 'This child has submitted ratings and cannot be deleted.',
  invalidValue: 'The value is not valid.',
  invalidRequest: 'The request is not valid.',
} as const;

const SEARCH_MAX = 5000;

/** The child list CSV (§3.2 'Download CSV'): the list's columns, the state student ID in full. */
export const CHILD_LIST_CSV_COLUMNS = [
  'stateStudentId',
  'lastName',
  'firstName',
  'birthDate',
  'schoolName',
  'leaName',
  'entryDate',
  'entryStatus',
  'exitDate',
  'exitStatus',
  'status',
  'notIncludedReason',
  'dueDate',
  'flags',
] as const;

function childListCell(r: ListRow, column: (typeof CHILD_LIST_CSV_COLUMNS)[number]): string {
  switch (column) {
    case 'stateStudentId':
      return r.child.stateStudentId;
    case 'lastName':
    case 'firstName':
    case 'birthDate':
      return r.child[column];
    case 'schoolName':
      return r.child.schoolName ?? '';
    case 'flags':
      return r.summary.flags.join('; ');
    default:
      return String(r.summary[column] ?? '');
  }
}

// ---- errors and parsing ----------------------------------------------------------------------

const invalid = (errors: FieldError[]): ApiError => new ApiError(400, errors[0]?.message ?? ecoApiMessages.invalidRequest, { errors });
const refused = (r: Refusal): ApiError =>
  r.status === 400 ? invalid([{ field: r.field ?? 'body', message: r.message }]) : new ApiError(r.status, r.message, r.field ? { errors: [{ field: r.field, message: r.message }] } : {});
const missing = (): ApiError => notFound(v.notFound);

function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  throw invalid(r.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message })));
}

function idOf(req: Request, name = 'id'): number {
  const raw = req.params[name];
  const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw missing();
  return n;
}

/** 403 'Access Denied!' without any one of the permissions (§5). */
const need =
  (...permissions: string[]): RequestHandler =>
  (_req, res, next) => {
    const auth = res.locals.auth as AuthContext | undefined;
    if (!auth || !can(auth, ...permissions)) return next(forbidden(v.accessDenied));
    next();
  };

// ---- request schemas -------------------------------------------------------------------------

const bad = { error: ecoApiMessages.invalidValue };
const scalar = z.union([z.string().max(5000), z.number(), z.null()], bad).optional();
const text = (max: number) => z.union([z.string().max(max, g.maxLength(max)), z.null()], bad).optional();
const ratingValue = z.union([z.string().max(20), z.number(), z.null()], { error: v.ratingScale(1, 7) }).optional();
const version = z.number({ error: ecoApiMessages.invalidValue }).int().min(0).max(2_147_483_647);
const schoolYear = z.string().regex(/^\d{4}-\d{4}$/, 'School year must look like 2025-2026.');
const dayQuery = z.string().refine((s) => isIsoDay(s), g.invalidDateFormat);
const intQuery = z.string().regex(/^\d{1,9}$/, ecoApiMessages.invalidValue).transform(Number);
const flagQuery = z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1');
const listQuery = (values: readonly string[]) =>
  z
    .union([z.string().max(2000), z.array(z.string().max(100)).max(50)])
    .transform((s) => (Array.isArray(s) ? s : s.split(',')).map((x) => x.trim()).filter(Boolean))
    .refine((list) => list.every((x) => values.includes(x)), g.selectFromList);

const childBody = z.object({
  stateStudentId: scalar,
  firstName: scalar,
  middleName: scalar,
  lastName: scalar,
  birthDate: scalar,
  entryDate: scalar,
  disabilityCategory: scalar,
  schoolId: scalar,
});

export const ecoSchemas = {
  childBody,
  childUpdateBody: childBody.extend({ version }),
  recordBody: z.object({ entryDate: scalar }),
  claimBody: z.object({ stateStudentId: scalar, birthDate: scalar }),
  assessmentBody: z.object({
    version: version.optional(),
    ratingDate: scalar,
    ratingA: ratingValue,
    ratingB: ratingValue,
    ratingC: ratingValue,
    newSkillsA: text(10),
    newSkillsB: text(10),
    newSkillsC: text(10),
    evidenceA: text(5000),
    evidenceB: text(5000),
    evidenceC: text(5000),
    teamMembers: z.array(z.object({ name: text(1000), role: text(200) }, bad), bad).max(50, ecoApiMessages.invalidValue).optional(),
    familyInput: text(100),
    sources: z.array(z.string().max(100), bad).max(20, ecoApiMessages.invalidValue).optional(),
    sourcesOther: text(1000),
  }),
  exitFields: z.object({ exitDate: scalar, exitReason: text(100), exitNote: text(1000) }),
  submitBody: z.object({ version }),
  finalizeBody: z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647), bad).min(1, ecoApiMessages.invalidValue).max(1000, ecoApiMessages.invalidValue) }),
  reasonBody: z.object({ reason: text(5000) }),
  noteBody: z.object({ note: text(5000) }),
  recordsQuery: z.object({
    schoolYear: schoolYear.optional(),
    status: listQuery(RECORD_STATUSES).optional(),
    schoolId: intQuery.optional(),
    disability: z.string().max(100).optional(),
    kBound: flagQuery.optional(),
    attention: flagQuery.optional(),
    ssid: z.string().max(20).optional(),
    lastName: z.string().max(50).optional(),
    birthDate: dayQuery.optional(),
    page: intQuery.optional(),
    /** The platform's name for `page` (MODULES.md: lists page with pageNumber and pageSize). */
    pageNumber: intQuery.optional(),
    pageSize: z.union([z.literal('all'), intQuery.refine((n) => n >= 1 && n <= 1000, ecoApiMessages.invalidValue)]).optional(),
    sort: z.enum(['default', 'name', 'entryDate']).optional(),
  }),
  searchQuery: z.object({
    schoolYear: schoolYear.optional(),
    ssid: z.string().max(20).optional(),
    lastName: z.string().max(50).optional(),
    firstName: z.string().max(50).optional(),
    birthDate: dayQuery.optional(),
    schoolId: intQuery.optional(),
    disability: z.string().max(100).optional(),
    entryFrom: dayQuery.optional(),
    entryTo: dayQuery.optional(),
    exitFrom: dayQuery.optional(),
    exitTo: dayQuery.optional(),
    exitReason: z.enum(EXIT_REASONS, g.selectFromList).optional(),
    entryStatus: listQuery(['none', 'draft', 'submitted', 'finalized']).optional(),
    exitStatus: listQuery(['none', 'draft', 'submitted', 'finalized']).optional(),
    status: listQuery(RECORD_STATUSES).optional(),
    reason: listQuery(NOT_INCLUDED_REASONS).optional(),
    flag: z.string().max(100).optional(),
    leaId: z.union([z.literal('all'), intQuery]).optional(),
  }),
  unlockRequestsQuery: z.object({ status: z.enum(['open', 'approved', 'declined'], g.selectFromList).optional() }),
  settingsBody: z.object({
    scaleMin: z.number().int().min(0).max(20).optional(),
    scaleMax: z.number().int().min(1).max(20).optional(),
    ageExpectedMin: z.number().int().min(1).max(20).optional(),
    entryDueDays: z.number().int().min(0).max(365).optional(),
    entryEarliestDays: z.number().int().min(0).max(365).optional(),
    exitWindowBeforeDays: z.number().int().min(0).max(365).optional(),
    exitWindowAfterDays: z.number().int().min(0).max(365).optional(),
    futureExitMaxDays: z.number().int().min(0).max(365).optional(),
    minServiceDays: z.number().int().min(0).max(1000).optional(),
    applyMinServiceRule: z.boolean().optional(),
    completenessThreshold: z.number().min(0).max(100).optional(),
    minNForPatterns: z.number().int().min(0).max(10000).optional(),
    maxPercentCategoryA: z.number().min(0).max(100).optional(),
    maxPercentCategoryE: z.number().min(0).max(100).optional(),
    leaDataDueDate: z.union([dayQuery, z.null()]).optional(),
  }),
  targetsBody: z.object(Object.fromEntries(TARGET_KEYS.map((k) => [k, z.union([z.number().min(0).max(100), z.null()]).optional()])) as Record<(typeof TARGET_KEYS)[number], z.ZodOptional<z.ZodUnion<[z.ZodNumber, z.ZodNull]>>>),
};

const str = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const kindOf = (raw: unknown): AssessmentType => {
  if (raw === 'entry' || raw === 'exit') return raw;
  throw missing();
};
const otherOf = (type: AssessmentType): AssessmentType => (type === 'entry' ? 'exit' : 'entry');

// ---- the router ------------------------------------------------------------------------------

export function ecoRouter(ctx: ApiContext): Router {
  const router = Router();
  const db = ctx.db;
  const auth = authenticate(ctx);
  const today = (): IsoDay => agencyToday(ctx.now());

  const actorOf = (a: AuthContext): Actor => ({ userId: a.userId, permissions: new Set(a.permissions) });
  const yearOf = (req: Request, a: AuthContext): string => {
    const q = typeof req.query.schoolYear === 'string' && /^\d{4}-\d{4}$/.test(req.query.schoolYear) ? req.query.schoolYear : null;
    return q ?? a.activeSchoolYear ?? schoolYearOfDay(today());
  };

  /** The LEAs a list covers: the header's LEA, or every visible LEA for the state-level district or no header. */
  async function listScope(a: AuthContext, visible: VisibleLeas): Promise<number[] | null> {
    if (a.currentLeaId !== null) {
      const lea = (await db.query<{ state: boolean }>('SELECT is_nde_level_district AS state FROM leas WHERE id = $1', [a.currentLeaId])).rows[0];
      if (lea && !lea.state) {
        if (!isVisible(visible, a.currentLeaId)) throw forbidden(v.accessDenied);
        return [a.currentLeaId];
      }
    }
    return visible === 'all' ? null : visible;
  }

  /** The LEA new children and claims go to: the header's LEA, or a district user's only LEA. */
  async function writeLea(a: AuthContext, visible: VisibleLeas): Promise<{ id: number; name: string }> {
    if (a.currentLeaId !== null) {
      const lea = (await db.query<{ name: string; state: boolean }>('SELECT name, is_nde_level_district AS state FROM leas WHERE id = $1', [a.currentLeaId])).rows[0];
      if (lea && !lea.state) {
        if (!isVisible(visible, a.currentLeaId)) throw forbidden(v.accessDenied);
        return { id: a.currentLeaId, name: lea.name };
      }
    }
    if (visible !== 'all' && visible.length === 1) return { id: visible[0]!, name: await leaName(db, visible[0]!) };
    throw invalid([{ field: 'leaId', message: ecoApiMessages.selectLea }]);
  }

  async function scopedChild(res: Response, childId: number): Promise<{ child: ChildRow; visible: VisibleLeas; records: RecordRow[] }> {
    const a = authOf(res);
    const visible = await visibleLeaIds(db, a);
    const child = await loadChild(db, childId);
    if (!child) throw missing();
    const records = await recordsOfChild(db, childId);
    if (!isVisible(visible, child.leaId) && !records.some((r) => isVisible(visible, r.leaId))) throw missing();
    return { child, visible, records };
  }

  async function scopedRecord(res: Response, recordId: number): Promise<{ record: RecordRow; child: ChildRow; visible: VisibleLeas }> {
    const visible = await visibleLeaIds(db, authOf(res));
    const record = await loadRecord(db, recordId);
    if (!record || !isVisible(visible, record.leaId)) throw missing();
    const child = await loadChild(db, record.childId);
    if (!child) throw missing();
    return { record, child, visible };
  }

  async function scopedAssessment(res: Response, id: number): Promise<{ a: AssessmentRow; record: RecordRow; child: ChildRow; other: AssessmentRow | null }> {
    const a = await loadAssessmentById(db, id);
    if (!a) throw missing();
    const { record, child } = await scopedRecord(res, a.recordId);
    return { a, record, child, other: await loadAssessment(db, record.id, otherOf(a.type)) };
  }

  const ratingsState = (a: AssessmentRow | null, type: AssessmentType, other: AssessmentRow | null): RatingsState => ({
    type,
    status: a?.status ?? null,
    submittedBy: a?.submittedBy ?? null,
    firstSubmittedAt: a?.firstSubmittedAt ?? null,
    otherStatus: other?.status ?? null,
  });

  async function scorePage(res: Response, record: RecordRow, child: ChildRow, type: AssessmentType, year: string, settings: YearSettings): Promise<EcoScorePage> {
    const a = authOf(res);
    const entry = await loadAssessment(db, record.id, 'entry');
    const exit = await loadAssessment(db, record.id, 'exit');
    const mine = type === 'entry' ? entry : exit;
    const status = summarizeRecord(record, child.birthDate, { entry: entry ?? undefined, exit: exit ?? undefined }, year, today(), settings);
    const days = record.exitDate ? daysOfService(record.entryDate, record.exitDate) : null;
    const mode = type === 'exit' && record.exitDate && record.exitReason ? exitRatingsMode(record.entryDate, record.exitDate, record.exitReason, settings) : null;
    return {
      assessment: mine ? assessmentView(mine) : null,
      banner: {
        childId: child.id,
        name: `${child.lastName}, ${child.firstName}`,
        stateStudentId: child.stateStudentId,
        birthDate: child.birthDate,
        ageAtEntry: ageLabel(child.birthDate, record.entryDate),
        leaName: record.leaName,
        schoolName: child.schoolName,
        disabilityCategory: child.disabilityCategory,
        entryDate: record.entryDate,
        entryDue: entryDue(record.entryDate, settings),
        exitDate: record.exitDate,
        exitReason: record.exitReason,
        exitNote: record.exitNote,
      },
      status,
      actions: availableActions(mine?.status ?? null, new Set(a.permissions), Boolean(mine?.openRequestId)),
      lockedFields: lockedFields(entry?.status ?? null, exit?.status ?? null),
      entryRatings: type === 'exit' ? { A: entry?.ratingA ?? null, B: entry?.ratingB ?? null, C: entry?.ratingC ?? null } : null,
      categories: type === 'exit' ? categoriesOf(entry, exit, settings) : null,
      daysOfService: type === 'exit' ? days : null,
      ratingsMode: mode,
      notice: mode === 'short-stay' && days !== null ? ecoScoreText.shortStayNotice(days) : mode === 'not-collected' ? ecoScoreText.notCollectedNotice : null,
    };
  }

  async function notify(eventType: string, key: string, leaId: number, message: string, link: string): Promise<void> {
    await sendNotice(ctx, db, { key, eventType, leaId, subject: message, bodyHtml: `<p>${escapeHtml(message)}</p>`, message, link });
  }

  // ---- the child list and the advanced search (§3.2, §3.3) ----------------------------------

  const isQualityFlag = (f: string): boolean => !f.startsWith('Exit expected');
  const needsAttention = (r: ListRow): boolean => r.summary.overdue || r.summary.status === 'not-included' || r.summary.flags.some(isQualityFlag);

  router.get(`${BASE}/records`, auth, need(ECO.access), async (req, res) => {
    const a = authOf(res);
    const f = parseBody(ecoSchemas.recordsQuery, req.query);
    const ssid = str(f.ssid);
    const lastName = str(f.lastName);
    if (!ssid && Boolean(lastName) !== Boolean(f.birthDate)) throw invalid([{ field: 'search', message: ecoApiMessages.basicSearch }]);
    const year = f.schoolYear ?? yearOf(req, a);
    const visible = await visibleLeaIds(db, a);
    const leaIds = await listScope(a, visible);
    const settings = await loadYearSettings(db, year);
    let rows = await listRows(
      db,
      { leaIds, schoolYear: year, ssid: ssid ?? undefined, lastNamePrefix: ssid ? undefined : (lastName ?? undefined), birthDate: ssid ? undefined : f.birthDate, schoolId: f.schoolId, disability: f.disability },
      today(),
      year,
      settings,
    );
    if (lastName && !ssid) rows = rows.filter((r) => r.child.lastName.toLowerCase() === lastName.toLowerCase() || r.child.lastName.toLowerCase().startsWith(lastName.toLowerCase()));
    if (f.status?.length) rows = rows.filter((r) => f.status!.includes(r.summary.status));
    if (f.kBound) rows = rows.filter((r) => r.summary.kindergartenBound);
    if (f.attention) rows = rows.filter(needsAttention);
    rows.sort(
      f.sort === 'name'
        ? (x, y) => x.child.lastName.localeCompare(y.child.lastName, 'en', { sensitivity: 'base' }) || x.child.firstName.localeCompare(y.child.firstName, 'en', { sensitivity: 'base' }) || x.record.id - y.record.id
        : f.sort === 'entryDate'
          ? (x, y) => (x.record.entryDate < y.record.entryDate ? -1 : x.record.entryDate > y.record.entryDate ? 1 : x.record.id - y.record.id)
          : compareListRows,
    );
    if (wantsCsv(req)) {
      // 'Download CSV' (§3.2): the list's columns with the full state student ID, logged (§7, §12).
      const csvRows = rows.map((r) => CHILD_LIST_CSV_COLUMNS.map((c) => childListCell(r, c)));
      const filters = { ...f, schoolYear: year, leaIds };
      await writeEvent(db, { childId: null, leaId: leaIds?.length === 1 ? leaIds[0]! : null, action: 'export', userId: a.userId, changes: [{ field: 'report', old: null, new: 'child-list' }, { field: 'filters', old: null, new: filters }, { field: 'rowCount', old: null, new: csvRows.length }] });
      await auditExport(db, a, { module: 'eco', report: 'child-list', filters, rowCount: csvRows.length });
      sendCsv(res, `eco-child-list-${year}.csv`, toCsv(CHILD_LIST_CSV_COLUMNS, csvRows));
      return;
    }
    const pageSize = f.pageSize === 'all' ? Math.max(rows.length, 1) : (f.pageSize ?? 25);
    const page = Math.max(1, f.page ?? f.pageNumber ?? 1);
    const items: EcoRecordListItem[] = rows.slice((page - 1) * pageSize, page * pageSize).map(listItem);
    res.json({ items, total: rows.length, totalCount: rows.length, page, pageSize });
  });

  router.get(`${BASE}/search`, auth, need(ECO.search), async (req, res) => {
    const a = authOf(res);
    const f = parseBody(ecoSchemas.searchQuery, req.query);
    const lastName = str(f.lastName);
    if (lastName && lastName.length < 2) throw invalid([{ field: 'lastName', message: ecoApiMessages.lastNameMin }]);
    const visible = await visibleLeaIds(db, a);
    let leaIds: number[] | null;
    if (f.leaId !== undefined && can(a, P.allLeas)) leaIds = f.leaId === 'all' ? null : [f.leaId];
    else leaIds = await listScope(a, visible);
    const year = f.schoolYear ?? null;
    const settingsYear = year ?? yearOf(req, a);
    const settings = await loadYearSettings(db, settingsYear);
    const ssid = str(f.ssid);
    let rows = await listRows(
      db,
      {
        leaIds,
        schoolYear: year,
        ssid: ssid ?? undefined,
        lastNamePrefix: lastName ?? undefined,
        firstNamePrefix: str(f.firstName) ?? undefined,
        birthDate: f.birthDate,
        schoolId: f.schoolId,
        disability: f.disability,
        entryFrom: f.entryFrom,
        entryTo: f.entryTo,
        exitFrom: f.exitFrom,
        exitTo: f.exitTo,
        exitReason: f.exitReason,
      },
      today(),
      settingsYear,
      settings,
    );
    const statusIn = (list: string[] | undefined, s: string | null) => !list?.length || list.includes(s ?? 'none');
    rows = rows.filter(
      (r) =>
        statusIn(f.entryStatus, r.summary.entryStatus) &&
        statusIn(f.exitStatus, r.summary.exitStatus) &&
        (!f.status?.length || f.status.includes(r.summary.status)) &&
        (!f.reason?.length || (r.summary.notIncludedReason !== null && f.reason.includes(r.summary.notIncludedReason))) &&
        (!f.flag || r.summary.flags.some((x) => x.toLowerCase().startsWith(f.flag!.toLowerCase()))),
    );
    rows.sort(compareListRows);
    let heldElsewhere: EcoSearchResult['heldElsewhere'] = null;
    if (rows.length === 0 && ssid && f.birthDate && visible !== 'all') {
      const child = await childBySsid(db, ssid);
      if (child && child.birthDate === f.birthDate && !isVisible(visible, child.leaId)) {
        const open = (await recordsOfChild(db, child.id)).some((r) => r.exitDate === null);
        if (open) heldElsewhere = { leaName: child.leaName, label: ecoClaimText.heldBy(child.leaName), canClaim: can(a, ECO.submit) };
      }
    }
    const tooMany = rows.length > SEARCH_MAX;
    const answer: EcoSearchResult = { items: tooMany ? [] : rows.map(listItem), total: rows.length, message: tooMany ? ecoApiMessages.tooMany : null, heldElsewhere };
    res.json(answer);
  });

  // ---- children (§2.1, §3.2, §3.6) ------------------------------------------------------------

  async function ssidTaken(q: Queryable, ssid: string, visible: VisibleLeas, exceptChildId: number | null): Promise<string | null> {
    const other = await childBySsid(q, ssid);
    if (!other || other.id === exceptChildId) return null;
    return isVisible(visible, other.leaId) ? v.ssidInYourLea(other.leaName) : v.ssidInOtherLea;
  }

  router.post(`${BASE}/children`, auth, need(ECO.submit), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.childBody, req.body);
    const visible = await visibleLeaIds(db, a);
    const lea = await writeLea(a, visible);
    const input = { ...body, entryDate: body.entryDate ?? null };
    const errors = validateChild(input, { today: today(), disabilityCodes: await listCodes(db, 'disability-categories'), schoolIds: await schoolIdsOf(db, lea.id) });
    const ssid = str(body.stateStudentId);
    if (ssid && !errors.some((e) => e.field === 'stateStudentId')) {
      const taken = await ssidTaken(db, ssid, visible, null);
      if (taken) errors.unshift({ field: 'stateStudentId', message: taken });
    }
    if (errors.length) throw invalid(errors);
    const values = childValues(body);
    const entryDate = str(body.entryDate)!;
    try {
      const ids = await db.tx((q) => insertChildWithRecord(q, values, lea.id, entryDate, a.userId));
      res.status(201).json(ids);
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([{ field: 'stateStudentId', message: (await ssidTaken(db, values.stateStudentId, visible, null)) ?? v.ssidInOtherLea }]);
      throw err;
    }
  });

  const childValues = (body: { stateStudentId?: unknown; firstName?: unknown; middleName?: unknown; lastName?: unknown; birthDate?: unknown; disabilityCategory?: unknown; schoolId?: unknown }) => ({
    stateStudentId: str(body.stateStudentId)!,
    firstName: str(body.firstName)!,
    middleName: str(body.middleName),
    lastName: str(body.lastName)!,
    birthDate: str(body.birthDate)!,
    schoolId: str(body.schoolId) === null ? null : Number(body.schoolId),
    disabilityCategory: str(body.disabilityCategory)!,
  });

  /** The status page's answer (§3.6): the child, the records the caller may see with their statuses, the events. */
  async function childDetail(req: Request, res: Response, childId: number): Promise<EcoChildDetail> {
    const a = authOf(res);
    const { child, visible, records } = await scopedChild(res, childId);
    const year = yearOf(req, a);
    const settings = await loadYearSettings(db, year);
    const mine = records.filter((r) => isVisible(visible, r.leaId));
    const summaries = await recordSummaries(db, mine, child.birthDate, year, today(), settings);
    return { child, records: summaries, events: await childEvents(db, child.id), canDelete: !(await everSubmitted(child.id)) };
  }

  const everSubmitted = async (childId: number): Promise<boolean> =>
    (await db.query(`SELECT 1 FROM eco_assessments a JOIN eco_records r ON r.id = a.record_id WHERE r.child_id = $1 AND a.first_submitted_at IS NOT NULL LIMIT 1`, [childId])).rows.length > 0;

  router.get(`${BASE}/children/:id`, auth, need(ECO.access), async (req, res) => {
    const detail = await childDetail(req, res, idOf(req));
    // The status page shows the full state student ID and birth date: a PII view (MODULES.md "Who sees what").
    await auditPiiView(db, authOf(res), { module: 'eco', entityType: 'child', entityId: detail.child.id });
    res.json(detail);
  });

  router.put(`${BASE}/children/:id`, auth, need(ECO.submit), async (req, res) => {
    const a = authOf(res);
    const childId = idOf(req);
    const body = parseBody(ecoSchemas.childUpdateBody, req.body);
    const { child, visible, records } = await scopedChild(res, childId);
    if (!isVisible(visible, child.leaId)) throw missing();
    if (body.version !== child.version) throw new ApiError(409, m.staleVersion);
    const target = records.find((r) => r.exitDate === null) ?? records[records.length - 1] ?? null;
    const previous = target ? records.filter((r) => r.id !== target.id && r.exitDate !== null && r.entryDate < target.entryDate).map((r) => r.exitDate!) : [];
    const previousExitDate = previous.length ? previous.sort()[previous.length - 1]! : null;
    const errors = validateChild(
      { ...body, entryDate: target ? (body.entryDate ?? null) : undefined },
      { today: today(), disabilityCodes: await listCodes(db, 'disability-categories'), schoolIds: await schoolIdsOf(db, child.leaId), previousExitDate },
    );
    const values = childValues(body);
    if (!errors.some((e) => e.field === 'stateStudentId') && values.stateStudentId !== child.stateStudentId) {
      const taken = await ssidTaken(db, values.stateStudentId, visible, child.id);
      if (taken) errors.unshift({ field: 'stateStudentId', message: taken });
    }
    if (errors.length) throw invalid(errors);
    const entryDate = target ? str(body.entryDate) : null;
    // §4: a submitted or finalized entry locks the ID, birth date and entry date.
    const statuses = await Promise.all(records.map((r) => loadAssessment(db, r.id, 'entry')));
    const entryLocked = statuses.some((s) => s?.status === 'submitted' || s?.status === 'finalized');
    if (entryLocked) {
      const locked: FieldError[] = [];
      if (values.stateStudentId !== child.stateStudentId) locked.push({ field: 'stateStudentId', message: m.entryLocksChild });
      if (values.birthDate !== child.birthDate) locked.push({ field: 'birthDate', message: m.entryLocksChild });
      if (target && entryDate !== target.entryDate) locked.push({ field: 'entryDate', message: m.entryLocksChild });
      if (locked.length) throw new ApiError(409, m.entryLocksChild, { errors: locked });
    }
    const before = { stateStudentId: child.stateStudentId, firstName: child.firstName, middleName: child.middleName, lastName: child.lastName, birthDate: child.birthDate, schoolId: child.schoolId, disabilityCategory: child.disabilityCategory, ...(target ? { entryDate: target.entryDate } : {}) };
    const after = { ...values, ...(target ? { entryDate } : {}) };
    try {
      await db.tx(async (q) => {
        const updated = await q.query(
          `UPDATE eco_children SET state_student_id = $2, first_name = $3, middle_name = $4, last_name = $5, birth_date = $6::date, school_id = $7, disability_category = $8,
                  version = version + 1, updated_at = now(), updated_by = $9
            WHERE id = $1 AND version = $10 AND NOT is_deleted`,
          [child.id, values.stateStudentId, values.firstName, values.middleName, values.lastName, values.birthDate, values.schoolId, values.disabilityCategory, a.userId, body.version],
        );
        if (updated.rowCount === 0) throw new ApiError(409, m.staleVersion);
        if (target && entryDate && entryDate !== target.entryDate) {
          await q.query('UPDATE eco_records SET entry_date = $2::date, updated_at = now(), updated_by = $3 WHERE id = $1', [target.id, entryDate, a.userId]);
        }
        const changes = diff(before, after);
        if (changes.length) await writeEvent(q, { childId: child.id, recordId: target?.id ?? null, leaId: child.leaId, action: 'child-updated', userId: a.userId, changes });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid([{ field: 'stateStudentId', message: (await ssidTaken(db, values.stateStudentId, visible, child.id)) ?? v.ssidInOtherLea }]);
      throw err;
    }
    res.json(await childDetail(req, res, child.id));
  });

  router.delete(`${BASE}/children/:id`, auth, need(ECO.submit), async (req, res) => {
    const a = authOf(res);
    const { child, visible } = await scopedChild(res, idOf(req));
    if (!isVisible(visible, child.leaId)) throw missing();
    if (await everSubmitted(child.id)) throw new ApiError(409, ecoApiMessages.deleteSubmitted);
    await db.tx(async (q) => {
      await q.query('UPDATE eco_children SET is_deleted = true, version = version + 1, updated_at = now(), updated_by = $2 WHERE id = $1', [child.id, a.userId]);
      await writeEvent(q, { childId: child.id, leaId: child.leaId, action: 'child-deleted', userId: a.userId, changes: [{ field: 'isDeleted', old: false, new: true }] });
    });
    res.status(204).end();
  });

  router.post(`${BASE}/children/claim`, auth, need(ECO.submit, ECO.unlock), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.claimBody, req.body);
    const ssid = str(body.stateStudentId) ?? '';
    const birthDate = str(body.birthDate) ?? '';
    const errors: FieldError[] = [];
    if (!ssid) errors.push({ field: 'stateStudentId', message: v.ssidRequired });
    if (!birthDate) errors.push({ field: 'birthDate', message: g.fieldRequired });
    else if (!isIsoDay(birthDate)) errors.push({ field: 'birthDate', message: g.invalidDateFormat });
    if (errors.length) throw invalid(errors);
    const visible = await visibleLeaIds(db, a);
    const lea = await writeLea(a, visible);
    const child = await childBySsid(db, ssid);
    const records = child ? await recordsOfChild(db, child.id) : [];
    const open = records.find((r) => r.exitDate === null) ?? null;
    const check = checkClaim(
      { permissions: new Set(a.permissions), currentLeaId: lea.id, currentLeaName: lea.name },
      child ? { stateStudentId: child.stateStudentId, birthDate: child.birthDate, leaId: child.leaId, hasOpenRecord: open !== null } : null,
      { stateStudentId: ssid, birthDate },
    );
    if (!check.ok) throw refused(check);
    const from = child!;
    await db.tx(async (q) => {
      await q.query('UPDATE eco_children SET lea_id = $2, school_id = NULL, version = version + 1, updated_at = now(), updated_by = $3 WHERE id = $1', [from.id, check.toLeaId, a.userId]);
      await q.query('UPDATE eco_records SET lea_id = $2, updated_at = now(), updated_by = $3 WHERE id = $1', [open!.id, check.toLeaId, a.userId]);
      const changes: Change[] = [
        { field: 'leaId', old: check.fromLeaId, new: check.toLeaId },
        { field: 'leaName', old: from.leaName, new: lea.name },
      ];
      if (from.schoolId !== null) changes.push({ field: 'schoolId', old: from.schoolId, new: null });
      await writeEvent(q, { childId: from.id, recordId: open!.id, leaId: check.toLeaId, action: 'child-claimed', userId: a.userId, changes });
      const previous = await leaUsersWith(q, check.fromLeaId, ECO.submit);
      await inAppMessage(q, previous, claimedMessage(from.stateStudentId, lea.name, today()), '/child-search/child-list', ctx.now());
    });
    res.json({ childId: from.id, recordId: open!.id });
  });

  router.post(`${BASE}/children/:id/records`, auth, need(ECO.submit), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.recordBody, req.body);
    const { child, visible, records } = await scopedChild(res, idOf(req));
    if (!isVisible(visible, child.leaId)) throw missing();
    const open = records.find((r) => r.exitDate === null);
    if (open) throw new ApiError(409, ecoImportMessages.openRecordOtherEntry(open.entryDate));
    const exits = records.map((r) => r.exitDate!).sort();
    const previousExitDate = exits[exits.length - 1] ?? null;
    const error = entryDateError(body.entryDate ?? null, { birthDate: child.birthDate, today: today(), previousExitDate });
    if (error) throw invalid([{ field: 'entryDate', message: error }]);
    const entryDate = str(body.entryDate)!;
    const recordId = await db.tx(async (q) => {
      const r = await q.query<{ id: number }>(`INSERT INTO eco_records (child_id, lea_id, entry_date, created_by, updated_by) VALUES ($1, $2, $3::date, $4, $4) RETURNING id`, [
        child.id,
        child.leaId,
        entryDate,
        a.userId,
      ]);
      const id = r.rows[0]!.id;
      await writeEvent(q, { childId: child.id, recordId: id, leaId: child.leaId, action: 'child-updated', userId: a.userId, changes: [{ field: 'entryDate', old: null, new: entryDate }] });
      return id;
    });
    res.status(201).json({ recordId });
  });

  // ---- entry and exit ratings (§3.4, §3.5, §4) ------------------------------------------------

  router.get(`${BASE}/records/:id/:type`, auth, need(ECO.access), async (req, res) => {
    const type = kindOf(req.params.type);
    const a = authOf(res);
    const { record, child } = await scopedRecord(res, idOf(req));
    const year = yearOf(req, a);
    const answer = await scorePage(res, record, child, type, year, await loadYearSettings(db, year));
    await auditPiiView(db, a, { module: 'eco', entityType: `${type}-ratings`, entityId: record.id });
    res.json(answer);
  });

  const FORM_FIELDS = [
    'ratingDate',
    'ratingA',
    'ratingB',
    'ratingC',
    'newSkillsA',
    'newSkillsB',
    'newSkillsC',
    'evidenceA',
    'evidenceB',
    'evidenceC',
    'teamMembers',
    'familyInput',
    'sources',
    'sourcesOther',
  ] as const;

  const formOf = (a: AssessmentRow | null): AssessmentInput & Record<string, unknown> => {
    if (!a) return {};
    const out: Record<string, unknown> = {};
    for (const f of FORM_FIELDS) out[f] = a[f];
    return out as AssessmentInput & Record<string, unknown>;
  };

  router.put(`${BASE}/records/:id/:type`, auth, need(ECO.submit), async (req, res) => {
    const type = kindOf(req.params.type);
    const a = authOf(res);
    const recordId = idOf(req);
    const form = parseBody(ecoSchemas.assessmentBody, req.body);
    const exitFields = type === 'exit' ? parseBody(ecoSchemas.exitFields, req.body) : {};
    const { record, child } = await scopedRecord(res, recordId);
    const year = yearOf(req, a);
    const settings = await loadYearSettings(db, year);
    const current = await loadAssessment(db, record.id, type);
    const other = await loadAssessment(db, record.id, otherOf(type));
    const rawBody = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    // An entry save is always a ratings save; an exit save may carry the exit date and reason alone ('Save exit').
    const touchesForm = type === 'entry' || FORM_FIELDS.some((f) => f in rawBody);
    const touchesExit = type === 'exit' && ['exitDate', 'exitReason', 'exitNote'].some((f) => f in rawBody);
    // §4: submitted and finalized ratings are read-only for everyone (and the exit locks its date and reason).
    if (current && current.status !== 'draft') throw new ApiError(409, m.locked);
    if (current && touchesForm) {
      if (form.version === undefined) throw invalid([{ field: 'version', message: g.fieldRequired }]);
      if (form.version !== current.version) throw new ApiError(409, m.staleVersion);
    }
    const move = checkMove('save-draft', ratingsState(current, type, other), actorOf(a));
    if (!move.ok) throw refused(move);

    const errors: FieldError[] = [];
    let exitDate = record.exitDate;
    let exitReason = record.exitReason;
    let exitNote = record.exitNote;
    if (touchesExit && 'exitDate' in exitFields) {
      const input = { exitDate: str(exitFields.exitDate), exitReason: str(exitFields.exitReason), exitNote: str(exitFields.exitNote) };
      errors.push(...validateExit(input, { entryDate: record.entryDate, birthDate: child.birthDate, today: today(), submitting: false, settings }));
      if (!input.exitDate && input.exitReason) errors.push({ field: 'exitDate', message: g.fieldRequired });
      exitDate = input.exitDate;
      exitReason = input.exitDate ? (input.exitReason as ExitReason | null) : null;
      exitNote = input.exitDate ? input.exitNote : null;
    }
    const values: Record<string, unknown> = {};
    for (const f of FORM_FIELDS) values[f] = form[f] ?? null;
    values.teamMembers = (form.teamMembers ?? []).map((t) => ({ name: str(t.name) ?? '', role: str(t.role) ?? '' }));
    values.sources = form.sources ?? [];
    if (touchesForm) {
      const entry = type === 'exit' ? (other ?? null) : null;
      const entryRatings = entry ? Object.fromEntries(OUTCOMES.filter((x) => entry[`rating${x}`] !== null).map((x) => [x, entry[`rating${x}`]!])) : undefined;
      errors.push(
        ...validateAssessment(
          { ...(values as AssessmentInput), teamMembers: form.teamMembers ?? [] },
          { type, mode: 'draft', today: today(), entryDate: record.entryDate, exitDate, entryRatings, settings },
        ),
      );
    }
    if (errors.length) throw invalid(errors);

    const rating = (x: unknown): number | null => (str(x) === null ? null : Number(x));
    const stored: Record<string, unknown> = {
      ratingDate: str(values.ratingDate),
      ratingA: rating(values.ratingA),
      ratingB: rating(values.ratingB),
      ratingC: rating(values.ratingC),
      newSkillsA: type === 'exit' ? str(values.newSkillsA) : null,
      newSkillsB: type === 'exit' ? str(values.newSkillsB) : null,
      newSkillsC: type === 'exit' ? str(values.newSkillsC) : null,
      evidenceA: str(values.evidenceA),
      evidenceB: str(values.evidenceB),
      evidenceC: str(values.evidenceC),
      teamMembers: values.teamMembers,
      familyInput: str(values.familyInput),
      sources: values.sources,
      sourcesOther: str(values.sourcesOther),
    };
    try {
      await db.tx(async (q) => {
        const changes: Change[] = [];
        if (touchesExit) {
          const recordChanges = diff({ exitDate: record.exitDate, exitReason: record.exitReason, exitNote: record.exitNote }, { exitDate, exitReason, exitNote });
          if (recordChanges.length) {
            await q.query('UPDATE eco_records SET exit_date = $2::date, exit_reason = $3, exit_note = $4, updated_at = now(), updated_by = $5 WHERE id = $1', [record.id, exitDate, exitReason, exitNote, a.userId]);
            changes.push(...recordChanges);
          }
        }
        let assessmentId = current?.id ?? null;
        if (touchesForm) {
          const params = [
            stored.ratingDate,
            stored.ratingA,
            stored.ratingB,
            stored.ratingC,
            stored.newSkillsA,
            stored.newSkillsB,
            stored.newSkillsC,
            stored.evidenceA,
            stored.evidenceB,
            stored.evidenceC,
            JSON.stringify(stored.teamMembers),
            stored.familyInput,
            stored.sources,
            stored.sourcesOther,
            a.userId,
          ];
          if (current) {
            const u = await q.query(
              `UPDATE eco_assessments SET rating_date = $1::date, rating_a = $2, rating_b = $3, rating_c = $4, new_skills_a = $5, new_skills_b = $6, new_skills_c = $7,
                      evidence_a = $8, evidence_b = $9, evidence_c = $10, team_members = $11::jsonb, family_input = $12, sources = $13::text[], sources_other = $14,
                      version = version + 1, updated_at = now(), updated_by = $15
                WHERE id = $16 AND version = $17 AND status = 1`,
              [...params, current.id, current.version],
            );
            if (u.rowCount === 0) throw new ApiError(409, m.staleVersion);
          } else {
            const ins = await q.query<{ id: number }>(
              `INSERT INTO eco_assessments (rating_date, rating_a, rating_b, rating_c, new_skills_a, new_skills_b, new_skills_c, evidence_a, evidence_b, evidence_c,
                                            team_members, family_input, sources, sources_other, created_by, updated_by, record_id, type)
               VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13::text[], $14, $15, $15, $16, $17) RETURNING id`,
              [...params, record.id, type],
            );
            assessmentId = ins.rows[0]!.id;
          }
          changes.push(...diff(formOf(current), stored));
        }
        if (changes.length || touchesForm) await writeEvent(q, { childId: child.id, recordId: record.id, assessmentId, leaId: record.leaId, action: `${type}-saved`, userId: a.userId, changes });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, m.staleVersion);
      throw err;
    }
    const fresh = (await loadRecord(db, record.id))!;
    res.json({ ...(await scorePage(res, fresh, child, type, year, settings)), message: touchesForm ? ecoScoreText.savedDraft(type) : ecoScoreText.exitSaved });
  });

  // §4 'Discard draft': a draft that was never submitted is deleted.
  router.delete(`${BASE}/records/:id/:type`, auth, need(ECO.submit), async (req, res) => {
    const type = kindOf(req.params.type);
    const a = authOf(res);
    const { record, child } = await scopedRecord(res, idOf(req));
    const current = await loadAssessment(db, record.id, type);
    if (!current) throw missing();
    const move = checkMove('discard', ratingsState(current, type, await loadAssessment(db, record.id, otherOf(type))), actorOf(a));
    if (!move.ok) throw refused(move);
    await db.tx(async (q) => {
      const d = await q.query('DELETE FROM eco_assessments WHERE id = $1 AND status = 1 AND first_submitted_at IS NULL', [current.id]);
      if (d.rowCount === 0) throw new ApiError(409, m.staleVersion);
      await writeEvent(q, { childId: child.id, recordId: record.id, leaId: record.leaId, action: `${type}-saved`, userId: a.userId, reason: 'Draft discarded', changes: diff(formOf(current), Object.fromEntries(FORM_FIELDS.map((f) => [f, null]))) });
    });
    res.status(204).end();
  });

  router.post(`${BASE}/records/:id/:type/submit`, auth, need(ECO.submit), async (req, res) => {
    const type = kindOf(req.params.type);
    const a = authOf(res);
    const body = parseBody(ecoSchemas.submitBody, req.body);
    const { record, child } = await scopedRecord(res, idOf(req));
    const year = yearOf(req, a);
    const settings = await loadYearSettings(db, year);
    const current = await loadAssessment(db, record.id, type);
    const other = await loadAssessment(db, record.id, otherOf(type));
    if (current && body.version !== current.version) throw new ApiError(409, m.staleVersion);
    const state = ratingsState(current, type, other);
    if (current) {
      const move = checkMove('submit', state, actorOf(a));
      if (!move.ok) throw refused(move);
    } else if (type === 'exit' && !(other?.status === 'submitted' || other?.status === 'finalized')) throw new ApiError(409, m.submitEntryFirst);
    const errors: FieldError[] = [];
    if (type === 'exit') {
      errors.push(
        ...validateExit({ exitDate: record.exitDate, exitReason: record.exitReason, exitNote: record.exitNote }, { entryDate: record.entryDate, birthDate: child.birthDate, today: today(), submitting: true, settings }),
      );
    }
    const entryRatings = type === 'exit' && other ? Object.fromEntries(OUTCOMES.filter((x) => other[`rating${x}`] !== null).map((x) => [x, other[`rating${x}`]!])) : undefined;
    errors.push(...validateAssessment(formOf(current), { type, mode: 'submit', today: today(), entryDate: record.entryDate, exitDate: record.exitDate, entryRatings, settings }));
    if (errors.length) throw invalid(errors);
    await db.tx(async (q) => {
      const u = await q.query(
        `UPDATE eco_assessments SET status = 2, submitted_at = now(), submitted_by = $2, first_submitted_at = COALESCE(first_submitted_at, now()),
                finalized_at = NULL, finalized_by = NULL, version = version + 1, updated_at = now(), updated_by = $2
          WHERE id = $1 AND version = $3 AND status = 1`,
        [current!.id, a.userId, current!.version],
      );
      if (u.rowCount === 0) throw new ApiError(409, m.staleVersion);
      await writeEvent(q, { childId: child.id, recordId: record.id, assessmentId: current!.id, leaId: record.leaId, action: `${type}-submitted`, userId: a.userId, changes: [{ field: 'status', old: 'draft', new: 'submitted' }] });
    });
    await notify(ECO_EVENT_TYPES.submitted, `eco-submitted:${current!.id}:${current!.version + 1}`, record.leaId, ecoNotificationText.submitted(type, record.leaName), `/child-search/status/${child.id}`);
    res.json({ ...(await scorePage(res, record, child, type, year, settings)), message: ecoScoreText.submitted(type) });
  });

  router.post(`${BASE}/assessments/finalize`, auth, need(ECO.finalize), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.finalizeBody, req.body);
    const actor = actorOf(a);
    const visible = await visibleLeaIds(db, a);
    const ids = [...new Set(body.ids)];
    const found: { id: number; state: RatingsState; a: AssessmentRow; record: RecordRow }[] = [];
    const skipped: { id: number; reason: string }[] = [];
    for (const id of ids) {
      const row = await loadAssessmentById(db, id);
      const record = row ? await loadRecord(db, row.recordId) : null;
      if (!row || !record || !isVisible(visible, record.leaId)) {
        skipped.push({ id, reason: v.notFound });
        continue;
      }
      const other = await loadAssessment(db, record.id, otherOf(row.type));
      found.push({ id, state: ratingsState(row, row.type, other), a: row, record });
    }
    if (ids.length === 1) {
      // One assessment: the score screen's 'Finalize', answered with its refusal.
      if (found.length === 0) throw missing();
      const r = checkMove('finalize', found[0]!.state, actor);
      if (!r.ok) throw refused(r);
    }
    const report = bulkFinalize(found, actor);
    skipped.push(...report.skipped);
    const done = new Set(report.finalized);
    const finalized: number[] = [];
    await db.tx(async (q) => {
      for (const item of found.filter((f) => done.has(f.id))) {
        const u = await q.query(`UPDATE eco_assessments SET status = 3, finalized_at = now(), finalized_by = $2, version = version + 1, updated_at = now(), updated_by = $2 WHERE id = $1 AND status = 2`, [
          item.id,
          a.userId,
        ]);
        if (u.rowCount === 0) {
          skipped.push({ id: item.id, reason: m.notSubmitted });
          continue;
        }
        finalized.push(item.id);
        await writeEvent(q, { childId: item.record.childId, recordId: item.record.id, assessmentId: item.id, leaId: item.record.leaId, action: `${item.a.type}-finalized`, userId: a.userId, changes: [{ field: 'status', old: 'submitted', new: 'finalized' }] });
      }
    });
    const own = skipped.filter((s) => s.reason === m.ownSubmission).length;
    res.json({ finalized, skipped, message: m.bulkFinalized(finalized.length, ids.length, own) });
  });

  router.post(`${BASE}/assessments/:id/unlock`, auth, need(ECO.unlock), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.reasonBody, req.body);
    const { a: row, record, child, other } = await scopedAssessment(res, idOf(req));
    // 'Approve' on the unlock requests tab (§3.7) is an unlock with the request's reason.
    const requested = !str(body.reason) && row.openRequestId !== null ? (await unlockRequests(db, { leaIds: null, id: row.openRequestId }))[0]?.reason : undefined;
    const r = checkMove('unlock', ratingsState(row, row.type, other), actorOf(a), requested ?? body.reason ?? null);
    if (!r.ok) throw refused(r);
    const reason = requested ?? str(body.reason)!;
    await db.tx(async (q) => {
      await q.query(
        `UPDATE eco_assessments SET status = 1, finalized_at = NULL, finalized_by = NULL, unlock_count = unlock_count + 1, version = version + 1, updated_at = now(), updated_by = $2 WHERE id = $1`,
        [row.id, a.userId],
      );
      await q.query(`UPDATE eco_unlock_requests SET status = 'approved', decided_by = $2, decided_at = now() WHERE assessment_id = $1 AND status = 'open'`, [row.id, a.userId]);
      await writeEvent(q, { childId: child.id, recordId: record.id, assessmentId: row.id, leaId: record.leaId, action: `${row.type}-unlocked`, userId: a.userId, reason, changes: [{ field: 'status', old: row.status, new: 'draft' }] });
      const link = `/child-search/${row.type}score/${record.id}`;
      if (row.submittedBy) await inAppMessage(q, [row.submittedBy], ecoNotificationText.unlocked(row.type, record.leaName, reason), link, ctx.now());
    });
    await notify(ECO_EVENT_TYPES.unlocked, `eco-unlocked:${row.id}:${row.unlockCount + 1}`, record.leaId, ecoNotificationText.unlocked(row.type, record.leaName, reason), `/child-search/${row.type}score/${record.id}`);
    const year = yearOf(req, a);
    res.json({ ...(await scorePage(res, record, child, row.type, year, await loadYearSettings(db, year))), message: ecoScoreText.unlocked(row.type) });
  });

  router.post(`${BASE}/assessments/:id/unlock-requests`, auth, need(ECO.submit), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.reasonBody, req.body);
    const { a: row, record, child } = await scopedAssessment(res, idOf(req));
    const r = checkUnlockRequest(row.status, row.openRequestId !== null, actorOf(a), body.reason ?? null);
    if (!r.ok) throw refused(r);
    const reason = str(body.reason)!;
    let id: number;
    try {
      id = await db.tx(async (q) => {
        const ins = await q.query<{ id: number }>(`INSERT INTO eco_unlock_requests (assessment_id, reason, requested_by) VALUES ($1, $2, $3) RETURNING id`, [row.id, reason, a.userId]);
        await writeEvent(q, { childId: child.id, recordId: record.id, assessmentId: row.id, leaId: record.leaId, action: 'unlock-requested', userId: a.userId, reason });
        return ins.rows[0]!.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, v.unlockRequestOpen);
      throw err;
    }
    await notify(ECO_EVENT_TYPES.requested, `eco-unlock-requested:${id}`, record.leaId, ecoNotificationText.requested(record.leaName, reason), '/child-search/state-tracking');
    const [request] = await unlockRequests(db, { leaIds: null, id });
    res.status(201).json({ request, message: ecoScoreText.unlockRequested });
  });

  router.get(`${BASE}/unlock-requests`, auth, need(ECO.unlock), async (req, res) => {
    const a = authOf(res);
    const f = parseBody(ecoSchemas.unlockRequestsQuery, req.query);
    const leaIds = await listScope(a, await visibleLeaIds(db, a));
    res.json({ items: await unlockRequests(db, { leaIds, status: f.status }) });
  });

  router.post(`${BASE}/unlock-requests/:id/decline`, auth, need(ECO.unlock), async (req, res) => {
    const a = authOf(res);
    const body = parseBody(ecoSchemas.noteBody, req.body);
    const id = idOf(req);
    const visible = await visibleLeaIds(db, a);
    const [request] = await unlockRequests(db, { leaIds: visible === 'all' ? null : visible, id });
    if (!request) throw missing();
    const r = decideUnlockRequest(request.status, 'declined', actorOf(a), body.note ?? null);
    if (!r.ok) throw refused(r);
    const note = str(body.note)!;
    await db.tx(async (q) => {
      const u = await q.query(`UPDATE eco_unlock_requests SET status = 'declined', decided_by = $2, decided_at = now(), decision_note = $3 WHERE id = $1 AND status = 'open'`, [id, a.userId, note]);
      if (u.rowCount === 0) throw new ApiError(409, m.noOpenRequest);
      await writeEvent(q, { childId: request.childId, recordId: request.recordId, assessmentId: request.assessmentId, leaId: request.leaId, action: 'unlock-declined', userId: a.userId, reason: note });
      await inAppMessage(q, [request.requestedBy], ecoNotificationText.declined(note), `/child-search/${request.type}score/${request.recordId}`, ctx.now());
    });
    const [fresh] = await unlockRequests(db, { leaIds: null, id });
    res.json({ request: fresh });
  });

  // ---- year settings and targets (§2.6, §2.7, §3.7) --------------------------------------------

  const settingsAnswer = (year: string, s: YearSettings) => ({ schoolYear: year, ...s, leaDataDueDate: leaDataDueDate(year, s) });
  const yearParam = (req: Request): string => {
    const y = String(req.params.schoolYear ?? '');
    if (!/^\d{4}-\d{4}$/.test(y) || Number(y.slice(5)) !== Number(y.slice(0, 4)) + 1) throw invalid([{ field: 'schoolYear', message: 'School year must look like 2025-2026.' }]);
    return y;
  };

  router.get(`${BASE}/settings/:schoolYear`, auth, need(ECO.access), async (req, res) => {
    const year = yearParam(req);
    res.json(settingsAnswer(year, await loadYearSettings(db, year)));
  });

  router.put(`${BASE}/settings/:schoolYear`, auth, need(P.stateAdmin), async (req, res) => {
    const a = authOf(res);
    const year = yearParam(req);
    const body = parseBody(ecoSchemas.settingsBody, req.body);
    const current = await loadYearSettings(db, year);
    const next: YearSettings = { ...current };
    for (const [k, val] of Object.entries(body) as [keyof YearSettings, unknown][]) if (val !== undefined) (next as unknown as Record<string, unknown>)[k] = val;
    if (next.scaleMin >= next.scaleMax) throw invalid([{ field: 'scaleMax', message: `Must be more than ${next.scaleMin}` }]);
    if (next.ageExpectedMin < next.scaleMin || next.ageExpectedMin > next.scaleMax) throw invalid([{ field: 'ageExpectedMin', message: `Must be from ${next.scaleMin} to ${next.scaleMax}` }]);
    const keys = Object.keys(SETTINGS_COLUMNS) as (keyof YearSettings)[];
    const cols = keys.map((k) => SETTINGS_COLUMNS[k]);
    const params: unknown[] = [year, ...keys.map((k) => next[k]), a.userId];
    await db.query(
      `INSERT INTO eco_year_settings (school_year, ${cols.join(', ')}, updated_by) VALUES ($1, ${keys.map((k, i) => `$${i + 2}${k === 'leaDataDueDate' ? '::date' : ''}`).join(', ')}, $${keys.length + 2})
       ON CONFLICT (school_year) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      params,
    );
    res.json({ ...settingsAnswer(year, await loadYearSettings(db, year)), message: 'Settings saved.' });
  });

  const ffyParam = (req: Request): number => {
    const raw = String(req.params.ffy ?? '');
    if (!/^\d{4}$/.test(raw)) throw invalid([{ field: 'ffy', message: 'FFY must be a four-digit year.' }]);
    return Number(raw);
  };

  router.get(`${BASE}/targets/:ffy`, auth, need(ECO.reports), async (req, res) => {
    const ffy = ffyParam(req);
    res.json({ ffy, ...(await loadTargets(db, ffy)) });
  });

  router.put(`${BASE}/targets/:ffy`, auth, need(P.stateAdmin), async (req, res) => {
    const a = authOf(res);
    const ffy = ffyParam(req);
    const body = parseBody(ecoSchemas.targetsBody, req.body);
    const current = await loadTargets(db, ffy);
    const next = TARGET_KEYS.map((k) => (body[k] === undefined ? current[k] : body[k]));
    await db.query(
      `INSERT INTO eco_targets (ffy, target_a1, target_a2, target_b1, target_b2, target_c1, target_c2, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (ffy) DO UPDATE SET target_a1 = EXCLUDED.target_a1, target_a2 = EXCLUDED.target_a2, target_b1 = EXCLUDED.target_b1, target_b2 = EXCLUDED.target_b2,
         target_c1 = EXCLUDED.target_c1, target_c2 = EXCLUDED.target_c2, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [ffy, ...next, a.userId],
    );
    res.json({ ffy, ...(await loadTargets(db, ffy)), message: 'Settings saved.' });
  });

  return router;
}
