// Roles and the permissions each grants (spec §7 Roles). Every add, modify and delete is recorded
// in role_change_events (spec §4: role changes are announced with add, delete, modify).
import { bumpRoleHolders } from '../security-stamps.js';
import { Router } from 'express';
import { z } from 'zod';
import type { Role } from '../../lib/contract.js';
import { allPermissionValues, P } from '../../lib/permissions.js';
import { createdChanges, deletedChanges, diffChanges, recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { conflict, idParam, notFound, parse } from '../http.js';
import { builtInRoleNames } from '../seed-data/roles.js';
import { isForeignKeyViolation, isUniqueViolation } from '../sql-errors.js';

export const ROLE_MESSAGES = {
  notFound: 'No such role.',
  nameTaken: 'A role with this name already exists.',
  inUse: 'This role cannot be deleted while users are assigned to it.',
  builtInRename: 'Built-in roles cannot be renamed.',
  builtInDelete: 'Built-in roles cannot be deleted.',
  unknownPermission: 'Not a known permission.',
} as const;

/** Who may read roles: role admins, and user admins who give roles to users. */
const ROLE_READERS = [P.rolesView, P.rolesManage, P.rolesAssign, P.usersManage];

const knownPermissions = new Set(allPermissionValues);
const permissionList = z
  .array(z.string().max(200).refine((p) => knownPermissions.has(p), ROLE_MESSAGES.unknownPermission))
  .max(500)
  .transform((list) => [...new Set(list)].sort());

const createBody = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).optional(),
  permissions: permissionList.optional(),
});
const updateBody = createBody.extend({ id: z.number().int().positive().max(2_147_483_647) });
const nameParam = z.object({ name: z.string().trim().min(1).max(100) });
const changesQuery = z.object({ since: z.iso.datetime({ offset: true }).optional() });

/** Request schemas, for the OpenAPI document. */
export const rolesSchemas = { createBody, updateBody, changesQuery };

interface RoleRow {
  id: number;
  name: string;
  description: string;
  permissions: string[] | null;
  users_count: number | string;
}

const ROLE_SELECT = `
  SELECT r.id, r.name, r.description,
         array_remove(array_agg(rp.permission_value ORDER BY rp.permission_value), NULL) AS permissions,
         (SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.id) AS users_count
    FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id`;

const toRole = (row: RoleRow): Required<Role> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  permissions: row.permissions ?? [],
  usersCount: Number(row.users_count),
});

async function loadRoles(q: Queryable, where = '', params: unknown[] = []): Promise<Required<Role>[]> {
  const r = await q.query<RoleRow>(`${ROLE_SELECT} ${where} GROUP BY r.id ORDER BY lower(r.name), r.id`, params);
  return r.rows.map(toRole);
}

async function loadRole(q: Queryable, id: number): Promise<Required<Role> | null> {
  return (await loadRoles(q, 'WHERE r.id = $1', [id]))[0] ?? null;
}

async function recordChange(q: Queryable, op: 'add' | 'delete' | 'modify', id: number, name: string, by: string, at: Date) {
  await q.query(
    `INSERT INTO role_change_events (op, role_id, role_name, changed_by, changed_at, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $4, $4)`,
    [op, id, name, by, at.toISOString()],
  );
}

async function assertNameFree(q: Queryable, name: string, exceptId: number | null) {
  const taken = await q.query('SELECT 1 FROM roles WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [name, exceptId]);
  if (taken.rows.length > 0) throw conflict(ROLE_MESSAGES.nameTaken);
}

async function setPermissions(q: Queryable, roleId: number, permissions: string[], by: string) {
  await q.query('DELETE FROM role_permissions WHERE role_id = $1 AND NOT (permission_value = ANY($2::text[]))', [roleId, permissions]);
  await q.query(
    `INSERT INTO role_permissions (role_id, permission_value, created_by, updated_by)
     SELECT $1, p, $3, $3 FROM unnest($2::text[]) AS p
     ON CONFLICT DO NOTHING`,
    [roleId, permissions, by],
  );
}

/** What the audit log records of a role. */
const auditView = (role: Required<Role>) => ({ name: role.name, description: role.description, permissions: role.permissions });

/** A unique-name race between the check and the write still answers 409, not 500. */
function nameConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(ROLE_MESSAGES.nameTaken);
  throw err;
}

