// Seeds the agency API's data. Safe on every start: reference data (permissions, built-in roles,
// applications, school years, text blocks, notification event types, lookup lists) is inserted when missing
// and never overwrites what admins changed; the demo data set (SEED_DEMO) is applied once.
import { permissionCatalogue } from '../lib/permissions.js';
import { schoolYearForDate, priorSchoolYear } from '../lib/school-year.js';
import type { ApiContext } from './context.js';
import type { Queryable } from './db.js';
import { hashPassword } from './passwords.js';
import { applicationSeeds } from './seed-data/applications.js';
import { DEMO_PASSWORD, demoLeas, demoUsers } from './seed-data/demo.js';
import { eventTypeSeeds } from './seed-data/event-types.js';
import { seedDemoPeople } from './seed-data/people.js';
import { seedLists } from './seed-data/lists.js';
import { builtInRoles, ROLE } from './seed-data/roles.js';
import { textBlockSeeds } from './seed-data/text-blocks.js';
import { seedCalendars } from './shared/calendars.js';
import { seedDisputeResolution, seedDrReference } from './dr/seed.js';
import { seedBenchCases } from './dr/bench-seed.js';
import { seedEarlyChildhood } from './eco/seed.js';

const SYSTEM = 'system';
const DEMO_MARK = 'demo-v1';
// Serialises concurrent seeders (several API instances starting against one database).
const SEED_LOCK_KEY = 727_274_001;

const json = (value: unknown) => JSON.stringify(value);

export async function seed(ctx: ApiContext): Promise<void> {
  const now = ctx.now();
  await ctx.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await seedReference(q, now);
    if (ctx.config.seedDemo) {
      await seedDemo(q, now);
      await seedDemoPeople(q);
    }
    // Holidays (reference data) and the demo school calendars, after the demo LEAs.
    await seedCalendars(q, now, { demo: ctx.config.seedDemo });
    // Dispute resolution reference data (its email templates), whether or not the demo is seeded.
    await seedDrReference(q);
    // Dispute resolution cases, roster and roles, after the calendars their deadlines count on.
    if (ctx.config.seedDemo) await seedDisputeResolution(q, now);
    // Early childhood outcomes children, records and ratings (ECO spec §11), after the demo LEAs and users.
    if (ctx.config.seedDemo) await seedEarlyChildhood(q, now);
    if (ctx.config.benchDrCases) await seedBenchCases(q, ctx.config.benchDrCases, now);
  });
  // Outside the transaction (VACUUM cannot run in one): the bench cases' visibility map and
  // statistics, so counts read the index alone as they would on a database that has lived a while.
  if (ctx.config.benchDrCases) await ctx.db.query('VACUUM ANALYZE dr_cases');
}

