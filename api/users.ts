// Reading users as the wire contract's `user` (lib/contract.ts): the row, its role names and its
// LEAs. Shared by the auth, account and LEA routes so every endpoint answers the same shape.
import type { User } from '../lib/contract.js';
import { userConfiguration } from '../lib/contract.js';
import type { Queryable } from './db.js';

/** The columns of `users` the DTO is built from (SELECT u.* gives them). */
export interface UserRow {
  id: string;
  user_name: string;
  email: string;
  full_name: string;
  job_title: string;
  phone_number: string;
  lea_id: number | null;
  configuration: unknown;
  is_enabled: boolean;
  is_deleted: boolean;
  email_confirmed: boolean;
  locked_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface LeaSummaryRow {
  id: number;
  name: string;
  leaCode: string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** First and last name: the full name split on its first space (spec §3). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const at = trimmed.indexOf(' ');
  if (at < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
}

/** The stored configuration with defaults for anything missing or malformed. */
export function parseConfiguration(value: unknown): User['configuration'] {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  const parsed = userConfiguration.safeParse(raw ?? {});
  return parsed.success ? parsed.data : userConfiguration.parse({});
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export function toUserDto(row: UserRow, roles: string[], leaData: LeaSummaryRow[], now: Date = new Date()): User {
  const lockedUntil = row.locked_until === null ? null : new Date(row.locked_until);
  return {
    id: row.id,
    userName: row.user_name,
    fullName: row.full_name,
    ...splitFullName(row.full_name),
    email: row.email,
    jobTitle: row.job_title,
    phoneNumber: row.phone_number,
    leaId: row.lea_id,
    leaData: leaData.map((l) => ({ id: l.id, name: l.name, leaCode: l.leaCode })),
    roles,
    configuration: parseConfiguration(row.configuration),
    isEnabled: row.is_enabled,
    isDeleted: row.is_deleted,
    emailConfirmed: row.email_confirmed,
    isLockedOut: lockedUntil !== null && lockedUntil.getTime() > now.getTime(),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface UserFilter {
  ids?: string[];
  /** Users who belong to this LEA (their primary LEA or one of their LEAs). */
  leaId?: number;
  /** Users who belong to any of these LEAs. */
  leaIds?: number[];
  includeDeleted?: boolean;
  /** The clock for isLockedOut; defaults to the wall clock. */
  now?: Date;
}

/**
 * A user's LEAs are their user_leas rows plus their primary lea_id, so a user seeded or edited
 * with only one of the two is still found by LEA.
 */
const USER_LEA_IDS = `(SELECT ul.lea_id FROM user_leas ul WHERE ul.user_id = u.id
                       UNION SELECT u.lea_id WHERE u.lea_id IS NOT NULL)`;

/** Users matching every given condition, with roles and LEAs, ordered by full name. */
export async function loadUsers(q: Queryable, where: UserFilter): Promise<User[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (where.ids !== undefined) {
    if (where.ids.length === 0) return [];
    params.push(where.ids);
    conditions.push(`u.id = ANY($${params.length}::uuid[])`);
  }
  if (where.leaId !== undefined) {
    params.push(where.leaId);
    conditions.push(`$${params.length}::int IN ${USER_LEA_IDS}`);
  }
  if (where.leaIds !== undefined) {
    if (where.leaIds.length === 0) return [];
    params.push(where.leaIds);
    conditions.push(`EXISTS (SELECT 1 FROM ${USER_LEA_IDS} AS x(lea_id) WHERE x.lea_id = ANY($${params.length}::int[]))`);
  }
  if (!where.includeDeleted) conditions.push('NOT u.is_deleted');
  const sql = `SELECT u.* FROM users u ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
               ORDER BY lower(u.full_name), u.id`;
  const rows = (await q.query<UserRow>(sql, params)).rows;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Sequential on purpose: inside a transaction q is one connection, which takes one query at a time.
  const roles = await q.query<{ user_id: string; name: string }>(
    `SELECT ur.user_id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
     WHERE ur.user_id = ANY($1::uuid[]) ORDER BY r.name`,
    [ids],
  );
  const leas = await q.query<{ user_id: string; id: number; name: string; lea_code: string }>(
    `SELECT x.user_id, l.id, l.name, l.lea_code FROM (
       SELECT user_id, lea_id FROM user_leas WHERE user_id = ANY($1::uuid[])
       UNION SELECT id, lea_id FROM users WHERE id = ANY($1::uuid[]) AND lea_id IS NOT NULL
     ) x JOIN leas l ON l.id = x.lea_id ORDER BY l.name, l.id`,
    [ids],
  );
  const rolesBy = new Map<string, string[]>();
  for (const r of roles.rows) rolesBy.set(r.user_id, [...(rolesBy.get(r.user_id) ?? []), r.name]);
  const leasBy = new Map<string, LeaSummaryRow[]>();
  for (const l of leas.rows) {
    leasBy.set(l.user_id, [...(leasBy.get(l.user_id) ?? []), { id: l.id, name: l.name, leaCode: l.lea_code }]);
  }
  const now = where.now ?? new Date();
  return rows.map((row) => toUserDto(row, rolesBy.get(row.id) ?? [], leasBy.get(row.id) ?? [], now));
}

/** One user (deleted ones included when asked), or null. */
export async function loadUser(q: Queryable, id: string, options: { includeDeleted?: boolean; now?: Date } = {}): Promise<User | null> {
  const [found] = await loadUsers(q, { ids: [id], ...options });
  return found ?? null;
}

/** The ids of the LEAs a user belongs to (primary LEA included). */
export async function userLeaIds(q: Queryable, userId: string): Promise<number[]> {
  const r = await q.query<{ lea_id: number }>(
    `SELECT lea_id FROM user_leas WHERE user_id = $1
     UNION SELECT lea_id FROM users WHERE id = $1 AND lea_id IS NOT NULL`,
    [userId],
  );
  return r.rows.map((x) => x.lea_id).sort((a, b) => a - b);
}

/** The user's role names and the distinct permission values those roles grant. */
export async function userPermissions(q: Queryable, userId: string): Promise<{ roles: string[]; permissions: string[] }> {
  const roles = await q.query<{ name: string }>(
    `SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.name`,
    [userId],
  );
  const permissions = await q.query<{ value: string }>(
    `SELECT DISTINCT rp.permission_value AS value FROM user_roles ur
     JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = $1 ORDER BY 1`,
    [userId],
  );
  return { roles: roles.rows.map((r) => r.name), permissions: permissions.rows.map((p) => p.value) };
}

/** Sort keys the user lists accept (contract field names) and the SQL each one orders by. */
export const USER_SORT_FIELDS = {
  fullName: 'lower(u.full_name)',
  firstName: 'lower(u.full_name)',
  lastName: `lower(substr(u.full_name, strpos(u.full_name, ' ') + 1))`,
  userName: 'lower(u.user_name)',
  email: 'lower(u.email)',
  jobTitle: 'lower(u.job_title)',
  phoneNumber: 'u.phone_number',
  leaId: 'u.lea_id',
  isEnabled: 'u.is_enabled',
  emailConfirmed: 'u.email_confirmed',
  createdAt: 'u.created_at',
  updatedAt: 'u.updated_at',
} as const;
export type UserSortField = keyof typeof USER_SORT_FIELDS;

export interface UserPageQuery {
  pageNumber: number;
  pageSize: number;
  search?: string | undefined;
  leaId?: number | undefined;
  role?: string | undefined;
  sortField?: UserSortField | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  includeDeleted?: boolean | undefined;
  /** Only enabled (true) or disabled (false) accounts. */
  isEnabled?: boolean | undefined;
  /** Only users sharing one of these LEAs (a jurisdiction-only caller's view). */
  withinLeaIds?: number[] | undefined;
  now?: Date | undefined;
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of users (1-based pageNumber) and the number of users matching in all. */
export async function pageUsers(q: Queryable, query: UserPageQuery): Promise<{ items: User[]; totalCount: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (!query.includeDeleted) conditions.push('NOT u.is_deleted');
  if (query.search) {
    const p = param(likePattern(query.search));
    conditions.push(`(u.full_name ILIKE ${p} OR u.email ILIKE ${p} OR u.user_name ILIKE ${p} OR u.job_title ILIKE ${p})`);
  }
  if (query.leaId !== undefined) conditions.push(`${param(query.leaId)}::int IN ${USER_LEA_IDS}`);
  if (query.isEnabled !== undefined) conditions.push(`u.is_enabled = ${param(query.isEnabled)}`);
  if (query.role) {
    conditions.push(`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                             WHERE ur.user_id = u.id AND lower(r.name) = lower(${param(query.role)}))`);
  }
  if (query.withinLeaIds !== undefined) {
    if (query.withinLeaIds.length === 0) return { items: [], totalCount: 0 };
    conditions.push(`EXISTS (SELECT 1 FROM ${USER_LEA_IDS} AS x(lea_id) WHERE x.lea_id = ANY(${param(query.withinLeaIds)}::int[]))`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = await q.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM users u ${where}`, params);
  const totalCount = Number(total.rows[0]?.n ?? 0);
  const order = `${USER_SORT_FIELDS[query.sortField ?? 'fullName']} ${query.sortDirection === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
  const limit = param(query.pageSize);
  const offset = param((query.pageNumber - 1) * query.pageSize);
  const ids = await q.query<{ id: string }>(`SELECT u.id FROM users u ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params);
  const pageIds = ids.rows.map((r) => r.id);
  const users = await loadUsers(q, { ids: pageIds, includeDeleted: true, ...(query.now ? { now: query.now } : {}) });
  const byId = new Map(users.map((u) => [u.id, u]));
  const items = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { items, totalCount };
}
