// The ECO child import (spec §8): POST /api/eco/imports (multipart `file`, Eco.scores.submit),
// into the caller's current LEA. The file and every row go through lib/eco/import.ts; then each
// valid row is matched to the child already recorded (create, update, unchanged, or refused).
// All or nothing: any error answers 422 with every row error and writes nothing; otherwise one
// transaction writes the children, records and draft entry ratings, plus one `import` event.
// Re-importing the same file changes nothing and writes only that event.
import { Router, type RequestHandler } from 'express';
import type { CsvRowError } from '../../lib/csv-import.js';
import { agencyToday } from '../../lib/day.js';
import { OUTCOMES } from '../../lib/eco/codes.js';
import { duplicateIdErrors, importSummary, matchImportRow, parseImportFile, validateImportRow, IMPORT_TEMPLATE, type ImportRow } from '../../lib/eco/import.js';
import { ecoImportMessages as im, ecoValidationMessages as v } from '../../lib/eco/messages.js';
import { documentText } from '../../lib/shared/messages.js';
import { authenticate, authOf, can, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, forbidden } from '../http.js';
import { isVisible, visibleLeaIds } from '../lea-scope.js';
import { documentUpload, uploadRefused } from '../shared/documents.js';
import { sendCsv } from '../shared/http-files.js';
import { diff, insertChildWithRecord, loadAssessment, loadYearSettings, recordsOfChild, childBySsid, writeEvent, type AssessmentRow, type ChildRow } from './store.js';
import { schoolYearOfDay } from '../../lib/calendar.js';

const SUBMIT = 'Eco.scores.submit';
const MAX_BYTES = 2 * 1024 * 1024;
const selectLea = 'Select an LEA in the top bar.';

const need: RequestHandler = (_req, res, next) => {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth || !can(auth, SUBMIT)) return next(forbidden(v.accessDenied));
  next();
};

/** The LEA the import writes to: the top bar's LEA, never the state-level district. */
async function importLea(q: Queryable, a: AuthContext): Promise<number> {
  const visible = await visibleLeaIds(q, a);
  if (a.currentLeaId !== null) {
    const lea = (await q.query<{ state: boolean }>('SELECT is_nde_level_district AS state FROM leas WHERE id = $1', [a.currentLeaId])).rows[0];
    if (lea && !lea.state) {
      if (!isVisible(visible, a.currentLeaId)) throw forbidden(v.accessDenied);
      return a.currentLeaId;
    }
  }
  if (visible !== 'all' && visible.length === 1) return visible[0]!;
  throw new ApiError(400, selectLea, { errors: [{ field: 'leaId', message: selectLea }] });
}

type Plan = { row: ImportRow; action: 'create' } | { row: ImportRow; action: 'update' | 'unchanged'; child: ChildRow; recordId: number; entry: AssessmentRow | null };

const childFields = (row: ImportRow) => ({
  firstName: row.firstName,
  middleName: row.middleName,
  lastName: row.lastName,
  birthDate: row.birthDate,
  schoolId: row.schoolId,
  disabilityCategory: row.disabilityCategory,
});
const childNow = (c: ChildRow) => ({ firstName: c.firstName, middleName: c.middleName, lastName: c.lastName, birthDate: c.birthDate, schoolId: c.schoolId, disabilityCategory: c.disabilityCategory });
const entryFields = (row: ImportRow) => (row.entry ? { ratingDate: row.entry.ratingDate, ratingA: row.entry.ratings.A, ratingB: row.entry.ratings.B, ratingC: row.entry.ratings.C } : {});
const entryNow = (e: AssessmentRow | null) => ({ ratingDate: e?.ratingDate ?? null, ratingA: e?.ratingA ?? null, ratingB: e?.ratingB ?? null, ratingC: e?.ratingC ?? null });