async function seedReference(q: Queryable, now: Date): Promise<void> {
  // ---- permissions: the catalogue is code, so its wording is always brought up to date.
  const existing = new Set((await q.query<{ value: string }>('SELECT value FROM permissions')).rows.map((r) => r.value));
  const newPermissions = permissionCatalogue.filter((p) => !existing.has(p.value)).map((p) => p.value);
  await q.query(
    `INSERT INTO permissions (value, name, group_name, description)
     SELECT value, name, group_name, description
       FROM jsonb_to_recordset($1::jsonb) AS x(value text, name text, group_name text, description text)
     ON CONFLICT (value) DO UPDATE
        SET name = EXCLUDED.name, group_name = EXCLUDED.group_name, description = EXCLUDED.description,
            updated_at = now(), updated_by = '${SYSTEM}'
      WHERE (permissions.name, permissions.group_name, permissions.description)
            IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.group_name, EXCLUDED.description)`,
    [json(permissionCatalogue.map((p) => ({ value: p.value, name: p.name, group_name: p.groupName, description: p.description })))],
  );

  // ---- roles: inserted with their permission set once; afterwards the admins own them.
  const inserted = await q.query<{ id: number; name: string }>(
    `INSERT INTO roles (name, description)
     SELECT name, description FROM jsonb_to_recordset($1::jsonb) AS x(name text, description text)
     ON CONFLICT (name) DO NOTHING
     RETURNING id, name`,
    [json(builtInRoles.map((r) => ({ name: r.name, description: r.description })))],
  );
  const grants: { role_id: number; permission_value: string }[] = [];
  for (const row of inserted.rows) {
    const def = builtInRoles.find((r) => r.name === row.name);
    for (const permission of def?.permissions ?? []) grants.push({ role_id: row.id, permission_value: permission });
  }
  // A permission added to the catalogue by an upgrade goes to the existing Site Admin role, which
  // by definition holds every permission; nothing an admin set is taken away.
  if (newPermissions.length && !inserted.rows.some((r) => r.name === ROLE.siteAdmin)) {
    const siteAdmin = await q.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [ROLE.siteAdmin]);
    const id = siteAdmin.rows[0]?.id;
    if (id !== undefined) for (const permission of newPermissions) grants.push({ role_id: id, permission_value: permission });
  }
  if (grants.length) {
    await q.query(
      `INSERT INTO role_permissions (role_id, permission_value)
       SELECT role_id, permission_value FROM jsonb_to_recordset($1::jsonb) AS x(role_id integer, permission_value text)
       ON CONFLICT DO NOTHING`,
      [json(grants)],
    );
  }
  if (inserted.rows.length) {
    await q.query(
      `INSERT INTO role_change_events (op, role_id, role_name, changed_by, changed_at)
       SELECT 'add', id, name, '${SYSTEM}', $2 FROM jsonb_to_recordset($1::jsonb) AS x(id integer, name text)`,
      [json(inserted.rows), now.toISOString()],
    );
  }

  // ---- applications
  await q.query(
    `INSERT INTO applications (name, url, permission_value)
     SELECT name, url, permission FROM jsonb_to_recordset($1::jsonb) AS x(name text, url text, permission text)
     ON CONFLICT (name) DO NOTHING`,
    [json(applicationSeeds)],
  );

  // ---- school years: the current one and the prior one. The current flag follows the calendar
  // once per school year (a seed mark per year), so an admin's choice of current year
  // (PUT /api/school-years/current) stands until the calendar reaches the next year.
  const current = schoolYearForDate(now);
  const prior = priorSchoolYear(current);
  await q.query(
    `INSERT INTO school_years (key, label) VALUES ($1, $1), ($2, $2) ON CONFLICT (key) DO NOTHING`,
    [current, prior],
  );
  const newYear = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [`current-school-year:${current}`]);
  const anyCurrent = await q.query('SELECT 1 FROM school_years WHERE is_current LIMIT 1');
  if (newYear.rows.length > 0 || anyCurrent.rows.length === 0) {
    await q.query(
      `UPDATE school_years SET is_current = (key = $1), updated_at = now(), updated_by = '${SYSTEM}'
        WHERE is_current IS DISTINCT FROM (key = $1)`,
      [current],
    );
  }

  // ---- text blocks
  await q.query(
    `INSERT INTO text_blocks (block_code, group_code, title, html, format, is_visible)
     SELECT block_code, group_code, title, html, format, is_visible
       FROM jsonb_to_recordset($1::jsonb)
         AS x(block_code text, group_code text, title text, html text, format text, is_visible boolean)
     ON CONFLICT (block_code) DO NOTHING`,
    [
      json(
        textBlockSeeds.map((b) => ({
          block_code: b.blockCode,
          group_code: b.groupCode,
          title: b.title,
          html: b.html,
          format: b.format,
          is_visible: b.isVisible ?? true,
        })),
      ),
    ],
  );

  // ---- lookup lists of the list manager
  await seedLists(q);

  // ---- notification event types
  await q.query(
    `INSERT INTO event_notification_types
       (name, description, module, supported_frequency, is_supports_email, is_supports_in_app, is_required, has_lea, has_specific_date)
     SELECT name, description, module, supported_frequency, is_supports_email, is_supports_in_app, is_required, has_lea, has_specific_date
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, description text, module text, supported_frequency integer[],
            is_supports_email boolean, is_supports_in_app boolean, is_required boolean, has_lea boolean, has_specific_date boolean)
     ON CONFLICT (name) DO NOTHING`,
    [
      json(
        eventTypeSeeds.map((t) => ({
          name: t.name,
          description: t.description,
          module: t.module,
          supported_frequency: t.supportedFrequency,
          is_supports_email: t.isSupportsEmail,
          is_supports_in_app: t.isSupportsInApp,
          is_required: t.isRequired,
          has_lea: t.hasLea,
          has_specific_date: t.hasSpecificDate,
        })),
      ),
    ],
  );
}

