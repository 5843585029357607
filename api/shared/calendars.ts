// Holidays and school calendars, kept once for every module (MODULES.md "Deadlines, reminders and
// email"; DR spec §3, §4.10, §10, §12, §13). The one holiday list is also the list manager's
// `state-holidays` list (RAI spec), through the lookup_list_entries view (migration 024).
//
// For a module's deadline engine: loadHolidays / loadHolidayDates, loadSchoolCalendar(s), and
// onCalendarsChanged(listener) to recompute the open deadlines a change affects. Listeners run
// inside the transaction of the change, with its Queryable (use `q`, never ctx.db, in a listener:
// the embedded database has one connection), so a calendar and the deadlines computed from it
// change together.
//
// The API of DR spec §12 (POST /calendars/import; GET /calendars; GET, POST, DELETE /holidays)
// lives under /api/disputeresolution, with two additions the screen needs: the template CSV and a
// rejected import's error report.
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { CALENDAR_CSV_HEADER, CALENDAR_CSV_MAX_BYTES, CALENDAR_CSV_MAX_ROWS, calendarContentHash, planCalendarImport } from '../../lib/calendar-import.js';
import { HOLIDAY_KINDS, holidayDates, nevadaHolidays, schoolDaysOf, type Holiday, type HolidayDates, type HolidayKind, type SchoolCalendar } from '../../lib/calendar.js';
import { toCsv } from '../../lib/csv.js';
import { parseCsvUpload, rowErrorsCsv, type CsvRowError } from '../../lib/csv-import.js';
import { addDays, isIsoDay, isWeekend, type IsoDay } from '../../lib/day.js';
import { calendarText as t, documentText } from '../../lib/shared/messages.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { conflict, notFound, parse } from '../http.js';
import { isVisible, visibleLeaIds } from '../lea-scope.js';
import { isUniqueViolation } from '../sql-errors.js';
import { documentUpload, uploadRefused } from './documents.js';
import { sendCsv } from './http-files.js';

// ---- reading ----------------------------------------------------------------------------------------

interface HolidayRow {
  id: number;
  date: string;
  name: string;
  kind: HolidayKind;
}

const HOLIDAY_COLUMNS = `id, to_char(date, 'YYYY-MM-DD') AS date, name, kind`;

/** Every holiday, by date. */
export async function loadHolidays(q: Queryable): Promise<Holiday[]> {
  const r = await q.query<HolidayRow>(`SELECT ${HOLIDAY_COLUMNS} FROM holidays ORDER BY date`);
  return r.rows.map(({ date, name, kind }) => ({ date, name, kind }));
}

/** The holiday days, for lib/calendar.ts's counters. */
export async function loadHolidayDates(q: Queryable): Promise<HolidayDates> {
  return holidayDates(await loadHolidays(q));
}

interface CalendarRow {
  lea_id: number;
  school_year: string;
  first_day: string;
  last_day: string;
  non_school_days: string[] | string;
}

const CALENDAR_COLUMNS = `c.lea_id, c.school_year, to_char(c.first_day, 'YYYY-MM-DD') AS first_day, to_char(c.last_day, 'YYYY-MM-DD') AS last_day,
  ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(c.non_school_days) AS d ORDER BY d) AS non_school_days`;

