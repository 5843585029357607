// LEAs (districts and charters), their schools and the school years (spec §7 LEAs). Every read
// is limited to the LEAs the caller may see (api/lea-scope.ts); an LEA outside that is a 404.
import { inScope, managerScope } from '../user-management.js';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Lea, SchoolYearDto } from '../../lib/contract.js';
import { P } from '../../lib/permissions.js';
import { isSchoolYearKey } from '../../lib/school-year.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, can, requirePermission, type AuthContext } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { badRequest, conflict, forbidden, idParam, notFound, parse } from '../http.js';
import { setLeaMembers } from '../lea-members.js';
import { isVisible, leaCondition, visibleLeaIds, type VisibleLeas } from '../lea-scope.js';
import { isUniqueViolation } from '../sql-errors.js';
import { loadUsers } from '../users.js';

export const LEA_MESSAGES = {
  notFound: 'No such LEA.',
  userNotFound: 'No such user.',
  codeTaken: 'An LEA with this LEA code already exists.',
  inUse: 'This LEA cannot be deleted while users belong to it.',
  hasCases: 'This LEA cannot be deleted while dispute resolution cases name it.',
  unknownYear: 'Not a known school year.',
  unknownUser: 'Not a known user.',
  unknownContact: 'Not a contact of this LEA.',
} as const;

// ---- DTOs -----------------------------------------------------------------------------------

interface LeaRow {
  id: number;
  name: string;
  lea_code: string;
  lea_type: 'District' | 'Charter';
  contact_email: string | null;
  zipline_api_district_id: string | null;
  street_address: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  is_included_in_charter_group: boolean;
  is_nde_level_district: boolean;
  is_state_sponsored_charter_authority: boolean;
}

export type LeaDto = Lea & { leaType: 'District' | 'Charter' };

interface LoadOptions {
  /** Include userLeas (the heavier part: every member of every LEA). */
  userLeas: boolean;
  contacts: boolean;
}

/** LEAs by id ('all' for every LEA), ordered by name, with their years, contacts and members. */
export async function loadLeas(q: Queryable, ids: VisibleLeas, options: LoadOptions): Promise<LeaDto[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  const params: unknown[] = [];
  const where = leaCondition(ids, 'l.id', params);
  const rows = (await q.query<LeaRow>(`SELECT l.* FROM leas l WHERE ${where} ORDER BY lower(l.name), l.id`, params)).rows;
  if (rows.length === 0) return [];
  const leaIds = rows.map((r) => r.id);
  const years = await q.query<{ lea_id: number; key: string }>(
    'SELECT lea_id, school_year_key AS key FROM lea_years WHERE lea_id = ANY($1::integer[]) ORDER BY school_year_key DESC',
    [leaIds],
  );
  const contacts = options.contacts
    ? (
        await q.query<{ id: number; lea_id: number; name: string; email: string; phone: string; title: string }>(
          'SELECT id, lea_id, name, email, phone, title FROM lea_contacts WHERE lea_id = ANY($1::integer[]) ORDER BY id',
          [leaIds],
        )
      ).rows
    : [];
  const members = options.userLeas
    ? (
        await q.query<{ lea_id: number; user_id: string }>(
          `SELECT ul.lea_id, ul.user_id FROM user_leas ul JOIN users u ON u.id = ul.user_id
            WHERE ul.lea_id = ANY($1::integer[]) AND NOT u.is_deleted ORDER BY ul.lea_id, ul.user_id`,
          [leaIds],
        )
      ).rows
    : [];
  const group = <T extends { lea_id: number }>(list: T[]) => {
    const by = new Map<number, T[]>();
    for (const item of list) by.set(item.lea_id, [...(by.get(item.lea_id) ?? []), item]);
    return by;
  };
  const yearsBy = group(years.rows);
  const contactsBy = group(contacts);
  const membersBy = group(members);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    leaCode: r.lea_code,
    leaType: r.lea_type,
    contactEmail: r.contact_email,
    leaYears: (yearsBy.get(r.id) ?? []).map((y) => ({ name: y.key })),
    ...(options.contacts
      ? { leaContacts: (contactsBy.get(r.id) ?? []).map((c) => ({ id: c.id, name: c.name, email: c.email, phone: c.phone, title: c.title })) }
      : {}),
    ...(options.userLeas ? { userLeas: (membersBy.get(r.id) ?? []).map((m) => ({ userId: m.user_id, leaId: m.lea_id })) } : {}),
    ziplineAPIDistrictId: r.zipline_api_district_id,
    streetAddress: r.street_address,
    city: r.city,
    zip: r.zip,
    county: r.county,
    isIncludedInCharterGroup: r.is_included_in_charter_group,
    isNdeLevelDistrict: r.is_nde_level_district,
    isStateSponsoredCharterAuthority: r.is_state_sponsored_charter_authority,
  }));
}

