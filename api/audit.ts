// The audit log of admin changes (audit_log, api/migrations/004_admin.sql): who did what to which
// entity, when, with a summary of the changed fields. Secrets never reach it: keys naming
// passwords, hashes, tokens or secrets are dropped wherever they appear, and long values are
// shortened so one edit of a large text block cannot bloat the log.
import type { Queryable } from './db.js';

/** A JSON summary of what changed: by convention `{ field: { from, to } }` (see diffChanges). */
export type AuditChanges = Record<string, unknown>;

export interface AuditEntryInput {
  /** The user id of whoever made the change ('system' for background work). */
  actor: string;
  /** `<entity>.<verb>`, e.g. 'user.update', 'lookup-list.item-create'. */
  action: string;
  entityType: string;
  entityId: string | number;
  changes?: AuditChanges;
}

const SECRET_KEY = /password|passwd|hash|token|secret|credential/i;
const MAX_TEXT = 2000;
const MAX_ITEMS = 200;
const MAX_DEPTH = 6;

/** A JSON-safe copy without secret keys, long strings cut and long lists shortened. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(key) || inner === undefined) continue;
      out[key] = redact(inner, depth + 1);
    }
    return out;
  }
  // Functions, symbols, bigints: nothing worth keeping in an audit summary.
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isPrimitiveList = (value: unknown): value is (string | number | boolean)[] =>
  Array.isArray(value) && value.every((v) => ['string', 'number', 'boolean'].includes(typeof v));

/**
 * The fields that differ between two views of an entity: `{ field: { from, to } }`, except lists
 * of plain values (roles, permissions, LEA ids), which read better as `{ added, removed }`.
 */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[key];
    const to = after[key];
    if (same(from, to)) continue;
    if (isPrimitiveList(from) && isPrimitiveList(to)) {
      const added = to.filter((v) => !from.includes(v));
      const removed = from.filter((v) => !to.includes(v));
      // Same members in another order: an ordering change, recorded as such.
      changes[key] = added.length || removed.length ? { added, removed } : { from, to };
    } else {
      changes[key] = { from: from ?? null, to: to ?? null };
    }
  }
  return changes;
}

/** Every field of a new entity, as `{ field: { to } }`. */
export function createdChanges(after: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(after).map(([key, to]) => [key, { to: to ?? null }]));
}

/** Every field of a removed entity, as `{ field: { from } }`. */
export function deletedChanges(before: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(before).map(([key, from]) => [key, { from: from ?? null }]));
}

const isPair = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'from' in value && 'to' in value;

/**
 * True when a summary records no change at all: empty (a diff that found nothing), or only
 * `{ from, to }` pairs with equal sides (identifiers kept beside a diff, such as an item's id).
 */
export function isNoChange(changes: AuditChanges): boolean {
  return Object.values(changes).every((value) => isPair(value) && same(value.from, value.to));
}

/** An edit (`….update`, `….item-update`, `lea.years-update`), as opposed to an action an admin took. */
const isEdit = (action: string) => /[.-]update$/.test(action);

/**
 * Writes one audit entry; call it with the transaction of the change so both commit together.
 * An edit that changed nothing (a form saved as it was) writes nothing (issue 11): the history
 * lists only real changes. An action (Unblock, a reset link) is recorded whatever it changed.
 * Answers whether an entry was written.
 */
export async function recordAudit(q: Queryable, entry: AuditEntryInput): Promise<boolean> {
  if (isEdit(entry.action) && entry.changes !== undefined && isNoChange(entry.changes)) return false;
  await q.query(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, changes, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $1, $1)`,
    [entry.actor, entry.action, entry.entityType, String(entry.entityId), JSON.stringify(redact(entry.changes ?? {}))],
  );
  return true;
}
