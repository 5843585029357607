// Dispute resolution e-signature requests (DR spec §3 SignRequest, §4.2, §4.3, §4.11, §8, §11, §12, §14):
//   POST /api/disputeresolution/cases/{id}/sign-requests      send a signing link (stateuser)
//   GET  /api/disputeresolution/cases/{id}/sign-requests      the case's requests, no tokens (stateuser)
//   GET, POST /api/disputeresolution/public/sign/{token}      the document, and the signature (public Basic + token)
// Purposes: 1 a staff-intake state complaint signed remotely (signing submits the draft, received
// on the signing date); 2 agreement to participate (MED, IEPF); 3 resolution meeting waiver
// (DP, EDP: the RESOLUTION_WAIVED milestone, deadlines recalculated); 4 the parent's choice of
// three hearing officers (parent-filed DP, EDP: the first ranked is proposed). Tokens are stored as
// SHA-256 hashes and answer once; every use is in the audit log.
import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { agencyToday, AGENCY_TIME_ZONE } from '../../lib/day.js';
import { TYPE_NAMES } from '../../lib/dr/contract.js';
import { usDate } from '../../lib/dr/messages.js';
import { ISSUE_CATEGORIES, RECEIVED_VIA, signErrors, type CaseData } from '../../lib/dr/request.js';
import { rotationOrder } from '../../lib/dr/rules.js';
import { SIGN_PURPOSE_NAMES, signExpiryDay, signMessages, signText, type SignPurpose } from '../../lib/dr/sign-text.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, notFound } from '../http.js';
import { LIMITS, limitClient } from '../rate-limits.js';
import { hashToken, newRawToken } from '../refresh-tokens.js';
import { loadHolidayDates } from '../shared/calendars.js';
import { renderStoredTemplate } from '../shared/email-templates.js';
import { deliverNoticeEmails, sendNotice } from '../shared/notify.js';
import { drTemplateCatalogue } from './email-templates.js';
import { proposeFromParentChoice } from './ho-choice.js';
import { loadRoster, rotationRequest } from './neutrals.js';
import { requireDrPublicBasic } from './public.js';
import { draftStateOf, drMessages, invalid as invalidFields, parse422, stepContext } from './routes.js';
import { caseTypeOf, dataOf, DR, initialsOf, loadCaseRow, refreshDeadlines, scopedCase, type CaseRow, type Viewer } from './store.js';
import { submitDraft } from './submit.js';
import { deliverCaseNotices } from './notify.js';
import { PARTIES_ONLY } from './surveys.js';

const BASE = '/api/disputeresolution';
/** The notification type signing links go out as (api/seed-data/event-types.ts). */
export const DR_SIGN_EVENT = 'DR Signature Requested';
const HEARING_OFFICER = 3;

const invalid = (field: string, message: string) => invalidFields([{ field, message }]);

const createBody = z.object({
  purpose: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: signMessages.purpose }),
  recipientName: z.string({ error: signMessages.recipientName }).trim().min(1, signMessages.recipientName).max(200, signMessages.recipientName),
  recipientEmail: z.string({ error: signMessages.recipientEmail }).trim().toLowerCase().pipe(z.email(signMessages.recipientEmail).max(320, signMessages.recipientEmail)),
  /** Purpose 1: how the paper filing reached the agency. */
  receivedVia: z.enum(RECEIVED_VIA, { error: drMessages.receivedVia }).optional(),
});
const signBody = z.object({
  typedName: z.string({ error: signMessages.typedName }).trim().max(200, signMessages.typedName).default(''),
  agreed: z.boolean({ error: signMessages.agreed }).default(false),
  ranking: z.array(z.string().max(40), { error: signMessages.ranking }).max(3, signMessages.ranking).optional(),
});

export const signSchemas = { createBody, signBody };

export interface SignRequestDto {
  id: string;
  purpose: SignPurpose;
  purposeName: string;
  recipientName: string;
  recipientEmail: string;
  expiresAt: string;
  completedAt: string | null;
  lapsedAt: string | null;
  offered: { userId: string; name: string }[];
  ranking: string[] | null;
}

interface SignRow {
  id: string; case_id: string; purpose: SignPurpose; recipient_name: string; recipient_email: string; expires_at: Date | string;
  completed_at: Date | string | null; lapsed_at: Date | string | null; response: { ranking?: string[] } | null; offered: string[] | null; received_via: string | null;
}

const SIGN_SELECT = `SELECT id, case_id, purpose, recipient_name, recipient_email, expires_at, completed_at, lapsed_at, response,
  offered_user_ids::text[] AS offered, received_via FROM dr_sign_requests`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