interface SchoolRow {
  id: number;
  lea_id: number;
  lea_name: string;
  name: string;
  zipline_api_school_id: string | null;
}

export const SCHOOL_SELECT = `SELECT s.id, s.lea_id, l.name AS lea_name, s.name, s.zipline_api_school_id
  FROM schools s JOIN leas l ON l.id = s.lea_id`;

export const toSchool = (r: SchoolRow) => ({
  id: r.id,
  leaId: r.lea_id,
  leaName: r.lea_name,
  name: r.name,
  ziplineAPISchoolId: r.zipline_api_school_id,
});

async function schoolsOf(q: Queryable, visible: VisibleLeas) {
  const params: unknown[] = [];
  const rows = await q.query<SchoolRow>(
    `${SCHOOL_SELECT} WHERE ${leaCondition(visible, 's.lea_id', params)} ORDER BY lower(l.name), lower(s.name), s.id`,
    params,
  );
  return rows.rows.map(toSchool);
}

interface YearRow {
  key: string;
  label: string;
  is_current: boolean;
}
const toYear = (r: YearRow): SchoolYearDto => ({ key: r.key, label: r.label, isCurrent: r.is_current });
// The portal takes the first item as its default year: the current one, then newest first.
const YEAR_ORDER = 'ORDER BY is_current DESC, key DESC';

// ---- request schemas --------------------------------------------------------------------------

/** Optional text: trimmed, '' stored as null. */
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());

const contactBody = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  phone: z.string().trim().max(50).optional().default(''),
  title: z.string().trim().max(200).optional().default(''),
});

const leaFields = {
  name: z.string().trim().min(1).max(200),
  leaCode: z.string().trim().min(1).max(50),
  leaType: z.enum(['District', 'Charter']),
  contactEmail: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(254).pipe(z.email()).nullable().optional()),
  ziplineAPIDistrictId: optionalText(50),
  streetAddress: optionalText(200),
  city: optionalText(100),
  zip: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'zip code error').nullable().optional(),
  ),
  county: optionalText(100),
  isIncludedInCharterGroup: z.boolean(),
  isNdeLevelDistrict: z.boolean(),
  isStateSponsoredCharterAuthority: z.boolean(),
  leaYears: z.array(z.object({ name: z.string().refine(isSchoolYearKey, LEA_MESSAGES.unknownYear) })).max(100),
  leaContacts: z.array(contactBody).max(100),
  userLeas: z.array(z.object({ userId: z.guid() })).max(10_000),
};

const createBody = z.object({
  ...leaFields,
  leaType: leaFields.leaType.default('District'),
  isIncludedInCharterGroup: leaFields.isIncludedInCharterGroup.default(false),
  isNdeLevelDistrict: leaFields.isNdeLevelDistrict.default(false),
  isStateSponsoredCharterAuthority: leaFields.isStateSponsoredCharterAuthority.default(false),
  leaYears: leaFields.leaYears.optional(),
  leaContacts: leaFields.leaContacts.optional(),
  userLeas: leaFields.userLeas.optional(),
});

