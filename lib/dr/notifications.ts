// What the dispute resolution module sends and with which merge fields (DR spec §11): the
// fields every template may use and the ones only some may, and which deadline reminders are due
// on a day (7 and 2 calendar days before a Pending deadline, and the day after it passed). Each
// (deadline, kind) is sent once: the job stores the key `reminderKey` gives and skips a key it
// has sent, so a day the job did not run is caught up the next day without sending twice.
import { addDays, type IsoDay } from '../day.js';
import type { DeadlineCode, DeadlineState } from './timeline.js';

export const DR_TEMPLATE_CODES = [
  'DR_REQUEST_SUBMITTED',
  'DR_REQUEST_RECEIVED_LEA',
  'DR_CASE_ACCEPTED',
  'DR_NEUTRAL_ASSIGNED',
  'DR_DEADLINE_APPROACHING',
  'DR_DEADLINE_MISSED',
  'DR_WITHDRAWAL_REQUESTED',
  'DR_WITHDRAWAL_DECIDED',
  'DR_CASE_CLOSED',
  'DR_SIGNATURE_REQUEST',
  'DR_HO_CHOICE_REQUEST',
  'DR_SURVEY_INVITATION',
] as const;
export type DrTemplateCode = (typeof DR_TEMPLATE_CODES)[number];

/** Fields any template may use; none exposes a student's full name, birth date or address. */
export const DR_COMMON_FIELDS = [
  'caseNumber',
  'disputeTypeName',
  'caseStatus',
  'receivedDate',
  'leaName',
  'studentInitials',
  'recipientName',
  'requesterName',
  'neutralName',
  'neutralType',
  'caseLink',
] as const;

/** Fields only some templates may use. */
const RESTRICTED: Readonly<Record<string, readonly DrTemplateCode[]>> = {
  deadlineName: ['DR_DEADLINE_APPROACHING', 'DR_DEADLINE_MISSED'],
  dueDate: ['DR_DEADLINE_APPROACHING', 'DR_DEADLINE_MISSED'],
  daysLeft: ['DR_DEADLINE_APPROACHING', 'DR_DEADLINE_MISSED'],
  withdrawalDecision: ['DR_WITHDRAWAL_DECIDED'],
  signLink: ['DR_SIGNATURE_REQUEST', 'DR_HO_CHOICE_REQUEST'],
  surveyLink: ['DR_SURVEY_INVITATION'],
};

/** Every merge field of the module (a name outside it is "unknown"). */
export const DR_KNOWN_FIELDS: readonly string[] = [...DR_COMMON_FIELDS, ...Object.keys(RESTRICTED)];

/** The fields one template may use. */
export function drAllowedFields(code: DrTemplateCode): string[] {
  return [...DR_COMMON_FIELDS, ...Object.entries(RESTRICTED).filter(([, codes]) => codes.includes(code)).map(([field]) => field)];
}

// ---- deadline reminders --------------------------------------------------------------------------

export type ReminderKind = 'approaching-7' | 'approaching-2' | 'missed';

export interface ReminderDeadline {
  caseId: string;
  code: DeadlineCode;
  /** The due date in force (extended when extended). */
  dueDate: IsoDay | null;
  state: DeadlineState;
}

export interface DueReminder {
  caseId: string;
  code: DeadlineCode;
  kind: ReminderKind;
  template: 'DR_DEADLINE_APPROACHING' | 'DR_DEADLINE_MISSED';
  key: string;
}

/** The once-only key of a reminder: the case, the deadline, its due date and the kind. */
export function reminderKey(caseId: string, code: DeadlineCode, dueDate: IsoDay, kind: ReminderKind): string {
  return `${caseId}:${code}:${dueDate}:${kind}`;
}

/**
 * The reminders due on `today` for open deadlines: from 7 days before the due date the 7-day one,
 * from 2 days before the 2-day one, and after the due date the missed one. A moved due date
 * makes new keys, so a deadline extended after its reminder is reminded again.
 */
export function remindersDue(deadlines: readonly ReminderDeadline[], today: IsoDay): DueReminder[] {
  const out: DueReminder[] = [];
  for (const d of deadlines) {
    if (d.dueDate === null || (d.state !== 'Pending' && d.state !== 'Overdue')) continue;
    let kind: ReminderKind | null = null;
    if (today > d.dueDate) kind = 'missed';
    else if (today >= addDays(d.dueDate, -2)) kind = 'approaching-2';
    else if (today >= addDays(d.dueDate, -7)) kind = 'approaching-7';
    if (kind === null) continue;
    out.push({
      caseId: d.caseId,
      code: d.code,
      kind,
      template: kind === 'missed' ? 'DR_DEADLINE_MISSED' : 'DR_DEADLINE_APPROACHING',
      key: reminderKey(d.caseId, d.code, d.dueDate, kind),
    });
  }
  return out;
}

// ---- case notices -----------------------------------------------------------------------------------

/** The §11 events with the notification event type each goes out as (api/seed-data/event-types.ts). */
export const DR_EVENT_TYPES = {
  submitted: 'Dispute Request Submitted',
  accepted: 'DR Case Accepted',
  neutralAssigned: 'DR Neutral Assigned',
  deadlineApproaching: 'Dispute Case Timeline Reminder',
  deadlineMissed: 'DR Deadline Missed',
  withdrawalRequested: 'DR Withdrawal Requested',
  withdrawalDecided: 'DR Withdrawal Decided',
  closed: 'DR Case Closed',
} as const;

/** Where a case's in-system message and email link open: its detail page. */
export const caseDetailPath = (caseId: string) => `/dispute-resolution/cases/${encodeURIComponent(caseId)}`;

/** The greeting's {{recipientName}}: the person when a notice has one named recipient, else everyone. */
export function recipientNameOf(names: readonly (string | null | undefined)[]): string {
  const known = [...new Set(names.map((n) => n?.trim()).filter((n): n is string => Boolean(n)))];
  return known.length === 1 ? (known[0] as string) : 'all';
}

/** Only the merge fields the template may use (§11): anything else is left out, not rendered. */
export function fieldsFor<T extends Record<string, unknown>>(code: DrTemplateCode, fields: T): Partial<T> {
  const allowed = new Set(drAllowedFields(code));
  return Object.fromEntries(Object.entries(fields).filter(([k, v]) => allowed.has(k) && v !== undefined)) as Partial<T>;
}