/** node-postgres parses a text[] into an array; be safe if a driver hands back '{a,b}'. */
const textArray = (v: string[] | string): string[] => (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

const toCalendar = (r: CalendarRow): SchoolCalendar => ({ schoolYear: r.school_year, firstDay: r.first_day, lastDay: r.last_day, nonSchoolDays: textArray(r.non_school_days) });

/** One LEA's calendar for one school year; null when it has none ('Calendar missing'). */
export async function loadSchoolCalendar(q: Queryable, leaId: number, schoolYear: string): Promise<SchoolCalendar | null> {
  const r = await q.query<CalendarRow>(`SELECT ${CALENDAR_COLUMNS} FROM school_calendars c WHERE c.lea_id = $1 AND c.school_year = $2`, [leaId, schoolYear]);
  return r.rows[0] ? toCalendar(r.rows[0]) : null;
}

/** Every calendar of one LEA, by school year (what addSchoolDays needs to count across years). */
export async function loadSchoolCalendars(q: Queryable, leaId: number): Promise<SchoolCalendar[]> {
  const r = await q.query<CalendarRow>(`SELECT ${CALENDAR_COLUMNS} FROM school_calendars c WHERE c.lea_id = $1 ORDER BY c.school_year`, [leaId]);
  return r.rows.map(toCalendar);
}

// ---- change listeners ---------------------------------------------------------------------------

export type CalendarChange =
  | { kind: 'holidays'; dates: IsoDay[] }
  | { kind: 'school-calendars'; calendars: { leaId: number; schoolYear: string }[] };

export type CalendarsChangedListener = (change: CalendarChange, q: Queryable, ctx: ApiContext) => Promise<void>;

const listeners = new Set<CalendarsChangedListener>();

/**
 * Registers a listener called (in the change's transaction, with its `q`) after holidays are
 * added or removed or school calendars are created or replaced; a module recomputes the open
 * deadlines that depend on them (DR spec §6.4). Returns a function that removes the listener.
 */
export function onCalendarsChanged(listener: CalendarsChangedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function notifyListeners(ctx: ApiContext, q: Queryable, change: CalendarChange): Promise<void> {
  for (const listener of listeners) await listener(change, q, ctx);
}

// ---- writing ------------------------------------------------------------------------------------

export interface CalendarImportCounts {
  calendarsCreated: number;
  calendarsReplaced: number;
  calendarsUnchanged: number;
}

export type CalendarImportResult =
  | ({ status: 'imported'; importId: string; rowCount: number } & CalendarImportCounts)
  | { status: 'rejected'; importId: string; rowCount: number; errors: CsvRowError[] };

/**
 * DR spec §10: checks the whole file, then, only if every row is good, writes every calendar in
 * one transaction: each (LEA, school year) in the file replaces that calendar, one with the same
 * content is left alone. Either way the import is recorded (a rejected one with its errors, for
 * the downloadable report).
 */
export async function importSchoolCalendars(ctx: ApiContext, input: { bytes: Buffer; fileName: string; actor: string }): Promise<CalendarImportResult> {
  const fileSha = createHash('sha256').update(input.bytes).digest('hex');
  const parsed = parseCsvUpload(input.bytes, { header: CALENDAR_CSV_HEADER, maxBytes: CALENDAR_CSV_MAX_BYTES, maxRows: CALENDAR_CSV_MAX_ROWS });
  return ctx.db.tx(async (q) => {
    const record = async (status: 'imported' | 'rejected', rowCount: number, counts: CalendarImportCounts, errors: CsvRowError[]) => {
      const r = await q.query<{ id: string }>(
        `INSERT INTO school_calendar_imports (status, file_name, file_sha256, row_count, calendars_created, calendars_replaced, calendars_unchanged, errors, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $9) RETURNING id::text AS id`,
        [status, input.fileName.slice(0, 200), fileSha, rowCount, counts.calendarsCreated, counts.calendarsReplaced, counts.calendarsUnchanged, JSON.stringify(errors), input.actor],
      );
      return r.rows[0]!.id;
    };
    const none = { calendarsCreated: 0, calendarsReplaced: 0, calendarsUnchanged: 0 };
    if (!parsed.ok) return { status: 'rejected', importId: await record('rejected', 0, none, parsed.errors), rowCount: 0, errors: parsed.errors };

    const leas = await q.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas');
    const leaIdByCode = new Map(leas.rows.map((r) => [r.lea_code, r.id]));
    const plan = planCalendarImport(parsed.rows, new Set(leaIdByCode.keys()));
    if (!plan.ok) return { status: 'rejected', importId: await record('rejected', parsed.rows.length, none, plan.errors), rowCount: parsed.rows.length, errors: plan.errors };

    const existing = await q.query<{ lea_id: number; school_year: string; file_hash: string }>('SELECT lea_id, school_year, file_hash FROM school_calendars FOR UPDATE');
    const hashOf = new Map(existing.rows.map((r) => [`${r.lea_id}|${r.school_year}`, r.file_hash]));
    const counts = { ...none };
    const changed: { leaId: number; schoolYear: string }[] = [];
    const now = ctx.now().toISOString();
    for (const c of plan.calendars) {
      const leaId = leaIdByCode.get(c.leaCode)!;
      const stored = hashOf.get(`${leaId}|${c.schoolYear}`);
      if (stored === c.contentHash) {
        counts.calendarsUnchanged += 1;
        continue;
      }
      if (stored === undefined) counts.calendarsCreated += 1;
      else counts.calendarsReplaced += 1;
      changed.push({ leaId, schoolYear: c.schoolYear });
      await q.query(
        `INSERT INTO school_calendars (lea_id, school_year, first_day, last_day, non_school_days, file_hash, imported_at, imported_by, created_by, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5::date[], $6, $7, $8, $8, $8, $7)
         ON CONFLICT (lea_id, school_year) DO UPDATE
            SET first_day = EXCLUDED.first_day, last_day = EXCLUDED.last_day, non_school_days = EXCLUDED.non_school_days, file_hash = EXCLUDED.file_hash,
                imported_at = EXCLUDED.imported_at, imported_by = EXCLUDED.imported_by, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [leaId, c.schoolYear, c.firstDay, c.lastDay, c.nonSchoolDays, c.contentHash, now, input.actor],
      );
    }
    const importId = await record('imported', parsed.rows.length, counts, []);
    await recordAudit(q, {
      actor: input.actor,
      action: 'school-calendar.import',
      entityType: 'school-calendar-import',
      entityId: importId,
      changes: { counts: { to: counts }, calendars: { to: changed.map((c) => `${c.leaId}/${c.schoolYear}`) } },
    });
    if (changed.length) await notifyListeners(ctx, q, { kind: 'school-calendars', calendars: changed });
    return { status: 'imported', importId, rowCount: parsed.rows.length, ...counts };
  });
}

/** Adds a holiday; 409 when that day already has one. Listeners hear of it. */
export async function addHoliday(ctx: ApiContext, holiday: Holiday, actor: string): Promise<Holiday> {
  try {
    return await ctx.db.tx(async (q) => {
      await q.query(`INSERT INTO holidays (date, name, kind, created_by, updated_by) VALUES ($1, $2, $3, $4, $4)`, [holiday.date, holiday.name, holiday.kind, actor]);
      await recordAudit(q, { actor, action: 'holiday.create', entityType: 'holiday', entityId: holiday.date, changes: { name: { to: holiday.name }, kind: { to: holiday.kind } } });
      await notifyListeners(ctx, q, { kind: 'holidays', dates: [holiday.date] });
      return holiday;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(t.holidayExists(holiday.date));
    throw err;
  }
}

/** Removes the holiday of a day; null when there is none. Listeners hear of it. */
export async function removeHoliday(ctx: ApiContext, date: IsoDay, actor: string): Promise<Holiday | null> {
  return ctx.db.tx(async (q) => {
    const r = await q.query<HolidayRow>(`DELETE FROM holidays WHERE date = $1 RETURNING ${HOLIDAY_COLUMNS}`, [date]);
    const row = r.rows[0];
    if (!row) return null;
    await recordAudit(q, { actor, action: 'holiday.delete', entityType: 'holiday', entityId: date, changes: { name: { from: row.name }, kind: { from: row.kind } } });
    await notifyListeners(ctx, q, { kind: 'holidays', dates: [date] });
    return { date: row.date, name: row.name, kind: row.kind };
  });
}

// ---- seed ---------------------------------------------------------------------------------------

/**
 * The demo school calendars of DR spec §6.3 (2025-2026) and §13 (2026-2027). Their non-school
 * ranges are kept as their weekdays, as an import writes them (a NonSchoolDay must be a weekday),
 * so importing the same calendar finds it unchanged.
 */
const range = (from: IsoDay, to: IsoDay): IsoDay[] => {
  const out: IsoDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (!isWeekend(d)) out.push(d);
  return out;
};
export const demoSchoolCalendars: readonly SchoolCalendar[] = [
  {
    schoolYear: '2025-2026',
    firstDay: '2025-08-11',
    lastDay: '2026-05-28',
    nonSchoolDays: [...range('2025-11-24', '2025-11-26'), ...range('2025-12-22', '2026-01-02'), ...range('2026-03-16', '2026-03-20')],
  },
  {
    schoolYear: '2026-2027',
    firstDay: '2026-08-10',
    lastDay: '2027-05-27',
    nonSchoolDays: [...range('2026-11-23', '2026-11-25'), ...range('2026-12-21', '2027-01-01'), ...range('2027-03-15', '2027-03-19')],
  },
];

/** The years whose holidays the seed inserts: 2025-2027 (DR spec §13) and this year and next (RAI spec). */
export function seededHolidayYears(now: Date): number[] {
  const year = Number(now.toISOString().slice(0, 4));
  return [...new Set([2025, 2026, 2027, year, year + 1])].sort((a, b) => a - b);
}

/**
 * Reference data: the Nevada holidays of each seeded year, once per year (a seed mark), so a
 * holiday an admin removed does not come back. Demo data: the demo school calendars for every
 * LEA but the state-level district (so an EDP against it shows Calendar missing), once.
 */
export async function seedCalendars(q: Queryable, now: Date, options: { demo: boolean }): Promise<void> {
  for (const year of seededHolidayYears(now)) {
    const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [`holidays:${year}`]);
    if (mark.rows.length === 0) continue;
    await q.query(
      `INSERT INTO holidays (date, name, kind) SELECT date::date, name, kind FROM jsonb_to_recordset($1::jsonb) AS x(date text, name text, kind text)
       ON CONFLICT (date) DO NOTHING`,
      [JSON.stringify(nevadaHolidays(year))],
    );
  }
  if (!options.demo) return;
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', ['demo-school-calendars-v1']);
  if (mark.rows.length === 0) return;
  const leas = await q.query<{ id: number }>('SELECT id FROM leas WHERE NOT is_nde_level_district ORDER BY id');
  const rows = leas.rows.flatMap((l) =>
    demoSchoolCalendars.map((c) => ({ lea_id: l.id, school_year: c.schoolYear, first_day: c.firstDay, last_day: c.lastDay, non_school_days: c.nonSchoolDays, file_hash: calendarContentHash(c) })),
  );
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO school_calendars (lea_id, school_year, first_day, last_day, non_school_days, file_hash)
     SELECT lea_id, school_year, first_day::date, last_day::date, ARRAY(SELECT jsonb_array_elements_text(non_school_days)::date), file_hash
       FROM jsonb_to_recordset($1::jsonb) AS x(lea_id integer, school_year text, first_day text, last_day text, non_school_days jsonb, file_hash text)
     ON CONFLICT (lea_id, school_year) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

// ---- the API (DR spec §12) ----------------------------------------------------------------------

const PREFIX = '/api/disputeresolution';
const STATE_USER = 'DisputeResolution.stateuser';
const VIEW = 'DisputeResolution.disputerequests.view';

const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const calendarsQuery = z.object({
  leaId: optionalQuery(z.coerce.number().int().positive().max(2_147_483_647)),
  schoolYear: optionalQuery(z.string().regex(/^\d{4}-\d{4}$/, t.schoolYearFormat)),
});
const holidaysQuery = z.object({ year: optionalQuery(z.coerce.number().int().min(1900).max(2200)) });
const holidayBody = z.object({
  date: z.string({ error: t.validDate }).refine((d) => isIsoDay(d), t.validDate),
  name: z.string({ error: t.holidayName }).trim().min(1, t.holidayName).max(100, t.holidayNameLength),
  kind: z.enum(HOLIDAY_KINDS as [HolidayKind, ...HolidayKind[]], { error: t.holidayKind }),
});
const dateParam = z.object({ date: z.string().refine((d) => isIsoDay(d), t.validDate) });
const importParam = z.object({ id: z.uuid({ error: t.importNotFound }) });

/** Request schemas, for the OpenAPI document. */
export const calendarSchemas = { calendarsQuery, holidaysQuery, holidayBody };

export interface SchoolCalendarView extends SchoolCalendar {
  leaId: number;
  leaCode: string;
  leaName: string;
  schoolDayCount: number;
  fileHash: string;
  importedAt: string;
  importedBy: string;
}

export function calendarsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const stateUser = requirePermission(STATE_USER);
  const db = ctx.db;

  // The calendars, per LEA and school year, with their count of school days (DR spec §4.10).
  // A user without stateuser sees the calendars of their own LEAs only.
  router.get(`${PREFIX}/calendars`, auth, requirePermission(STATE_USER, VIEW), async (req, res) => {
    const query = parse(calendarsQuery, req.query, 'query');
    const caller = authOf(res);
    const visible = can(caller, STATE_USER) ? 'all' : await visibleLeaIds(db, caller);
    const r = await db.query<CalendarRow & { lea_code: string; lea_name: string; file_hash: string; imported_at: Date | string; imported_by: string }>(
      `SELECT ${CALENDAR_COLUMNS}, l.lea_code, l.name AS lea_name, c.file_hash, c.imported_at, c.imported_by
         FROM school_calendars c JOIN leas l ON l.id = c.lea_id
        WHERE ($1::int IS NULL OR c.lea_id = $1) AND ($2::text IS NULL OR c.school_year = $2)
        ORDER BY lower(l.name), l.id, c.school_year`,
      [query.leaId ?? null, query.schoolYear ?? null],
    );
    const holidays = await loadHolidayDates(db);
    const items: SchoolCalendarView[] = r.rows
      .filter((row) => isVisible(visible, row.lea_id))
      .map((row) => {
        const calendar = toCalendar(row);
        return {
          leaId: row.lea_id,
          leaCode: row.lea_code,
          leaName: row.lea_name,
          ...calendar,
          schoolDayCount: schoolDaysOf(calendar, holidays).length,
          fileHash: row.file_hash,
          importedAt: new Date(row.imported_at).toISOString(),
          importedBy: row.imported_by,
        };
      });
    res.json({ items, totalCount: items.length });
  });

  router.get(`${PREFIX}/calendars/template.csv`, auth, stateUser, (_req, res) => {
    sendCsv(res, 'school-calendars-template.csv', toCsv(CALENDAR_CSV_HEADER, []));
  });

  router.post(`${PREFIX}/calendars/import`, auth, stateUser, documentUpload('file', CALENDAR_CSV_MAX_BYTES), async (req, res) => {
    if (!req.file) throw uploadRefused(documentText.noFile);
    res.json(await importSchoolCalendars(ctx, { bytes: req.file.buffer, fileName: req.file.originalname, actor: authOf(res).userId }));
  });

  // A rejected import's error report (DR spec §10: header line,column,message).
  router.get(`${PREFIX}/calendars/imports/:id/errors.csv`, auth, stateUser, async (req, res) => {
    const { id } = parse(importParam, req.params, 'path');
    const r = await db.query<{ errors: CsvRowError[] }>(`SELECT errors FROM school_calendar_imports WHERE id = $1`, [id]);
    const row = r.rows[0];
    if (!row) throw notFound(t.importNotFound);
    sendCsv(res, 'school-calendar-import-errors.csv', rowErrorsCsv(row.errors));
  });

  router.get(`${PREFIX}/holidays`, auth, stateUser, async (req, res) => {
    const { year } = parse(holidaysQuery, req.query, 'query');
    const r = await db.query<HolidayRow>(`SELECT ${HOLIDAY_COLUMNS} FROM holidays WHERE $1::int IS NULL OR extract(year FROM date) = $1 ORDER BY date`, [year ?? null]);
    res.json(r.rows.map(({ date, name, kind }) => ({ date, name, kind })));
  });

  router.post(`${PREFIX}/holidays`, auth, stateUser, async (req, res) => {
    const body = parse(holidayBody, req.body, 'body');
    const made = await addHoliday(ctx, body, authOf(res).userId);
    res.status(201).location(`${PREFIX}/holidays/${made.date}`).json(made);
  });

  router.delete(`${PREFIX}/holidays/:date`, auth, stateUser, async (req, res) => {
    const { date } = parse(dateParam, req.params, 'path');
    const removed = await removeHoliday(ctx, date, authOf(res).userId);
    if (!removed) throw notFound(t.holidayNotFound);
    res.json(removed);
  });

  return router;
}
