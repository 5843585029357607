// The dispute resolution notices of §11, each sent from its stored email template (DR catalogue,
// api/dr/email-templates.ts) through the platform's notices (api/shared/notify.ts):
//   submitted            DR_REQUEST_SUBMITTED to the filer; DR_REQUEST_RECEIVED_LEA to the type's subscribers (state staff, the respondent LEA's)
//   accepted, closed     DR_CASE_ACCEPTED / DR_CASE_CLOSED to the parties
//   neutral-proposed     DR_NEUTRAL_ASSIGNED to the proposed neutral (required)
//   neutral-accepted     DR_NEUTRAL_ASSIGNED to the parties
//   withdrawal-requested DR_WITHDRAWAL_REQUESTED to the deciders (state staff who review withdrawals; the hearing officer of a DP/EDP)
//   withdrawal-decided   DR_WITHDRAWAL_DECIDED to the filer who asked
//   deadline             DR_DEADLINE_APPROACHING / DR_DEADLINE_MISSED to the case manager and the accepted neutrals (missed: also state staff subscribers)
// Parties (§11) are the filer's account, the filer's, attorney's and other party's addresses, and the
// respondent LEA's district users subscribed to the event type for that LEA. Every notice has a
// stable key, so an event sent twice sends once; a close is keyed by its time, so a reopened case
// closed again is announced again. Merge fields are only those the template allows, and the
// student appears only as initials. Inside a transaction, pass the keys notifyCase returns to
// deliverCaseNotices after committing.
import { z } from 'zod';
import { daysBetween, type IsoDay } from '../../lib/day.js';
import { DEADLINE_NAMES } from '../../lib/dr/contract.js';
import { usDate } from '../../lib/dr/messages.js';
import { caseDetailPath, DR_EVENT_TYPES, fieldsFor, recipientNameOf, type DrTemplateCode, type DueReminder } from '../../lib/dr/notifications.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { renderStoredTemplate } from '../shared/email-templates.js';
import { deliverNoticeEmails, sendNotice } from '../shared/notify.js';
import { caseMergeFields, drTemplateCatalogue } from './email-templates.js';
import { caseTypeOf, DR, dataOf, loadCaseRow, type CaseRow } from './store.js';

/** A permission no role holds: the notice reaches its required recipients and no subscriber. */
const REQUIRED_ONLY = 'DisputeResolution.notice.required-recipients-only';
const DR_DASHBOARD = '/dispute-resolution/dashboard';

export type DrCaseEvent =
  | { kind: 'submitted' }
  | { kind: 'accepted' }
  | { kind: 'neutral-proposed'; assignmentId: number }
  | { kind: 'neutral-accepted'; assignmentId: number }
  | { kind: 'withdrawal-requested'; withdrawalId: number }
  | { kind: 'withdrawal-decided'; withdrawalId: number }
  /** closedAt: when this close happened (an ISO time), so each close after a reopen has its own key. */
  | { kind: 'closed'; closedAt: string }
  | { kind: 'deadline'; reminder: DueReminder; dueDate: IsoDay; today: IsoDay };

interface Person {
  id: string;
  fullName: string;
}

interface Recipients {
  users: Person[];
  emails: (string | null | undefined)[];
  /** Also the event type's subscribers holding one of these (never a public filer's account); none: required recipients only. */
  subscribers: readonly string[] | 'none';
}

interface Send {
  key: string;
  eventType: string;
  code: DrTemplateCode;
  recipients: Recipients;
  link?: string;
  extra?: Record<string, string | number>;
  neutral?: { name: string; type: number } | null;
  /** The greeting's name when the one recipient is an address, not an account (a request taken in by staff). */
  greet?: string | undefined;
}

const validEmail = (e: string | null | undefined): e is string => Boolean(e) && z.email().safeParse(e?.trim()).success;

async function people(q: Queryable, sql: string, params: unknown[]): Promise<Person[]> {
  const r = await q.query<{ id: string; full_name: string }>(sql, params);
  return r.rows.map((x) => ({ id: x.id, fullName: x.full_name }));
}

const userById = (q: Queryable, ids: readonly (string | null)[]) =>
  people(q, 'SELECT id::text AS id, full_name FROM users WHERE id::text = ANY($1::text[]) AND NOT is_deleted', [ids.filter((x): x is string => Boolean(x))]);

/** The filer: the account that filed online; a request taken in by staff reaches the requester's address only. */
async function filerOf(q: Queryable, row: CaseRow): Promise<Person[]> {
  return row.received_via === 'Online' || row.received_via === null ? userById(q, [row.created_by]) : [];
}