async function namesOf(q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const r = await q.query<{ id: string; full_name: string }>('SELECT id::text AS id, full_name FROM users WHERE id::text = ANY($1::text[])', [ids]);
  return new Map(r.rows.map((x) => [x.id, x.full_name]));
}

/** The case's signature requests, newest first, without tokens. */
export async function loadSignRequests(q: Queryable, caseId: string): Promise<SignRequestDto[]> {
  const rows = (await q.query<SignRow>(`${SIGN_SELECT} WHERE case_id = $1 ORDER BY created_at DESC, id`, [caseId])).rows;
  const names = await namesOf(q, rows.flatMap((r) => r.offered ?? []));
  return rows.map((r) => ({
    id: r.id,
    purpose: r.purpose,
    purposeName: SIGN_PURPOSE_NAMES[r.purpose],
    recipientName: r.recipient_name,
    recipientEmail: r.recipient_email,
    expiresAt: iso(r.expires_at) as string,
    completedAt: iso(r.completed_at),
    lapsedAt: iso(r.lapsed_at),
    offered: (r.offered ?? []).map((userId) => ({ userId, name: names.get(userId) ?? '' })),
    ranking: r.response?.ranking ?? null,
  }));
}

/** Why this purpose cannot be sent for this case now, or null. */
async function refusal(q: Queryable, row: CaseRow, purpose: SignPurpose, viewer: Viewer, today: string): Promise<{ field: string; message: string } | null> {
  const type = caseTypeOf(row);
  if (row.status === 4) return { field: 'purpose', message: signMessages.closed };
  if (purpose === 1) {
    // Staff intake of a paper state complaint (§4.2): only it must be signed; the draft is the caller's.
    if (row.status !== 0 || row.created_by !== viewer.userId || type !== 'SC') return { field: 'purpose', message: signMessages.notDraft };
    const state = draftStateOf(row);
    const errors = signErrors(state, await stepContext(q, viewer, state.leaId, today), state.data.requester?.fullName ?? '', true).filter((e) => e.field === 'form');
    return errors.length ? { field: 'form', message: signMessages.incomplete } : null;
  }
  if (row.status === 0) return { field: 'purpose', message: signMessages.notDraft };
  if (purpose === 2) return type === 'MED' || type === 'IEPF' ? null : { field: 'purpose', message: signMessages.agreementOnly };
  if (purpose === 3) return type === 'DP' || type === 'EDP' ? null : { field: 'purpose', message: signMessages.waiverOnly };
  if (!(type === 'DP' || type === 'EDP') || row.requester_type === 6) return { field: 'purpose', message: signMessages.choiceOnly };
  const open = await q.query(`SELECT 1 FROM dr_assignments WHERE case_id = $1 AND neutral_type = $2 AND status IN ('Proposed', 'Accepted')`, [row.id, HEARING_OFFICER]);
  if (open.rows.length) return { field: 'purpose', message: signMessages.choiceAssigned };
  const pending = await q.query(
    `SELECT 1 FROM dr_sign_requests WHERE case_id = $1 AND purpose = 4 AND completed_at IS NULL AND lapsed_at IS NULL AND expires_at > now()`,
    [row.id],
  );
  return pending.rows.length ? { field: 'purpose', message: signMessages.choicePending } : null;
}

/** A request still good for one signature; 404 unknown, 410 used or expired. */
async function usableRequest(q: Queryable, raw: string, now: Date, lock: boolean): Promise<SignRow> {
  const r = await q.query<SignRow>(`${SIGN_SELECT} WHERE token_hash = $1 ${lock ? 'FOR UPDATE' : ''}`, [hashToken(raw)]);
  const s = r.rows[0];
  if (!s) throw new ApiError(404, signMessages.linkUnusable);
  if (s.completed_at || s.lapsed_at || new Date(s.expires_at).getTime() <= now.getTime()) throw new ApiError(410, signMessages.linkUnusable);
  return s;
}

/** What the signer sees: no PII beyond the student's initials. */
async function documentOf(q: Queryable, s: SignRow, row: CaseRow) {
  const names = await namesOf(q, s.offered ?? []);
  const data = dataOf(row);
  const issues = s.purpose === 1 ? (data.issues ?? []).map((code) => ISSUE_CATEGORIES.find((i) => i.code === code)?.label ?? '').filter(Boolean) : [];
  return {
    purpose: s.purpose,
    purposeName: SIGN_PURPOSE_NAMES[s.purpose],
    recipientName: s.recipient_name,
    expiresAt: iso(s.expires_at) as string,
    caseNumber: row.case_number,
    disputeTypeName: row.dispute_type ? (TYPE_NAMES[row.dispute_type] ?? '') : '',
    leaName: row.lea_name,
    studentInitials: initialsOf(row),
    text: s.purpose === 1 ? signText.requestSummary : s.purpose === 2 ? signText.agreementText : s.purpose === 3 ? signText.waiverText : signText.choiceIntro,
    issues,
    officers: (s.offered ?? []).map((userId) => ({ userId, name: names.get(userId) ?? '' })),
  };
}

