// The seed runs on every start: it must add what is missing, never duplicate, and never undo
// what admins changed. Checked on PGlite and on PostgreSQL.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionValues, PUBLIC_DR_ROLE } from '../../lib/permissions.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { verifyPassword } from '../../api/passwords.js';
import { seed } from '../../api/seed.js';
import { textBlockSeeds } from '../../api/seed-data/text-blocks.js';
import { eventTypeSeeds } from '../../api/seed-data/event-types.js';
import { builtInRoles } from '../../api/seed-data/roles.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { DR_ROSTER } from '../../api/dr/seed.js';

const TABLES = [
  'permissions',
  'roles',
  'role_permissions',
  'applications',
  'school_years',
  'text_blocks',
  'event_notification_types',
  'leas',
  'lea_years',
  'lea_contacts',
  'schools',
  'users',
  'user_roles',
  'user_leas',
  'notification_messages',
  'event_notification_subscriptions',
  'role_change_events',
] as const;

async function counts(api: TestApi): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const r = await api.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = r.rows[0]!.n;
  }
  return out;
}

describe.each(testDbs)('seed on %s', (dbKind) => {
  describe('with demo data', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(dbKind);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('seeds the reference data and the demo data set', async () => {
      const n = await counts(api);
      expect(n).toMatchObject({
        permissions: allPermissionValues.length,
        roles: builtInRoles.length,
        applications: 6,
        school_years: 2,
        text_blocks: textBlockSeeds.length,
        event_notification_types: eventTypeSeeds.length,
        leas: 12,
        users: 5 + DR_ROSTER.length,
      });
      const state = await api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leas WHERE is_nde_level_district');
      expect(state.rows[0]!.n).toBe(1);
      const perLea = await api.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schools GROUP BY lea_id');
      expect(perLea.rows.every((r) => r.n >= 2 && r.n <= 4)).toBe(true);
      const current = schoolYearForDate(new Date());
      const years = await api.ctx.db.query<{ key: string; is_current: boolean }>('SELECT key, is_current FROM school_years ORDER BY key DESC');
      expect(years.rows).toEqual([
        { key: current, is_current: true },
        { key: priorSchoolYear(current), is_current: false },
      ]);
    });

    it('creates the demo accounts with the demo password, confirmed, with their roles', async () => {
      const r = await api.ctx.db.query<{ email: string; full_name: string; job_title: string; password_hash: string; email_confirmed: boolean; roles: string[] }>(
        `SELECT u.email, u.full_name, u.job_title, u.password_hash, u.email_confirmed,
                array_agg(r.name ORDER BY r.name) AS roles
           FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
          GROUP BY u.id ORDER BY u.email`,
      );
      const byEmail = new Map(r.rows.map((u) => [u.email, u]));
      expect([...byEmail.keys()].sort()).toEqual(
        ['district.user@demo.example', 'dr.public@demo.example', 'state.admin@demo.example', 'state.user@demo.example', 'vendor@demo.example', ...DR_ROSTER.map((n) => n.email)].sort(),
      );
      expect(byEmail.get('state.admin@demo.example')).toMatchObject({ full_name: 'Avery State Admin', roles: ['Site Admin'] });
      expect(byEmail.get('state.admin@demo.example')?.job_title).not.toBe('');
      // DR spec §13: the state user is DR State Staff, the district user a DR District User.
      expect(byEmail.get('state.user@demo.example')?.roles).toEqual(['Dispute Resolution State User', 'State User']);
      expect(byEmail.get('district.user@demo.example')?.roles).toEqual(['Dispute Resolution LEA User', 'Local User']);
      expect(byEmail.get('mediator2@demo.example')?.roles).toEqual(['Dispute Resolution Mediator']);
      expect(byEmail.get('vendor@demo.example')?.roles).toEqual(['Post-School Outcomes Vendor']);
      expect(byEmail.get('dr.public@demo.example')?.roles).toEqual([PUBLIC_DR_ROLE]);
      for (const u of r.rows) {
        expect(u.email_confirmed).toBe(true);
        expect(await verifyPassword('Demo-Password-1!', u.password_hash)).toBe(true);
      }
      const districtLeas = await api.ctx.db.query<{ lea_code: string }>(
        `SELECT l.lea_code FROM user_leas ul JOIN users u ON u.id = ul.user_id JOIN leas l ON l.id = ul.lea_id WHERE u.email = 'district.user@demo.example'`,
      );
      expect(districtLeas.rows.map((x) => x.lea_code)).toEqual(['55-0101-000']);
    });

    it('is idempotent: seeding again changes no counts', async () => {
      const before = await counts(api);
      await seed(api.ctx);
      await seed(api.ctx);
      expect(await counts(api)).toEqual(before);
    });

    it('never overwrites admin edits, and restores only what code owns', async () => {
      // An admin edits a text block, hides another, trims a role and deletes a demo LEA.
      const edited = await api.ctx.db.query<{ id: number }>(
        `UPDATE text_blocks SET html = '<p>Our own sign-in text.</p>', title = 'Sign in' WHERE block_code = 'login-screen-text' RETURNING id`,
      );
      expect(edited.rows).toHaveLength(1);
      await api.ctx.db.query(`UPDATE text_blocks SET is_visible = false WHERE block_code = 'faq-page'`);
      await api.ctx.db.query(
        `DELETE FROM role_permissions WHERE permission_value = 'Eco.access' AND role_id = (SELECT id FROM roles WHERE name = 'Local User')`,
      );
      await api.ctx.db.query(`DELETE FROM dr_cases WHERE lea_id = (SELECT id FROM leas WHERE lea_code = '79-0106-000')`);
      await api.ctx.db.query(`DELETE FROM leas WHERE lea_code = '79-0106-000'`);
      // Code-owned wording drifts; a permission goes missing (as if an upgrade added it).
      await api.ctx.db.query(`UPDATE permissions SET description = 'stale' WHERE value = 'App.roles.view'`);
      await api.ctx.db.query(`DELETE FROM permissions WHERE value = 'App.listmanager.manage'`);

      await seed(api.ctx);

      const block = (await request(api.server).get('/api/text-blocks/by-block-code/login-screen-text')).body as { html: string; title: string };
      expect(block).toMatchObject({ html: '<p>Our own sign-in text.</p>', title: 'Sign in' });
      const faq = (await request(api.server).get('/api/text-blocks/by-block-code/faq-page')).body as { isVisible: boolean };
      expect(faq.isVisible).toBe(false);
      const localUser = await api.ctx.db.query(
        `SELECT 1 FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.name = 'Local User' AND rp.permission_value = 'Eco.access'`,
      );
      expect(localUser.rows).toHaveLength(0);
      const deleted = await api.ctx.db.query(`SELECT 1 FROM leas WHERE lea_code = '79-0106-000'`);
      expect(deleted.rows).toHaveLength(0);

      const description = await api.ctx.db.query<{ description: string }>(`SELECT description FROM permissions WHERE value = 'App.roles.view'`);
      expect(description.rows[0]?.description).not.toBe('stale');
      const holders = await api.ctx.db.query<{ name: string }>(
        `SELECT r.name FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE rp.permission_value = 'App.listmanager.manage'`,
      );
      // The returning permission goes to Site Admin (every permission) and nowhere else.
      expect(holders.rows.map((r) => r.name)).toEqual(['Site Admin']);
    });

    it('moves the current school year forward with the calendar', async () => {
      const current = schoolYearForDate(new Date());
      const next = `${Number(current.slice(0, 4)) + 1}-${Number(current.slice(0, 4)) + 2}`;
      const later = new Date(Date.now() + 366 * 24 * 3600 * 1000);
      await seed({ ...api.ctx, now: () => later });
      const years = await api.ctx.db.query<{ key: string; is_current: boolean }>('SELECT key, is_current FROM school_years ORDER BY key DESC');
      expect(years.rows).toEqual([
        { key: next, is_current: true },
        { key: current, is_current: false },
        { key: priorSchoolYear(current), is_current: false },
      ]);
      const res = await request(api.server).get('/api/leas/current-year');
      expect(res.body.key).toBe(next);
    });
  });

  describe('without demo data', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(dbKind, { SEED_DEMO: 'off' });
    });
    afterAll(async () => {
      await api?.close();
    });

    it('seeds only reference data', async () => {
      await seed(api.ctx);
      await seed(api.ctx);
      const n = await counts(api);
      expect(n).toMatchObject({
        permissions: allPermissionValues.length,
        roles: builtInRoles.length,
        applications: 6,
        school_years: 2,
        text_blocks: textBlockSeeds.length,
        event_notification_types: eventTypeSeeds.length,
        leas: 0,
        schools: 0,
        users: 0,
        notification_messages: 0,
      });
      const login = await request(api.server).get('/api/text-blocks/by-block-code/login-screen-text');
      expect(login.status).toBe(200);
    });
  });
});