async function partiesOf(q: Queryable, row: CaseRow): Promise<Recipients> {
  const other = dataOf(row).otherParty?.email;
  return { users: await filerOf(q, row), emails: [row.requester_email, row.attorney_email, other], subscribers: [DR.leaUser] };
}

/** The case manager and the accepted neutrals: the people who keep a case's deadlines. */
const keepersOf = (q: Queryable, row: CaseRow) =>
  people(
    q,
    `SELECT u.id::text AS id, u.full_name FROM users u
      WHERE NOT u.is_deleted AND (u.id::text = $2 OR u.id IN (SELECT a.user_id FROM dr_assignments a WHERE a.case_id = $1 AND a.status = 'Accepted'))`,
    [row.id, row.case_manager_user_id ?? ''],
  );

/** Who decides a withdrawal (§8): state staff who review withdrawal requests; for DP/EDP also the assigned hearing officer. */
async function decidersOf(q: Queryable, row: CaseRow): Promise<Person[]> {
  const hearing = caseTypeOf(row) === 'DP' || caseTypeOf(row) === 'EDP';
  return people(
    q,
    `SELECT u.id::text AS id, u.full_name FROM users u
      WHERE NOT u.is_deleted AND u.is_enabled
        AND ((EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $2)
              AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $3))
             OR ($4::boolean AND u.id IN (SELECT a.user_id FROM dr_assignments a WHERE a.case_id = $1 AND a.neutral_type = 3 AND a.status = 'Accepted')))`,
    [row.id, DR.withdrawals, DR.stateUser, hearing],
  );
}

async function assignmentOf(q: Queryable, id: number): Promise<{ userId: string; fullName: string; type: number } | null> {
  const r = await q.query<{ user_id: string; full_name: string; neutral_type: number }>(
    'SELECT a.user_id::text AS user_id, u.full_name, a.neutral_type FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.id = $1',
    [id],
  );
  const a = r.rows[0];
  return a ? { userId: a.user_id, fullName: a.full_name, type: a.neutral_type } : null;
}

async function withdrawalOf(q: Queryable, id: number): Promise<{ requestedBy: string; status: string } | null> {
  const r = await q.query<{ requested_by: string; status: string }>('SELECT requested_by::text AS requested_by, status FROM dr_withdrawals WHERE id = $1', [id]);
  return r.rows[0] ? { requestedBy: r.rows[0].requested_by, status: r.rows[0].status } : null;
}

/** The first accepted neutral of the case, for {{neutralName}} and {{neutralType}}. */
async function caseNeutral(q: Queryable, caseId: string): Promise<{ name: string; type: number } | null> {
  const r = await q.query<{ full_name: string; neutral_type: number }>(
    `SELECT u.full_name, a.neutral_type FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 AND a.status = 'Accepted' ORDER BY a.id LIMIT 1`,
    [caseId],
  );
  return r.rows[0] ? { name: r.rows[0].full_name, type: r.rows[0].neutral_type } : null;
}