export type SignDocument = Awaited<ReturnType<typeof documentOf>>;

export function signRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;
  const stateOnly = requirePermission(DR.stateUser);
  const basic = requireDrPublicBasic(ctx);
  const limited: RequestHandler = async (req, res, next) => {
    await limitClient(ctx, req, res, LIMITS.drPublicPerClient);
    next();
  };
  const caseOf = async (rawId: unknown, res: Parameters<RequestHandler>[1]) => {
    const id = z.string().uuid().safeParse(rawId);
    if (!id.success) throw notFound(drMessages.notFound);
    const found = await scopedCase(db, id.data, authOf(res));
    if (!found) throw notFound(drMessages.notFound);
    return found;
  };

  router.get(`${BASE}/cases/:id/sign-requests`, auth, stateOnly, async (req, res) => {
    const { row } = await caseOf(req.params.id, res);
    res.json(await loadSignRequests(db, row.id));
  });

  router.post(`${BASE}/cases/:id/sign-requests`, auth, stateOnly, async (req, res) => {
    const { row, viewer } = await caseOf(req.params.id, res);
    const b = parse422(createBody, req.body);
    const actor = viewer.userId;
    const today = agencyToday(ctx.now());
    const refused = await refusal(db, row, b.purpose, viewer, today);
    if (refused) throw invalidFields([refused]);
    let offered: string[] | null = null;
    if (b.purpose === 4) {
      offered = rotationOrder(await loadRoster(db, HEARING_OFFICER), rotationRequest(row, HEARING_OFFICER)).slice(0, 3).map((n) => n.userId);
      if (offered.length < 3) throw invalid('purpose', signMessages.noThree);
    }
    const expiryDay = signExpiryDay(b.purpose, caseTypeOf(row) === 'EDP', today, await loadHolidayDates(db));
    const raw = newRawToken();
    const key = `dr-sign:${row.id}:${hashToken(raw).slice(0, 16)}`;
    const signLink = `${ctx.config.portalPublicUrl}/sign-form/${raw}`;
    const created = await db.tx(async (q) => {
      // The link ends at the close of its last day, agency time.
      const r = await q.query<{ id: string; expires_at: Date | string }>(
        `INSERT INTO dr_sign_requests (case_id, purpose, recipient_name, recipient_email, token_hash, expires_at, offered_user_ids, received_via, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, (($6::date + 1)::timestamp AT TIME ZONE '${AGENCY_TIME_ZONE}'), $7::uuid[], $8, $9, $10) RETURNING id, expires_at`,
        [row.id, b.purpose, b.recipientName, b.recipientEmail, hashToken(raw), expiryDay, offered, b.receivedVia ?? null, actor, ctx.now().toISOString()],
      );
      const sr = r.rows[0] as { id: string; expires_at: Date | string };
      const code = b.purpose === 4 ? 'DR_HO_CHOICE_REQUEST' : 'DR_SIGNATURE_REQUEST';
      const email = await renderStoredTemplate(q, drTemplateCatalogue, code, {
        recipientName: b.recipientName,
        caseNumber: row.case_number ?? '',
        disputeTypeName: row.dispute_type ? (TYPE_NAMES[row.dispute_type] ?? '') : '',
        caseStatus: '',
        receivedDate: row.received_date ? usDate(row.received_date) : '',
        leaName: row.lea_name ?? '',
        studentInitials: initialsOf(row),
        requesterName: dataOf(row).requester?.fullName ?? '',
        neutralName: '',
        neutralType: '',
        caseLink: signLink,
        signLink,
      });
      if (email) {
        await sendNotice(ctx, q, {
          key, eventType: DR_SIGN_EVENT, leaId: row.lea_id, subject: email.subject, bodyHtml: email.html,
          link: signLink, requiredEmails: [b.recipientEmail], emailOnly: true, subscriberPermissions: [PARTIES_ONLY],
        });
      }
      await recordAudit(q, {
        actor, action: 'dr-sign.request', entityType: 'dr-case', entityId: row.id,
        changes: { signRequest: { old: null, new: { id: sr.id, purpose: b.purpose, recipientEmail: b.recipientEmail, offered } } },
      });
      return sr;
    });
    await deliverNoticeEmails(ctx, { key });
    res.status(201).json({ id: created.id, expiresAt: iso(created.expires_at) });
  });

  // ---- public, by the portal's Basic credentials and the token
  router.get(`${BASE}/public/sign/:token`, basic, limited, async (req, res) => {
    const s = await usableRequest(db, String(req.params.token), ctx.now(), false);
    const row = await loadCaseRow(db, s.case_id);
    if (!row) throw new ApiError(404, signMessages.linkUnusable);
    res.json(await documentOf(db, s, row));
  });

  router.post(`${BASE}/public/sign/:token`, basic, limited, async (req, res) => {
    const parsed = signBody.safeParse(req.body ?? {});
    const b = parsed.success ? parsed.data : { typedName: '', agreed: false, ranking: undefined };
    const result = await db.tx(async (q) => {
      const s = await usableRequest(q, String(req.params.token), ctx.now(), true);
      const row = await loadCaseRow(q, s.case_id);
      if (!row) throw new ApiError(404, signMessages.linkUnusable);
      const errors: { field: string; message: string }[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
      if (!b.typedName) errors.push({ field: 'typedName', message: signMessages.typedName });
      if (!b.agreed) errors.push({ field: 'agreed', message: signMessages.agreed });
      const offered = s.offered ?? [];
      const ranking = b.ranking ?? [];
      if (s.purpose === 4 && !(ranking.length === 3 && new Set(ranking).size === 3 && ranking.every((id) => offered.includes(id)))) {
        errors.push({ field: 'ranking', message: signMessages.ranking });
      }
      if (errors.length) throw invalidFields(errors.filter((e, i) => errors.findIndex((x) => x.field === e.field) === i));
      const now = ctx.now().toISOString();
      const today = agencyToday(ctx.now());
      const response = { typedName: b.typedName, agreed: true, signedAt: now, textVersions: { [`sign-purpose-${s.purpose}`]: 1 }, ...(s.purpose === 4 ? { ranking } : {}) };
      await q.query('UPDATE dr_sign_requests SET completed_at = $2, response = $3::jsonb WHERE id = $1', [s.id, now, JSON.stringify(response)]);
      await recordAudit(q, { actor: 'public', action: 'dr-sign.token-use', entityType: 'dr-case', entityId: row.id, changes: { signRequest: { old: null, new: { id: s.id, purpose: s.purpose } } } });
      if (s.purpose === 1) {
        if (row.status !== 0 || caseTypeOf(row) !== 'SC') throw new ApiError(410, signMessages.linkUnusable);
        const data: CaseData = {
          ...dataOf(row),
          signature: {
            typedName: b.typedName, signedAt: now, textVersions: response.textVersions,
            ipHash: createHash('sha256').update(req.ip ?? '').digest('hex'), userAgent: (req.get('user-agent') ?? '').slice(0, 400),
          },
        };
        // Received on the signing date (§4.2): until then no deadline ran.
        return { purpose: s.purpose, notices: (await submitDraft(ctx, q, { row, type: 'SC', received: today, receivedVia: s.received_via ?? 'Email', otherPartyReceived: null, data, actor: 'public', today })).notices };
      } else if (s.purpose === 2 || s.purpose === 3) {
        const type = s.purpose === 2 ? 'AGREEMENT_TO_PARTICIPATE' : 'RESOLUTION_WAIVED';
        await q.query(
          `INSERT INTO dr_case_actions (case_id, type, action_date, note, visibility, created_by, updated_by) VALUES ($1, $2, $3, $4, 'Internal', 'public', 'public')`,
          [row.id, type, today, `${SIGN_PURPOSE_NAMES[s.purpose]}: ${b.typedName}`],
        );
        if (s.purpose === 2 && !row.both_parties_agreed_date) {
          // Both parties agreed once two agreements are signed (§5.1 Submitted -> Active).
          const signed = await q.query<{ n: string }>(`SELECT count(*) AS n FROM dr_sign_requests WHERE case_id = $1 AND purpose = 2 AND completed_at IS NOT NULL`, [row.id]);
          if (Number(signed.rows[0]?.n ?? 0) >= 2) await q.query('UPDATE dr_cases SET both_parties_agreed_date = $2::date, updated_at = now(), updated_by = $3 WHERE id = $1', [row.id, today, 'public']);
        }
        await refreshDeadlines(q, row.id, today);
      } else {
        return { purpose: s.purpose, notices: (await proposeFromParentChoice(ctx, q, row.id, 'public')) ?? [] };
      }
      return { purpose: s.purpose, notices: [] };
    });
    await deliverCaseNotices(ctx, result.notices);
    res.status(201).json({ message: result.purpose === 4 ? signMessages.thankYouChoice : signMessages.thankYou });
  });

  return router;
}
