// What turning a draft into a submitted case does (DR spec §5.1 Draft -> Submitted), shared by the
// owner's submit (api/dr/routes.ts) and a staff-intake request signed through the sign-form
// (api/dr/sign.ts): the case number, receivedDate and school year, a linked mediation when DP
// question 2 asked for one, the deadlines, and the DR Request Submitted notices (sent by the
// caller with deliverCaseNotices once the transaction commits).
import { caseSchoolYear } from '../../lib/dr/cases.js';
import type { CaseData } from '../../lib/dr/request.js';
import type { CaseType } from '../../lib/dr/timeline.js';
import type { IsoDay } from '../../lib/day.js';
import { recordAudit } from '../audit.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { notifyCase } from './notify.js';
import { loadDeadlines, nextCaseNumber, refreshDeadlines, type CaseRow } from './store.js';

export interface SubmitDraft {
  row: CaseRow;
  type: CaseType;
  received: IsoDay;
  receivedVia: string;
  otherPartyReceived: IsoDay | null;
  data: CaseData;
  /** Who submits: a user id, or 'public' for a sign-form signer. */
  actor: string;
  today: IsoDay;
}

/** Submits a draft inside the caller's transaction; returns what the acknowledgement shows and the notices to deliver. */
export async function submitDraft(ctx: ApiContext, q: Queryable, s: SubmitDraft) {
  const { row, type, received, data, actor, today: t } = s;
  const schoolYear = caseSchoolYear(received);
  const number = await nextCaseNumber(q, type, schoolYear);
  await q.query(
    `UPDATE dr_cases SET status = 1, case_number = $2, received_date = $3::date, school_year = $4, received_via = $7,
            other_party_received_date = CASE WHEN dispute_type IN (4, 5) THEN COALESCE($8::date, $3::date) END, data = $5::jsonb, updated_at = now(), updated_by = $6
      WHERE id = $1`,
    [row.id, number, received, schoolYear, JSON.stringify(data), actor, s.receivedVia, s.otherPartyReceived],
  );
  await recordAudit(q, { actor, action: 'dr-case.submit', entityType: 'dr-case', entityId: row.id, changes: { status: { old: 'Draft', new: 'Submitted' }, caseNumber: { old: null, new: number } } });
  // DP question 2 = yes: a mediation request linked with relation 2 (§4.2 step 5, §8).
  let linkedMediation: string | null = null;
  if ((type === 'DP' || type === 'EDP') && data.dpAnswers?.q2RequestMediation) {
    const medNumber = await nextCaseNumber(q, 'MED', schoolYear);
    const med = await q.query<{ id: string }>(
      `INSERT INTO dr_cases (case_number, dispute_type, status, requester_type, lea_id, filing_lea_id, school_year, received_date, received_via,
                             student_first_name, student_last_name, requester_email, attorney_email, data, created_by, updated_by)
       SELECT $2, 2, 1, requester_type, lea_id, filing_lea_id, school_year, received_date, received_via,
              student_first_name, student_last_name, requester_email, attorney_email, data - 'dpAnswers' - 'knewDate', created_by, created_by
         FROM dr_cases WHERE id = $1 RETURNING id`,
      [row.id, medNumber],
    );
    const medId = med.rows[0]?.id as string;
    await q.query('INSERT INTO dr_case_links (case_a, case_b, relation, created_by) VALUES ($1, $2, 2, $3)', [medId, row.id, actor]);
    await refreshDeadlines(q, medId, t);
    linkedMediation = medNumber;
  }
  await refreshDeadlines(q, row.id, t);
  // DR Request Submitted (§11): the filer, and the subscribers (state staff, the respondent LEA's).
  const notices = await notifyCase(ctx, q, { kind: 'submitted' }, row.id);
  const deadlines = await loadDeadlines(q, row.id, false, t);
  return { answer: { id: row.id, caseNumber: number, receivedDate: received, schoolYear, deadlines, linkedMediation }, notices };
}