export function rolesRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/api/roles', auth, requirePermission(...ROLE_READERS), async (_req, res) => {
    res.json(await loadRoles(ctx.db));
  });

  // Before /api/roles/:id so "changes" is not read as an id.
  router.get('/api/roles/changes', auth, requirePermission(P.rolesView, P.rolesManage), async (req, res) => {
    const { since } = parse(changesQuery, req.query, 'query');
    const r = await ctx.db.query<{ id: number; op: string; role_id: number; role_name: string; changed_by: string; changed_at: Date | string }>(
      `SELECT id, op, role_id, role_name, changed_by, changed_at FROM role_change_events
        WHERE $1::timestamptz IS NULL OR changed_at > $1::timestamptz
        ORDER BY changed_at, id LIMIT 1000`,
      [since ?? null],
    );
    res.json(
      r.rows.map((e) => ({
        id: e.id,
        op: e.op,
        roleId: e.role_id,
        roleName: e.role_name,
        changedBy: e.changed_by,
        changedAt: new Date(e.changed_at).toISOString(),
      })),
    );
  });

  router.get('/api/roles/:id', auth, requirePermission(...ROLE_READERS), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const role = await loadRole(ctx.db, id);
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    res.json(role);
  });

  router.get('/api/account/roles/name/:name', auth, requirePermission(...ROLE_READERS), async (req, res) => {
    const { name } = parse(nameParam, req.params, 'path');
    const [role] = await loadRoles(ctx.db, 'WHERE lower(r.name) = lower($1)', [name]);
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    res.json(role);
  });

  router.post('/api/roles', auth, requirePermission(P.rolesManage), async (req, res) => {
    const body = parse(createBody, req.body, 'body');
    const by = authOf(res).userId;
    const role = await ctx.db
      .tx(async (q) => {
        await assertNameFree(q, body.name, null);
        const created = await q.query<{ id: number }>(
          'INSERT INTO roles (name, description, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING id',
          [body.name, body.description ?? '', by],
        );
        const id = created.rows[0]!.id;
        await setPermissions(q, id, body.permissions ?? [], by);
        await recordChange(q, 'add', id, body.name, by, ctx.now());
        const role = await loadRole(q, id);
        if (role) await recordAudit(q, { actor: by, action: 'role.create', entityType: 'role', entityId: id, changes: createdChanges(auditView(role)) });
        return role;
      })
      .catch(nameConflict);
    res.status(201).json(role);
  });

  router.put('/api/roles', auth, requirePermission(P.rolesManage), async (req, res) => {
    const body = parse(updateBody, req.body, 'body');
    const by = authOf(res).userId;
    const role = await ctx.db
      .tx(async (q) => {
        const current = await q.query<{ name: string; description: string }>('SELECT name, description FROM roles WHERE id = $1 FOR UPDATE', [body.id]);
        const existing = current.rows[0];
        if (!existing) throw notFound(ROLE_MESSAGES.notFound);
        const before = await loadRole(q, body.id);
        // The seed finds built-in roles by name (and registration assigns the public DR role by
        // name), so renaming one would quietly create a second copy on the next start.
        if (existing.name !== body.name && builtInRoleNames.has(existing.name)) throw conflict(ROLE_MESSAGES.builtInRename);
        await assertNameFree(q, body.name, body.id);
        await q.query('UPDATE roles SET name = $2, description = $3, updated_at = now(), updated_by = $4 WHERE id = $1', [
          body.id,
          body.name,
          body.description ?? existing.description,
          by,
        ]);
        if (body.permissions) await setPermissions(q, body.id, body.permissions, by);
        await recordChange(q, 'modify', body.id, body.name, by, ctx.now());
        const role = await loadRole(q, body.id);
        // Holders' tokens list the old permissions: they stop working now (security stamps).
        const permissionsChanged = before && role && before.permissions.join('\n') !== role.permissions.join('\n');
        if (permissionsChanged) await bumpRoleHolders(ctx, q, body.id);
        if (before && role) {
          await recordAudit(q, { actor: by, action: 'role.update', entityType: 'role', entityId: body.id, changes: diffChanges(auditView(before), auditView(role)) });
        }
        return role;
      })
      .catch(nameConflict);
    res.json(role);
  });

  router.delete('/api/roles/:id', auth, requirePermission(P.rolesManage), async (req, res) => {
    const { id } = parse(idParam, req.params, 'path');
    const by = authOf(res).userId;
    await ctx.db
      .tx(async (q) => {
        const current = await q.query<{ name: string }>('SELECT name FROM roles WHERE id = $1 FOR UPDATE', [id]);
        const name = current.rows[0]?.name;
        if (name === undefined) throw notFound(ROLE_MESSAGES.notFound);
        const held = await q.query('SELECT 1 FROM user_roles WHERE role_id = $1 LIMIT 1', [id]);
        if (held.rows.length > 0) throw conflict(ROLE_MESSAGES.inUse);
        if (builtInRoleNames.has(name)) throw conflict(ROLE_MESSAGES.builtInDelete);
        const before = await loadRole(q, id);
        await q.query('DELETE FROM roles WHERE id = $1', [id]);
        await recordChange(q, 'delete', id, name, by, ctx.now());
        if (before) await recordAudit(q, { actor: by, action: 'role.delete', entityType: 'role', entityId: id, changes: deletedChanges(auditView(before)) });
      })
      .catch((err: unknown) => {
        // A user given the role between the check and the delete (user_roles is ON DELETE RESTRICT).
        throw isForeignKeyViolation(err) ? conflict(ROLE_MESSAGES.inUse) : err;
      });
    res.status(204).end();
  });

  return router;
}
