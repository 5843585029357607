// The portal's applications (spec §7 Applications). Site admins see every application; others
// only those whose permission they hold (spec §6).
import { Router } from 'express';
import { P } from '../../lib/permissions.js';
import { authenticate, authOf, can } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';

interface ApplicationRow {
  id: number;
  name: string;
  url: string;
  permission_value: string | null;
}

const toApplication = (row: ApplicationRow) => ({ id: row.id, name: row.name, url: row.url, permission: row.permission_value });

export function applicationsRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const all = async () => (await ctx.db.query<ApplicationRow>('SELECT id, name, url, permission_value FROM applications ORDER BY id')).rows;

  router.get('/api/applications', auth, async (_req, res) => {
    res.json((await all()).map(toApplication));
  });

  router.get('/api/applications/allowed', auth, async (_req, res) => {
    const caller = authOf(res);
    const siteAdmin = can(caller, P.siteAdmin);
    const allowed = (await all()).filter((a) => siteAdmin || (a.permission_value !== null && can(caller, a.permission_value)));
    res.json(allowed.map(toApplication));
  });

  return router;
}