// PUT: fields left out keep their stored value, so a partial form never clears a flag by accident.
const updateBody = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  name: leaFields.name.optional(),
  leaCode: leaFields.leaCode.optional(),
  leaType: leaFields.leaType.optional(),
  contactEmail: leaFields.contactEmail,
  ziplineAPIDistrictId: leaFields.ziplineAPIDistrictId,
  streetAddress: leaFields.streetAddress,
  city: leaFields.city,
  zip: leaFields.zip,
  county: leaFields.county,
  isIncludedInCharterGroup: leaFields.isIncludedInCharterGroup.optional(),
  isNdeLevelDistrict: leaFields.isNdeLevelDistrict.optional(),
  isStateSponsoredCharterAuthority: leaFields.isStateSponsoredCharterAuthority.optional(),
  leaYears: leaFields.leaYears.optional(),
  leaContacts: leaFields.leaContacts.optional(),
  userLeas: leaFields.userLeas.optional(),
});

type ContactInput = z.infer<typeof contactBody>;

/** Request schemas, for the OpenAPI document. */
export const leasSchemas = { createBody, updateBody };
const userIdParam = z.object({ id: z.guid() });

// ---- writes -----------------------------------------------------------------------------------

async function setYears(q: Queryable, leaId: number, names: string[], by: string) {
  const keys = [...new Set(names)];
  const known = new Set((await q.query<{ key: string }>('SELECT key FROM school_years WHERE key = ANY($1::text[])', [keys])).rows.map((r) => r.key));
  const errors = names.flatMap((n, i) => (known.has(n) ? [] : [{ field: `leaYears.${i}.name`, message: LEA_MESSAGES.unknownYear }]));
  if (errors.length) throw badRequest('The body is not valid.', { errors });
  await q.query('DELETE FROM lea_years WHERE lea_id = $1 AND NOT (school_year_key = ANY($2::text[]))', [leaId, keys]);
  await q.query(
    `INSERT INTO lea_years (lea_id, school_year_key, created_by, updated_by)
     SELECT $1, k, $3, $3 FROM unnest($2::text[]) AS k ON CONFLICT DO NOTHING`,
    [leaId, keys, by],
  );
}