/** What each event sends (one event may send two notices). */
async function sendsOf(q: Queryable, row: CaseRow, event: DrCaseEvent): Promise<Send[]> {
  const id = row.id;
  switch (event.kind) {
    case 'submitted': {
      const filer = await filerOf(q, row);
      return [
        {
          key: `dr-submitted:${id}`, eventType: DR_EVENT_TYPES.submitted, code: 'DR_REQUEST_SUBMITTED', recipients: { users: filer, emails: [row.requester_email], subscribers: 'none' },
          greet: filer.length ? undefined : dataOf(row).requester?.fullName,
        },
        { key: `dr-received-lea:${id}`, eventType: DR_EVENT_TYPES.submitted, code: 'DR_REQUEST_RECEIVED_LEA', recipients: { users: [], emails: [], subscribers: [DR.stateUser, DR.leaUser] } },
      ];
    }
    case 'accepted':
      return [{ key: `dr-accepted:${id}`, eventType: DR_EVENT_TYPES.accepted, code: 'DR_CASE_ACCEPTED', recipients: await partiesOf(q, row) }];
    case 'closed':
      return [{ key: `dr-closed:${id}:${event.closedAt}`, eventType: DR_EVENT_TYPES.closed, code: 'DR_CASE_CLOSED', recipients: await partiesOf(q, row) }];
    case 'neutral-proposed':
    case 'neutral-accepted': {
      const a = await assignmentOf(q, event.assignmentId);
      if (!a) return [];
      const neutral = { name: a.fullName, type: a.type };
      return event.kind === 'neutral-proposed'
        ? // A proposed neutral cannot open the case before accepting: the proposal waits on their dashboard.
          [{ key: `dr-neutral-proposed:${event.assignmentId}`, eventType: DR_EVENT_TYPES.neutralAssigned, code: 'DR_NEUTRAL_ASSIGNED', neutral, link: DR_DASHBOARD, recipients: { users: [{ id: a.userId, fullName: a.fullName }], emails: [], subscribers: 'none' } }]
        : [{ key: `dr-neutral-accepted:${event.assignmentId}`, eventType: DR_EVENT_TYPES.neutralAssigned, code: 'DR_NEUTRAL_ASSIGNED', neutral, recipients: await partiesOf(q, row) }];
    }
    case 'withdrawal-requested':
      return [{ key: `dr-withdrawal-requested:${event.withdrawalId}`, eventType: DR_EVENT_TYPES.withdrawalRequested, code: 'DR_WITHDRAWAL_REQUESTED', recipients: { users: await decidersOf(q, row), emails: [], subscribers: 'none' } }];
    case 'withdrawal-decided': {
      const w = await withdrawalOf(q, event.withdrawalId);
      if (!w || w.status === 'Pending') return [];
      return [{
        key: `dr-withdrawal-decided:${event.withdrawalId}`, eventType: DR_EVENT_TYPES.withdrawalDecided, code: 'DR_WITHDRAWAL_DECIDED',
        recipients: { users: await userById(q, [w.requestedBy]), emails: [], subscribers: 'none' }, extra: { withdrawalDecision: w.status.toLowerCase() },
      }];
    }
    case 'deadline': {
      const { reminder: rem, dueDate, today } = event;
      const missed = rem.kind === 'missed';
      return [{
        key: `dr-reminder:${rem.key}`,
        eventType: missed ? DR_EVENT_TYPES.deadlineMissed : DR_EVENT_TYPES.deadlineApproaching,
        code: rem.template,
        link: `${caseDetailPath(id)}?tab=timeline`,
        recipients: { users: await keepersOf(q, row), emails: [], subscribers: missed ? [DR.stateUser] : 'none' },
        extra: { deadlineName: DEADLINE_NAMES[rem.code] ?? rem.code, dueDate: usDate(dueDate), daysLeft: Math.max(0, daysBetween(today, dueDate)) },
      }];
    }
  }
}

/**
 * Sends the notices of one §11 event of a case, each once (its key); returns the keys sent. With q
 * a transaction, call deliverCaseNotices(ctx, keys) after committing.
 */
export async function notifyCase(ctx: ApiContext, q: Queryable, event: DrCaseEvent, caseId: string): Promise<string[]> {
  const row = await loadCaseRow(q, caseId);
  if (!row || row.status === 0) return [];
  const caseNeutralNow = await caseNeutral(q, row.id);
  const sent: string[] = [];
  for (const s of await sendsOf(q, row, event)) {
    const emails = [...new Set(s.recipients.emails.filter(validEmail).map((e) => e.trim().toLowerCase()))];
    const subscribers = s.recipients.subscribers;
    if (!s.recipients.users.length && !emails.length && subscribers === 'none') continue;
    const neutral = s.neutral ?? caseNeutralNow;
    // No field names the student beyond initials, nor their birth date or address (§11, §14).
    const fields = fieldsFor(s.code, {
      ...caseMergeFields(row, neutral, `${ctx.config.portalPublicUrl}${s.link ?? caseDetailPath(row.id)}`),
      recipientName: subscribers === 'none' && emails.length <= 1 ? recipientNameOf([...s.recipients.users.map((u) => u.fullName), s.greet]) : recipientNameOf([]),
      ...s.extra,
    });
    const rendered = await renderStoredTemplate(q, drTemplateCatalogue, s.code, fields);
    // A template switched off (§4.8) means staff chose not to send it: no email and no system message.
    if (!rendered) continue;
    const result = await sendNotice(ctx, q, {
      key: s.key,
      eventType: s.eventType,
      leaId: row.lea_id,
      subject: rendered.subject || row.case_number || s.code,
      bodyHtml: rendered.html,
      link: s.link ?? caseDetailPath(row.id),
      requiredUserIds: s.recipients.users.map((u) => u.id),
      requiredEmails: emails,
      subscriberPermissions: subscribers === 'none' ? [REQUIRED_ONLY] : subscribers,
    });
    if (result === 'sent') sent.push(s.key);
  }
  return sent;
}

/** Delivers at once the emails of notices sent inside a transaction that has committed. */
export async function deliverCaseNotices(ctx: ApiContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await deliverNoticeEmails(ctx, { key });
}