async function seedDemo(q: Queryable, now: Date): Promise<void> {
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [DEMO_MARK]);
  if (mark.rows.length === 0) return;

  const current = schoolYearForDate(now);
  const years = [current, priorSchoolYear(current)];

  // ---- LEAs with their years, contacts and schools
  const leaRows = await q.query<{ id: number; lea_code: string }>(
    `INSERT INTO leas (name, lea_code, lea_type, contact_email, zipline_api_district_id, street_address, city, zip, county,
                       is_included_in_charter_group, is_nde_level_district, is_state_sponsored_charter_authority)
     SELECT name, lea_code, lea_type, contact_email, zipline_api_district_id, street_address, city, zip, county,
            is_included_in_charter_group, is_nde_level_district, is_state_sponsored_charter_authority
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, lea_code text, lea_type text, contact_email text,
            zipline_api_district_id text, street_address text, city text, zip text, county text,
            is_included_in_charter_group boolean, is_nde_level_district boolean, is_state_sponsored_charter_authority boolean)
     ON CONFLICT (lea_code) DO NOTHING
     RETURNING id, lea_code`,
    [
      json(
        demoLeas.map((l) => ({
          name: l.name,
          lea_code: l.leaCode,
          lea_type: l.leaType,
          contact_email: l.contactEmail,
          zipline_api_district_id: l.ziplineAPIDistrictId,
          street_address: l.streetAddress,
          city: l.city,
          zip: l.zip,
          county: l.county,
          is_included_in_charter_group: l.isIncludedInCharterGroup ?? false,
          is_nde_level_district: l.isNdeLevelDistrict ?? false,
          is_state_sponsored_charter_authority: l.isStateSponsoredCharterAuthority ?? false,
        })),
      ),
    ],
  );
  const newLeaIds = new Map(leaRows.rows.map((r) => [r.lea_code, r.id]));
  const leaYears: { lea_id: number; key: string }[] = [];
  const contacts: { lea_id: number; name: string; email: string; phone: string; title: string }[] = [];
  const schools: { lea_id: number; name: string; zipline: string }[] = [];
  for (const lea of demoLeas) {
    const id = newLeaIds.get(lea.leaCode);
    if (id === undefined) continue;
    for (const key of years) leaYears.push({ lea_id: id, key });
    for (const c of lea.contacts) contacts.push({ lea_id: id, ...c });
    lea.schools.forEach((name, i) => schools.push({ lea_id: id, name, zipline: `${lea.ziplineAPIDistrictId}${String(i + 1).padStart(3, '0')}` }));
  }
  await q.query(
    `INSERT INTO lea_years (lea_id, school_year_key)
     SELECT lea_id, key FROM jsonb_to_recordset($1::jsonb) AS x(lea_id integer, key text) ON CONFLICT DO NOTHING`,
    [json(leaYears)],
  );
  await q.query(
    `INSERT INTO lea_contacts (lea_id, name, email, phone, title)
     SELECT lea_id, name, email, phone, title FROM jsonb_to_recordset($1::jsonb) AS x(lea_id integer, name text, email text, phone text, title text)`,
    [json(contacts)],
  );
  await q.query(
    `INSERT INTO schools (lea_id, name, zipline_api_school_id)
     SELECT lea_id, name, zipline FROM jsonb_to_recordset($1::jsonb) AS x(lea_id integer, name text, zipline text)`,
    [json(schools)],
  );

  // ---- users: one scrypt hash shared by every demo account (hashing is deliberately slow).
  const leaIdByCode = new Map(
    (await q.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas')).rows.map((r) => [r.lea_code, r.id]),
  );
  const missing: typeof demoUsers[number][] = [];
  for (const u of demoUsers) {
    const found = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [u.email]);
    if (found.rows.length === 0) missing.push(u);
  }
  if (!missing.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleIdByName = new Map((await q.query<{ id: number; name: string }>('SELECT id, name FROM roles')).rows.map((r) => [r.name, r.id]));
  const typeIdByName = new Map(
    (await q.query<{ id: number; name: string }>('SELECT id, name FROM event_notification_types')).rows.map((r) => [r.name, r.id]),
  );
  for (const u of missing) {
    const homeLea = u.leaCode ? (leaIdByCode.get(u.leaCode) ?? null) : null;
    const created = await q.query<{ id: string }>(
      `INSERT INTO users (user_name, email, full_name, job_title, phone_number, password_hash, lea_id, email_confirmed)
       VALUES ($1, $1, $2, $3, $4, $5, $6, true)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [u.email, u.fullName, u.jobTitle, u.phoneNumber, passwordHash, homeLea],
    );
    const userId = created.rows[0]?.id;
    if (!userId) continue;
    for (const roleName of u.roles) {
      const roleId = roleIdByName.get(roleName);
      if (roleId !== undefined) {
        await q.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, roleId]);
      }
    }
    for (const code of u.leaCodes) {
      const leaId = leaIdByCode.get(code);
      if (leaId !== undefined) {
        await q.query('INSERT INTO user_leas (user_id, lea_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, leaId]);
      }
    }
    for (const m of u.messages) {
      const at = new Date(now.getTime() - m.hoursAgo * 3_600_000).toISOString();
      await q.query(
        `INSERT INTO notification_messages (user_id, message, open_url, status, created_on, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5, $5)`,
        [userId, m.message, m.openUrl, m.status, at],
      );
    }
    for (const s of u.subscriptions) {
      const typeId = typeIdByName.get(s.eventType);
      if (typeId === undefined) continue;
      const leaIds = s.leaCodes.map((c) => leaIdByCode.get(c)).filter((id): id is number => id !== undefined);
      await q.query(
        `INSERT INTO event_notification_subscriptions (user_id, event_notification_type_id, is_subscribed, is_email, is_in_app, frequency, subscribed_lea_ids)
         VALUES ($1, $2, true, $3, $4, $5, $6::integer[])
         ON CONFLICT (user_id, event_notification_type_id) DO NOTHING`,
        [userId, typeId, s.isEmail, s.isInApp, s.frequency, leaIds],
      );
    }
  }
}