async function setContacts(q: Queryable, leaId: number, contacts: ContactInput[], by: string) {
  const existing = new Set((await q.query<{ id: number }>('SELECT id FROM lea_contacts WHERE lea_id = $1', [leaId])).rows.map((r) => r.id));
  const errors = contacts.flatMap((c, i) =>
    c.id !== undefined && !existing.has(c.id) ? [{ field: `leaContacts.${i}.id`, message: LEA_MESSAGES.unknownContact }] : [],
  );
  if (errors.length) throw badRequest('The body is not valid.', { errors });
  const kept = contacts.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  await q.query('DELETE FROM lea_contacts WHERE lea_id = $1 AND NOT (id = ANY($2::integer[]))', [leaId, kept]);
  for (const c of contacts) {
    if (c.id !== undefined) {
      await q.query(
        `UPDATE lea_contacts SET name = $3, email = $4, phone = $5, title = $6, updated_at = now(), updated_by = $7
          WHERE id = $1 AND lea_id = $2`,
        [c.id, leaId, c.name, c.email, c.phone, c.title, by],
      );
    } else {
      await q.query(
        `INSERT INTO lea_contacts (lea_id, name, email, phone, title, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [leaId, c.name, c.email, c.phone, c.title, by],
      );
    }
  }
}

async function assertCodeFree(q: Queryable, code: string, exceptId: number | null) {
  const taken = await q.query('SELECT 1 FROM leas WHERE lower(lea_code) = lower($1) AND id IS DISTINCT FROM $2', [code, exceptId]);
  if (taken.rows.length > 0) throw conflict(LEA_MESSAGES.codeTaken);
}

function codeConflict(err: unknown): never {
  throw isUniqueViolation(err) ? conflict(LEA_MESSAGES.codeTaken) : err;
}

/** What the audit log records of an LEA (members are recorded by setLeaMembers). */
export function leaAuditView(lea: LeaDto): Record<string, unknown> {
  return {
    name: lea.name,
    leaCode: lea.leaCode,
    leaType: lea.leaType,
    contactEmail: lea.contactEmail,
    ziplineAPIDistrictId: lea.ziplineAPIDistrictId,
    streetAddress: lea.streetAddress,
    city: lea.city,
    zip: lea.zip,
    county: lea.county,
    isIncludedInCharterGroup: lea.isIncludedInCharterGroup,
    isNdeLevelDistrict: lea.isNdeLevelDistrict,
    isStateSponsoredCharterAuthority: lea.isStateSponsoredCharterAuthority,
    leaYears: lea.leaYears.map((y) => y.name).sort(),
    leaContacts: lea.leaContacts ?? [],
  };
}

/** One LEA with its contacts (no members), read inside a transaction for the audit log. */
export async function leaForAudit(q: Queryable, id: number): Promise<LeaDto | null> {
  return (await loadLeas(q, [id], { userLeas: false, contacts: true }))[0] ?? null;
}

const memberField = (i: number) => `userLeas.${i}.userId`;

// ---- router -----------------------------------------------------------------------------------

export function leasRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;

  /** The LEA the caller names by id, if they may see it; otherwise 404. */
  async function visibleLea(caller: AuthContext, id: number): Promise<VisibleLeas> {
    const visible = await visibleLeaIds(db, caller);
    if (!isVisible(visible, id)) throw notFound(LEA_MESSAGES.notFound);
    const exists = await db.query('SELECT 1 FROM leas WHERE id = $1', [id]);
    if (exists.rows.length === 0) throw notFound(LEA_MESSAGES.notFound);
    return visible;
  }

  /** The CurrentLeaId header's LEA, checked for visibility, or null when none was sent. */
  async function currentLea(req: Request, caller: AuthContext): Promise<number | null> {
    if (req.get('currentleaid')?.trim() && caller.currentLeaId === null) {
      throw badRequest('The CurrentLeaId header is not valid.', { errors: [{ field: 'CurrentLeaId', message: 'Must be an LEA id.' }] });
    }
    if (caller.currentLeaId === null) return null;
    await visibleLea(caller, caller.currentLeaId);
    return caller.currentLeaId;
  }

  // -- school years (anonymous: the portal needs the current year key before its first call) --
  router.get('/api/leas/school-years', async (_req, res) => {
    const rows = await db.query<YearRow>(`SELECT key, label, is_current FROM school_years ${YEAR_ORDER}`);
    res.json(rows.rows.map(toYear));
  });

  router.get('/api/leas/current-year', async (_req, res) => {
    const rows = await db.query<YearRow>(`SELECT key, label, is_current FROM school_years ${YEAR_ORDER} LIMIT 1`);
    const year = rows.rows[0];
    if (!year) throw notFound('No school year is set up.');
    res.json(toYear(year));
  });

  router.get('/api/leas/schoolyear', auth, async (req, res) => {
    const leaId = await currentLea(req, authOf(res));
    const rows =
      leaId === null
        ? await db.query<YearRow>(`SELECT key, label, is_current FROM school_years ${YEAR_ORDER}`)
        : await db.query<YearRow>(
            `SELECT y.key, y.label, y.is_current FROM school_years y JOIN lea_years ly ON ly.school_year_key = y.key
              WHERE ly.lea_id = $1 ${YEAR_ORDER}`,
            [leaId],
          );
    res.json(rows.rows.map(toYear));
  });

  // -- LEA lists -------------------------------------------------------------------------------
  router.get('/api/leas/users', auth, async (_req, res) => {
    const visible = await visibleLeaIds(db, authOf(res));
    res.json(await loadLeas(db, visible, { userLeas: true, contacts: true }));
  });

  router.get('/api/leas/nousers', auth, async (_req, res) => {
    const visible = await visibleLeaIds(db, authOf(res));
    res.json(await loadLeas(db, visible, { userLeas: false, contacts: false }));
  });

  // -- schools of LEAs -------------------------------------------------------------------------
  router.get('/api/leas/schools', auth, async (req, res) => {
    const caller = authOf(res);
    const leaId = await currentLea(req, caller);
    res.json(await schoolsOf(db, leaId === null ? await visibleLeaIds(db, caller) : [leaId]));
  });

  router.get('/api/leas/schools/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    await visibleLea(authOf(res), id);
    res.json(await schoolsOf(db, [id]));
  });

  router.get('/api/leas/school-lookups/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    await visibleLea(authOf(res), id);
    const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM schools WHERE lea_id = $1 ORDER BY lower(name), id', [id]);
    res.json(rows.rows);
  });

  // -- one LEA ---------------------------------------------------------------------------------
  router.get('/api/leas/:id/users', auth, requirePermission(P.usersView, P.jurisdictionUsersView), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    await visibleLea(caller, id);
    // Without users.view, only the caller's own jurisdiction (their LEAs) is open to them.
    if (!can(caller, P.usersView)) {
      const own = await db.query(
        `SELECT 1 WHERE $2::int IN (SELECT lea_id FROM user_leas WHERE user_id::text = $1
                                    UNION SELECT lea_id FROM users WHERE id::text = $1 AND lea_id IS NOT NULL)`,
        [caller.userId, id],
      );
      if (own.rows.length === 0) throw notFound(LEA_MESSAGES.notFound);
    }
    res.json(await loadUsers(db, { leaId: id, now: ctx.now() }));
  });

  router.get('/api/leas/:id', auth, async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    await visibleLea(authOf(res), id);
    const [lea] = await loadLeas(db, [id], { userLeas: true, contacts: true });
    if (!lea) throw notFound(LEA_MESSAGES.notFound);
    res.json(lea);
  });

  router.get('/api/users/:id/leas', auth, async (req, res) => {
    const { id } = parse(userIdParam, req.params, 'path');
    const caller = authOf(res);
    const self = caller.userId.toLowerCase() === id.toLowerCase();
    if (!self && !can(caller, P.usersView, P.usersManage, P.jurisdictionUsersView)) throw forbidden();
    const user = await db.query('SELECT 1 FROM users WHERE id = $1 AND NOT is_deleted', [id]);
    if (user.rows.length === 0) throw notFound(LEA_MESSAGES.userNotFound);
    const theirs = (
      await db.query<{ lea_id: number }>(
        `SELECT lea_id FROM user_leas WHERE user_id = $1 UNION SELECT lea_id FROM users WHERE id = $1 AND lea_id IS NOT NULL`,
        [id],
      )
    ).rows.map((r) => r.lea_id);
    // A user outside the caller's reach answers exactly as one that does not exist (issue 10,
    // finding 11): the same scope as the user routes.
    if (!inScope(await managerScope(db, caller), caller, id, theirs)) throw notFound(LEA_MESSAGES.userNotFound);
    const visible = await visibleLeaIds(db, caller);
    const shown = theirs.filter((leaId) => isVisible(visible, leaId));
    res.json(await loadLeas(db, shown, { userLeas: false, contacts: false }));
  });

  // -- writes ----------------------------------------------------------------------------------
  router.post('/api/leas', auth, requirePermission(P.leasManage), async (req, res) => {
    const body = parse(createBody, req.body, 'body');
    const caller = authOf(res);
    const by = caller.userId;
    const id = await db
      .tx(async (q) => {
        await assertCodeFree(q, body.leaCode, null);
        const created = await q.query<{ id: number }>(
          `INSERT INTO leas (name, lea_code, lea_type, contact_email, zipline_api_district_id, street_address, city, zip, county,
                             is_included_in_charter_group, is_nde_level_district, is_state_sponsored_charter_authority, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
          [
            body.name,
            body.leaCode,
            body.leaType,
            body.contactEmail ?? null,
            body.ziplineAPIDistrictId ?? null,
            body.streetAddress ?? null,
            body.city ?? null,
            body.zip ?? null,
            body.county ?? null,
            body.isIncludedInCharterGroup,
            body.isNdeLevelDistrict,
            body.isStateSponsoredCharterAuthority,
            by,
          ],
        );
        const leaId = created.rows[0]!.id;
        if (body.leaYears) await setYears(q, leaId, body.leaYears.map((y) => y.name), by);
        if (body.leaContacts) await setContacts(q, leaId, body.leaContacts, by);
        const made = await leaForAudit(q, leaId);
        if (made) await recordAudit(q, { actor: by, action: 'lea.create', entityType: 'lea', entityId: leaId, changes: createdChanges(leaAuditView(made)) });
        if (body.userLeas) await setLeaMembers(q, caller, leaId, body.userLeas.map((m) => m.userId), memberField);
        return leaId;
      })
      .catch(codeConflict);
    const [lea] = await loadLeas(db, [id], { userLeas: true, contacts: true });
    res.status(201).json(lea);
  });

  router.put('/api/leas', auth, requirePermission(P.leasManage), async (req, res) => {
    const body = parse(updateBody, req.body, 'body');
    const caller = authOf(res);
    await visibleLea(caller, body.id);
    const by = caller.userId;
    await db
      .tx(async (q) => {
        const current = (await q.query<LeaRow>('SELECT * FROM leas WHERE id = $1 FOR UPDATE', [body.id])).rows[0];
        if (!current) throw notFound(LEA_MESSAGES.notFound);
        const before = await leaForAudit(q, body.id);
        if (body.leaCode !== undefined) await assertCodeFree(q, body.leaCode, body.id);
        const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
        await q.query(
          `UPDATE leas SET name = $2, lea_code = $3, lea_type = $4, contact_email = $5, zipline_api_district_id = $6,
                  street_address = $7, city = $8, zip = $9, county = $10, is_included_in_charter_group = $11,
                  is_nde_level_district = $12, is_state_sponsored_charter_authority = $13, updated_at = now(), updated_by = $14
            WHERE id = $1`,
          [
            body.id,
            pick(body.name, current.name),
            pick(body.leaCode, current.lea_code),
            pick(body.leaType, current.lea_type),
            pick(body.contactEmail, current.contact_email),
            pick(body.ziplineAPIDistrictId, current.zipline_api_district_id),
            pick(body.streetAddress, current.street_address),
            pick(body.city, current.city),
            pick(body.zip, current.zip),
            pick(body.county, current.county),
            pick(body.isIncludedInCharterGroup, current.is_included_in_charter_group),
            pick(body.isNdeLevelDistrict, current.is_nde_level_district),
            pick(body.isStateSponsoredCharterAuthority, current.is_state_sponsored_charter_authority),
            by,
          ],
        );
        if (body.leaYears) await setYears(q, body.id, body.leaYears.map((y) => y.name), by);
        if (body.leaContacts) await setContacts(q, body.id, body.leaContacts, by);
        const after = await leaForAudit(q, body.id);
        if (before && after) {
          await recordAudit(q, { actor: by, action: 'lea.update', entityType: 'lea', entityId: body.id, changes: diffChanges(leaAuditView(before), leaAuditView(after)) });
        }
        if (body.userLeas) await setLeaMembers(q, caller, body.id, body.userLeas.map((m) => m.userId), memberField);
      })
      .catch(codeConflict);
    const [lea] = await loadLeas(db, [body.id], { userLeas: true, contacts: true });
    res.json(lea);
  });

  router.delete('/api/leas/:id', auth, requirePermission(P.leasManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const caller = authOf(res);
    await visibleLea(caller, id);
    await db.tx(async (q) => {
      await q.query('SELECT id FROM leas WHERE id = $1 FOR UPDATE', [id]);
      // Only current accounts count: a deleted account's links go with the LEA (cascade / set null).
      const members = await q.query(
        `SELECT 1 FROM user_leas ul JOIN users u ON u.id = ul.user_id WHERE ul.lea_id = $1 AND NOT u.is_deleted
         UNION ALL SELECT 1 FROM users WHERE lea_id = $1 AND NOT is_deleted LIMIT 1`,
        [id],
      );
      if (members.rows.length > 0) throw conflict(LEA_MESSAGES.inUse);
      // A district named in dispute resolution cases stays: the cases' records must keep it.
      const cases = await q.query('SELECT 1 FROM dr_cases WHERE lea_id = $1 OR filing_lea_id = $1 LIMIT 1', [id]);
      if (cases.rows.length > 0) throw conflict(LEA_MESSAGES.hasCases);
      const before = await leaForAudit(q, id);
      await q.query('DELETE FROM leas WHERE id = $1', [id]);
      if (before) await recordAudit(q, { actor: caller.userId, action: 'lea.delete', entityType: 'lea', entityId: id, changes: deletedChanges(leaAuditView(before)) });
    });
    res.status(204).end();
  });

  return router;
}