export function ecoImportRouter(ctx: ApiContext): Router {
  const router = Router();
  const db = ctx.db;
  const auth = authenticate(ctx);

  router.get('/api/eco/imports/template.csv', auth, need, (_req, res) => {
    sendCsv(res, 'eco-import-template.csv', IMPORT_TEMPLATE);
  });

  router.post('/api/eco/imports', auth, need, documentUpload('file', MAX_BYTES), async (req, res) => {
    if (!req.file) throw uploadRefused(documentText.noFile);
    const a = authOf(res);
    const fileName = req.file.originalname.slice(0, 200);
    const parsed = parseImportFile(req.file.buffer);
    const refuse = (errors: CsvRowError[]): never => {
      throw new ApiError(422, errors[0]?.message ?? im.header, { errors: errors.map((e) => ({ field: e.column || 'file', message: e.message })), rowErrors: errors });
    };
    if (!parsed.ok) refuse(parsed.errors);
    const rows = parsed.ok ? parsed.rows : [];
    const today = agencyToday(ctx.now());

    type Outcome = { errors: CsvRowError[] } | { errors: null; count: { created: number; updated: number; unchanged: number }; rowCount: number };
    const result = await db.tx(async (q): Promise<Outcome> => {
      const leaId = await importLea(q, a);
      const settings = await loadYearSettings(q, a.activeSchoolYear ?? schoolYearOfDay(today));
      const lists = await q.query<{ code: string; label: string }>(
        `SELECT i.code, i.label FROM lookup_list_items i JOIN lookup_lists l ON l.id = i.list_id WHERE l.name = 'disability-categories' AND i.is_active ORDER BY i.sort_order`,
      );
      const schools = await q.query<{ id: number; name: string }>('SELECT id, name FROM schools WHERE lea_id = $1', [leaId]);
      const context = { today, disabilityCategories: lists.rows, schools: schools.rows, settings };

      const errors: CsvRowError[] = [...duplicateIdErrors(rows)];
      const duplicateLines = new Set(errors.map((e) => e.line));
      const plans: Plan[] = [];
      for (const csvRow of rows) {
        const checked = validateImportRow(csvRow, context);
        if (!checked.ok) {
          errors.push(...checked.errors);
          continue;
        }
        if (duplicateLines.has(csvRow.line)) continue;
        const row = checked.row;
        const child = await childBySsid(q, row.stateStudentId);
        const records = child ? await recordsOfChild(q, child.id) : [];
        const open = records.find((r) => r.exitDate === null) ?? null;
        const entry = open ? await loadAssessment(q, open.id, 'entry') : null;
        const match = matchImportRow(row, child ? { leaId: child.leaId, openRecord: open ? { entryDate: open.entryDate, entryStatus: entry?.status ?? null } : null } : null, leaId);
        if (match.action === 'error') {
          errors.push({ line: row.line, column: match.column, value: csvRow.values[match.column] ?? '', message: match.message });
          continue;
        }
        if (match.action === 'create' || !child || !open) {
          plans.push({ row, action: 'create' });
          continue;
        }
        const changed = diff(childNow(child), childFields(row)).length > 0 || diff(entryNow(entry), entryFields(row)).length > 0;
        plans.push({ row, action: changed ? 'update' : 'unchanged', child, recordId: open.id, entry });
      }
      if (errors.length) return { errors: errors.sort((x, y) => x.line - y.line) };

      // Every row is good: write them all, in this one transaction.
      const count = { created: 0, updated: 0, unchanged: 0 };
      for (const plan of plans) {
        if (plan.action === 'unchanged') {
          count.unchanged++;
          continue;
        }
        let childId: number;
        let recordId: number;
        let entry: AssessmentRow | null = null;
        if (plan.action === 'create') {
          // A child whose records are all closed keeps its row; a new stay is a new record.
          const existing = await childBySsid(q, plan.row.stateStudentId);
          if (existing) {
            const rec = await q.query<{ id: number }>(`INSERT INTO eco_records (child_id, lea_id, entry_date, created_by, updated_by) VALUES ($1, $2, $3::date, $4, $4) RETURNING id`, [
              existing.id,
              leaId,
              plan.row.entryDate,
              a.userId,
            ]);
            childId = existing.id;
            recordId = rec.rows[0]!.id;
            await writeEvent(q, { childId, recordId, leaId, action: 'child-updated', userId: a.userId, changes: [{ field: 'entryDate', old: null, new: plan.row.entryDate }] });
          } else {
            ({ childId, recordId } = await insertChildWithRecord(q, { stateStudentId: plan.row.stateStudentId, ...childFields(plan.row) }, leaId, plan.row.entryDate, a.userId));
          }
          count.created++;
        } else {
          childId = plan.child.id;
          recordId = plan.recordId;
          entry = plan.entry;
          const changes = diff(childNow(plan.child), childFields(plan.row));
          if (changes.length) {
            const f = childFields(plan.row);
            await q.query(
              `UPDATE eco_children SET first_name = $2, middle_name = $3, last_name = $4, birth_date = $5::date, school_id = $6, disability_category = $7,
                      version = version + 1, updated_at = now(), updated_by = $8 WHERE id = $1`,
              [childId, f.firstName, f.middleName, f.lastName, f.birthDate, f.schoolId, f.disabilityCategory, a.userId],
            );
            await writeEvent(q, { childId, recordId, leaId, action: 'child-updated', userId: a.userId, reason: 'Import', changes });
          }
          count.updated++;
        }
        // Imported ratings are always a draft (§8).
        const ratings = plan.row.entry;
        if (!ratings) continue;
        const changes = diff(entryNow(entry), entryFields(plan.row));
        if (changes.length === 0) continue;
        const params = [ratings.ratingDate, ...OUTCOMES.map((x) => ratings.ratings[x]), a.userId];
        let assessmentId: number;
        if (entry) {
          await q.query(`UPDATE eco_assessments SET rating_date = $1::date, rating_a = $2, rating_b = $3, rating_c = $4, version = version + 1, updated_at = now(), updated_by = $5 WHERE id = $6 AND status = 1`, [
            ...params,
            entry.id,
          ]);
          assessmentId = entry.id;
        } else {
          const ins = await q.query<{ id: number }>(
            `INSERT INTO eco_assessments (rating_date, rating_a, rating_b, rating_c, created_by, updated_by, record_id, type) VALUES ($1::date, $2, $3, $4, $5, $5, $6, 'entry') RETURNING id`,
            [...params, recordId],
          );
          assessmentId = ins.rows[0]!.id;
        }
        await writeEvent(q, { childId, recordId, assessmentId, leaId, action: 'entry-saved', userId: a.userId, reason: 'Import', changes });
      }
      await writeEvent(q, {
        childId: null,
        leaId,
        action: 'import',
        userId: a.userId,
        reason: fileName,
        changes: [
          { field: 'rows', old: null, new: plans.length },
          { field: 'created', old: null, new: count.created },
          { field: 'updated', old: null, new: count.updated },
          { field: 'unchanged', old: null, new: count.unchanged },
        ],
      });
      return { errors: null, count, rowCount: plans.length };
    });
    if (result.errors) return refuse(result.errors);
    const { created, updated, unchanged } = result.count;
    res.json({ rowCount: result.rowCount, created, updated, unchanged, message: importSummary(created, updated, unchanged) });
  });

  return router;
}
