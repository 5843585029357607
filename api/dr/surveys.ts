// Dispute resolution satisfaction surveys (DR spec §3, §4.7, §5.3, §8, §12, §14):
//   GET, POST /api/disputeresolution/surveys; GET, PUT /surveys/{id}          surveys with their questions (stateuser)
//   POST /surveys/{id}/activate, /copy, /retire; GET /surveys/{id}/results    life cycle and results (stateuser)
//   GET, POST /api/disputeresolution/public/surveys/{token}                   the survey and its answers, token only
// and the invitations job (one day after a case closes with a surveyed outcome). Answers are stored
// with no link to the person or the invitation; breakdowns under 3 responses are hidden. The
// rules (results, activation, edit refusal, response rate) are lib/dr/surveys.ts and rules.ts.
import { Router } from 'express';
import { z } from 'zod';
import type { IsoDay } from '../../lib/day.js';
import { TYPE_NAMES } from '../../lib/dr/contract.js';
import { responseRate } from '../../lib/dr/rules.js';
import { QUESTION_TYPES, SURVEY_AUDIENCES, SURVEY_OUTCOMES, SURVEY_TOKEN_DAYS, surveyMessages, surveyText } from '../../lib/dr/survey-text.js';
import { activation, breakdownVisible, editError, questionResult, type Answer, type QuestionType } from '../../lib/dr/surveys.js';
import { recordAudit } from '../audit.js';
import { authenticate, authOf, requirePermission } from '../auth-middleware.js';
import type { ApiContext } from '../context.js';
import type { Queryable } from '../db.js';
import { ApiError, notFound } from '../http.js';
import { hashToken, newRawToken } from '../refresh-tokens.js';
import { deliverNoticeEmails, sendNotice } from '../shared/notify.js';
import { requireDrPublicBasic } from './public.js';
import { invalid as invalidFields, parse422 } from './routes.js';
import { DR } from './store.js';

const BASE = '/api/disputeresolution';
/** The notification type invitations go out as (api/seed-data/event-types.ts). */
export const DR_SURVEY_EVENT = 'Dispute Survey Invitation';
/**
 * A permission no role holds: a survey link is single-use and personal, so an invitation reaches
 * only the party's address, never the type's subscribers (sendNotice has no "required only" switch).
 */
export const PARTIES_ONLY = 'DisputeResolution.survey-invitation.parties-only';

const invalid = (field: string, message: string) => invalidFields([{ field, message }]);

const questionBody = z.object({
  text: z.string().trim().min(1, surveyText.questionRequired).max(600),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean().default(false),
});
const surveyBody = z.object({
  name: z.string().trim().min(1, surveyText.nameRequired).max(200),
  disputeTypes: z.array(z.number().int().min(1).max(5)).min(1, surveyText.typesRequired).max(5),
  audience: z.enum(SURVEY_AUDIENCES),
  questions: z.array(questionBody).max(100).default([]),
});
const answersBody = z.object({
  answers: z.record(z.string().regex(/^\d+$/), z.union([z.number().int().min(1).max(5), z.boolean(), z.string().trim().max(4000), z.null()])).default({}),
});

export const surveySchemas = { surveyBody, questionBody, answersBody };

export interface SurveyQuestion {
  seq: number;
  text: string;
  type: QuestionType;
  required: boolean;
}

export interface SurveyDto {
  id: number;
  name: string;
  disputeTypes: number[];
  audience: (typeof SURVEY_AUDIENCES)[number];
  status: 'Draft' | 'Active' | 'Retired';
  version: number;
  questions: SurveyQuestion[];
  invitations: number;
  responses: number;
  responseRate: string;
}

interface SurveyRow {
  id: number; name: string; dispute_types: number[]; audience: SurveyDto['audience']; status: SurveyDto['status']; version: number; invitations: string; responses: string;
}

const SURVEY_SELECT = `SELECT s.id, s.name, s.dispute_types, s.audience, s.status, s.version,
    (SELECT count(*) FROM dr_survey_invitations i WHERE i.survey_id = s.id) AS invitations,
    (SELECT count(*) FROM dr_survey_responses r WHERE r.survey_id = s.id) AS responses
  FROM dr_surveys s`;

async function loadQuestions(q: Queryable, surveyIds: readonly number[]): Promise<Map<number, SurveyQuestion[]>> {
  const r = await q.query<{ survey_id: number; seq: number; text: string; type: QuestionType; required: boolean }>(
    'SELECT survey_id, seq, text, type, required FROM dr_survey_questions WHERE survey_id = ANY($1::int[]) ORDER BY survey_id, seq',
    [surveyIds],
  );
  const by = new Map<number, SurveyQuestion[]>();
  for (const x of r.rows) by.set(x.survey_id, [...(by.get(x.survey_id) ?? []), { seq: x.seq, text: x.text, type: x.type, required: x.required }]);
  return by;
}

function toDto(row: SurveyRow, questions: SurveyQuestion[]): SurveyDto {
  const invitations = Number(row.invitations);
  const responses = Number(row.responses);
  return {
    id: row.id, name: row.name, disputeTypes: row.dispute_types.map(Number), audience: row.audience, status: row.status, version: row.version,
    questions, invitations, responses, responseRate: responseRate(responses, invitations),
  };
}

export async function loadSurveys(q: Queryable, id?: number): Promise<SurveyDto[]> {
  const r = await q.query<SurveyRow>(`${SURVEY_SELECT} ${id === undefined ? '' : 'WHERE s.id = $1'} ORDER BY s.status, s.name, s.version DESC, s.id`, id === undefined ? [] : [id]);
  const questions = await loadQuestions(q, r.rows.map((x) => x.id));
  return r.rows.map((x) => toDto(x, questions.get(x.id) ?? []));
}

async function writeQuestions(q: Queryable, surveyId: number, questions: readonly Omit<SurveyQuestion, 'seq'>[]): Promise<void> {
  await q.query('DELETE FROM dr_survey_questions WHERE survey_id = $1', [surveyId]);
  for (const [i, x] of questions.entries()) {
    await q.query('INSERT INTO dr_survey_questions (survey_id, seq, text, type, required) VALUES ($1, $2, $3, $4, $5)', [surveyId, i + 1, x.text, x.type, x.required]);
  }
}

export async function createSurvey(q: Queryable, actor: string, b: z.infer<typeof surveyBody> & { status?: SurveyDto['status']; version?: number }): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO dr_surveys (name, dispute_types, audience, status, version, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [b.name, b.disputeTypes, b.audience, b.status ?? 'Draft', b.version ?? 1, actor],
  );
  const id = (r.rows[0] as { id: number }).id;
  await writeQuestions(q, id, b.questions);
  return id;
}

// ---- results ---------------------------------------------------------------------------------------

interface ResponseRow { dispute_type: number; lea_id: number | null; lea_name: string | null; school_year: string | null; answers: Record<string, Answer> }

function resultsOf(questions: readonly SurveyQuestion[], rows: readonly ResponseRow[]) {
  return questions.map((question) => ({
    seq: question.seq, text: question.text, type: question.type,
    ...questionResult(question.type, rows.map((r) => r.answers[String(question.seq)] ?? null)),
  }));
}

function breakdown(questions: readonly SurveyQuestion[], rows: readonly ResponseRow[], keyOf: (r: ResponseRow) => string) {
  const groups = new Map<string, ResponseRow[]>();
  for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, group]) => {
    const shown = breakdownVisible(group.length);
    // Under the threshold even the group's count is withheld.
    return shown.visible
      ? { label, responses: group.length, hidden: false as const, questions: resultsOf(questions, group).filter((x) => x.type !== 'Text').map(({ texts: _t, ...rest }) => rest) }
      : { label, responses: null, hidden: true as const, notice: shown.notice };
  });
}

export async function surveyResults(q: Queryable, survey: SurveyDto) {
  const rows = (await q.query<ResponseRow>(
    `SELECT r.dispute_type, r.lea_id, l.name AS lea_name, r.school_year, r.answers FROM dr_survey_responses r LEFT JOIN leas l ON l.id = r.lea_id
      WHERE r.survey_id = $1 ORDER BY r.id`,
    [survey.id],
  )).rows;
  return {
    surveyId: survey.id,
    invitations: survey.invitations,
    responses: survey.responses,
    responseRate: survey.responseRate,
    questions: resultsOf(survey.questions, rows),
    breakdowns: {
      type: breakdown(survey.questions, rows, (r) => TYPE_NAMES[r.dispute_type] ?? String(r.dispute_type)),
      lea: breakdown(survey.questions, rows, (r) => r.lea_name ?? '—'),
      year: breakdown(survey.questions, rows, (r) => r.school_year ?? '—'),
    },
  };
}

// ---- invitations -----------------------------------------------------------------------------------

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The LEA's dispute resolution contacts: enabled users holding the LEA user role for that LEA. */
async function leaContacts(q: Queryable, leaId: number | null): Promise<string[]> {
  if (leaId === null) return [];
  const r = await q.query<{ email: string }>(
    `SELECT DISTINCT u.email FROM users u
      WHERE NOT u.is_deleted AND u.is_enabled AND (u.lea_id = $1 OR EXISTS (SELECT 1 FROM user_leas ul WHERE ul.user_id = u.id AND ul.lea_id = $1))
        AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id AND rp.permission_value = $2)
      ORDER BY u.email`,
    [leaId, DR.leaUser],
  );
  return r.rows.map((x) => x.email);
}

/**
 * Invites each party with an email of the cases closed with a surveyed outcome (§8) the day before
 * `day` (or up to a week before, so a missed run catches up) to the Active survey of the case's type
 * and the party's audience (the party's own audience before 'All'). Once per case and address.
 */
export async function sendSurveyInvitations(ctx: ApiContext, day: IsoDay): Promise<number> {
  const cases = (await ctx.db.query<{ id: string; case_number: string; dispute_type: number; requester_type: number | null; requester_email: string | null; other_email: string | null; lea_id: number | null }>(
    `SELECT id, case_number, dispute_type, requester_type, requester_email, data->'otherParty'->>'email' AS other_email, lea_id
       FROM dr_cases
      WHERE NOT is_deleted AND status = 4 AND outcome = ANY($1::smallint[]) AND closed_date BETWEEN $2::date - 7 AND $2::date - 1`,
    [SURVEY_OUTCOMES, day],
  )).rows;
  if (!cases.length) return 0;
  const active = (await loadSurveys(ctx.db)).filter((s) => s.status === 'Active');
  let sent = 0;
  for (const c of cases) {
    // The filer is the parent's side unless a district filed (requester type 6); then the other party
    // is the parent. The district's side is also its dispute resolution contacts (LEA users of the case's LEA).
    const parties: { role: 'Parent' | 'LEA'; email: string | null }[] = [
      ...(c.requester_type === 6
        ? [{ role: 'LEA' as const, email: c.requester_email }, { role: 'Parent' as const, email: c.other_email }]
        : [{ role: 'Parent' as const, email: c.requester_email }]),
      ...(await leaContacts(ctx.db, c.lea_id)).map((email) => ({ role: 'LEA' as const, email })),
    ];
    for (const p of parties) {
      const email = p.email?.trim().toLowerCase();
      if (!email || !z.email().safeParse(email).success) continue;
      const candidates = active.filter((s) => s.disputeTypes.includes(c.dispute_type) && (s.audience === p.role || s.audience === 'All'));
      const survey = candidates.find((s) => s.audience === p.role) ?? candidates[0];
      if (!survey) continue;
      const raw = newRawToken();
      const key = `dr-survey:${c.id}:${p.role}:${email}`;
      const typeName = TYPE_NAMES[c.dispute_type] ?? '';
      const invited = await ctx.db.tx(async (t) => {
        const r = await t.query(
          `INSERT INTO dr_survey_invitations (survey_id, case_id, recipient_role, email, token_hash, sent_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6::timestamptz + make_interval(days => $7)) ON CONFLICT (case_id, recipient_role, email) DO NOTHING RETURNING id`,
          [survey.id, c.id, p.role, email, hashToken(raw), ctx.now().toISOString(), SURVEY_TOKEN_DAYS],
        );
        if (!r.rows.length) return false;
        const subject = `${c.case_number}: ${surveyText.invitationSubject(typeName)}`;
        await sendNotice(ctx, t, {
          key, eventType: DR_SURVEY_EVENT, leaId: c.lea_id, subject, bodyHtml: `<p>${escapeHtml(surveyText.invitationBody(typeName))}</p>`,
          link: `/dr-public/survey/${raw}`, requiredEmails: [email], emailOnly: true, subscriberPermissions: [PARTIES_ONLY],
        });
        return true;
      });
      if (invited) {
        await deliverNoticeEmails(ctx, { key });
        sent += 1;
      }
    }
  }
  return sent;
}

// ---- the router ------------------------------------------------------------------------------------

const idOf = (raw: unknown): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(surveyText.notFound);
  return id;
};

/** An invitation still good for one answer, locked for the transaction; 404 unknown, 410 used or expired. */
async function usableInvitation(q: Queryable, raw: string, now: Date, lock: boolean) {
  const r = await q.query<{ id: number; survey_id: number; responded_at: Date | null; expires_at: Date; dispute_type: number; lea_id: number | null; school_year: string | null }>(
    `SELECT i.id, i.survey_id, i.responded_at, i.expires_at, c.dispute_type, c.lea_id, c.school_year
       FROM dr_survey_invitations i JOIN dr_cases c ON c.id = i.case_id WHERE i.token_hash = $1 ${lock ? 'FOR UPDATE OF i' : ''}`,
    [hashToken(raw)],
  );
  const inv = r.rows[0];
  if (!inv) throw new ApiError(404, surveyMessages.linkUnusable);
  if (inv.responded_at || new Date(inv.expires_at).getTime() <= now.getTime()) throw new ApiError(410, surveyMessages.linkUnusable);
  return inv;
}

export function surveysRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = authenticate(ctx);
  const db = ctx.db;
  const stateOnly = requirePermission(DR.stateUser);
  const one = async (id: number) => {
    const s = (await loadSurveys(db, id))[0];
    if (!s) throw notFound(surveyText.notFound);
    return s;
  };

  router.get(`${BASE}/surveys`, auth, stateOnly, async (_req, res) => {
    res.json(await loadSurveys(db));
  });

  router.post(`${BASE}/surveys`, auth, stateOnly, async (req, res) => {
    const b = parse422(surveyBody, req.body);
    const actor = authOf(res).userId;
    const id = await db.tx(async (t) => {
      const created = await createSurvey(t, actor, b);
      await recordAudit(t, { actor, action: 'dr-survey.create', entityType: 'dr-survey', entityId: created, changes: { survey: { old: null, new: b } } });
      return created;
    });
    res.status(201).json(await one(id));
  });

  router.get(`${BASE}/surveys/:id`, auth, stateOnly, async (req, res) => {
    res.json(await one(idOf(req.params.id)));
  });

  router.put(`${BASE}/surveys/:id`, auth, stateOnly, async (req, res) => {
    const survey = await one(idOf(req.params.id));
    const refused = editError(survey);
    if (refused) throw invalid('form', refused);
    const b = parse422(surveyBody, req.body);
    const actor = authOf(res).userId;
    await db.tx(async (t) => {
      await t.query('UPDATE dr_surveys SET name = $2, dispute_types = $3, audience = $4, updated_at = now(), updated_by = $5 WHERE id = $1', [survey.id, b.name, b.disputeTypes, b.audience, actor]);
      await writeQuestions(t, survey.id, b.questions);
      await recordAudit(t, { actor, action: 'dr-survey.update', entityType: 'dr-survey', entityId: survey.id, changes: { survey: { old: survey, new: b } } });
    });
    res.json(await one(survey.id));
  });

  router.post(`${BASE}/surveys/:id/activate`, auth, stateOnly, async (req, res) => {
    const survey = await one(idOf(req.params.id));
    if (survey.status !== 'Draft') throw invalid('status', surveyText.notDraft);
    const summary = (s: SurveyDto) => ({ ...s, id: String(s.id), disputeTypes: s.disputeTypes.map(String), questionCount: s.questions.length });
    const result = activation(summary(survey), (await loadSurveys(db)).map(summary));
    if ('error' in result) throw invalid('questions', result.error);
    const retires = result.retires.map(Number);
    const actor = authOf(res).userId;
    await db.tx(async (t) => {
      await t.query(`UPDATE dr_surveys SET status = 'Retired', updated_at = now(), updated_by = $2 WHERE id = ANY($1::int[])`, [retires, actor]);
      await t.query(`UPDATE dr_surveys SET status = 'Active', updated_at = now(), updated_by = $2 WHERE id = $1`, [survey.id, actor]);
      await recordAudit(t, { actor, action: 'dr-survey.activate', entityType: 'dr-survey', entityId: survey.id, changes: { status: { old: survey.status, new: 'Active' }, retired: { old: null, new: retires } } });
    });
    res.json({ ...(await one(survey.id)), retired: retires });
  });

  router.post(`${BASE}/surveys/:id/copy`, auth, stateOnly, async (req, res) => {
    const survey = await one(idOf(req.params.id));
    const actor = authOf(res).userId;
    const id = await db.tx(async (t) => {
      const created = await createSurvey(t, actor, { ...survey, status: 'Draft', version: survey.version + 1 });
      await recordAudit(t, { actor, action: 'dr-survey.copy', entityType: 'dr-survey', entityId: created, changes: { copiedFrom: { old: null, new: survey.id } } });
      return created;
    });
    res.status(201).json(await one(id));
  });

  router.post(`${BASE}/surveys/:id/retire`, auth, stateOnly, async (req, res) => {
    const survey = await one(idOf(req.params.id));
    if (survey.status === 'Retired') throw invalid('status', surveyText.alreadyRetired);
    const actor = authOf(res).userId;
    await db.query(`UPDATE dr_surveys SET status = 'Retired', updated_at = now(), updated_by = $2 WHERE id = $1`, [survey.id, actor]);
    await recordAudit(db, { actor, action: 'dr-survey.retire', entityType: 'dr-survey', entityId: survey.id, changes: { status: { old: survey.status, new: 'Retired' } } });
    res.json(await one(survey.id));
  });

  // A case's survey tab (§4.3): the invitations with their sent and responded dates, never the answers.
  router.get(`${BASE}/cases/:id/survey-invitations`, auth, stateOnly, async (req, res) => {
    const id = z.string().uuid().safeParse(req.params.id);
    if (!id.success) throw notFound();
    const r = await db.query<{ id: number; survey_name: string; recipient_role: string; email: string; sent_at: Date | string; expires_at: Date | string; responded_at: Date | string | null }>(
      `SELECT i.id, s.name AS survey_name, i.recipient_role, i.email, i.sent_at, i.expires_at, i.responded_at
         FROM dr_survey_invitations i JOIN dr_surveys s ON s.id = i.survey_id JOIN dr_cases c ON c.id = i.case_id
        WHERE i.case_id = $1 AND NOT c.is_deleted ORDER BY i.sent_at, i.id`,
      [id.data],
    );
    const iso = (v: Date | string) => new Date(v).toISOString();
    res.json(
      r.rows.map((x) => ({ id: x.id, survey: x.survey_name, recipientRole: x.recipient_role, email: x.email, sentAt: iso(x.sent_at), expiresAt: iso(x.expires_at), respondedAt: x.responded_at ? iso(x.responded_at) : null })),
    );
  });

  router.get(`${BASE}/surveys/:id/results`, auth, stateOnly, async (req, res) => {
    res.json(await surveyResults(db, await one(idOf(req.params.id))));
  });

  // ---- public: the portal's Basic credentials and the invitation's token (§12)
  const basic = requireDrPublicBasic(ctx);
  router.get(`${BASE}/public/surveys/:token`, basic, async (req, res) => {
    const inv = await usableInvitation(db, String(req.params.token), ctx.now(), false);
    const survey = await one(inv.survey_id);
    res.json({ name: survey.name, disputeType: inv.dispute_type, questions: survey.questions });
  });

  router.post(`${BASE}/public/surveys/:token`, basic, async (req, res) => {
    const b = parse422(answersBody, req.body ?? {});
    await db.tx(async (t) => {
      const inv = await usableInvitation(t, String(req.params.token), ctx.now(), true);
      const survey = (await loadSurveys(t, inv.survey_id))[0];
      if (!survey) throw new ApiError(404, surveyMessages.linkUnusable);
      const answers: Record<string, Answer> = {};
      const errors: { field: string; message: string }[] = [];
      for (const question of survey.questions) {
        const a = b.answers[String(question.seq)] ?? null;
        const fits = a === null || a === '' ? null : question.type === 'Likert5' ? typeof a === 'number' : question.type === 'YesNo' ? typeof a === 'boolean' : typeof a === 'string';
        if (fits === false) errors.push({ field: `answers.${question.seq}`, message: surveyText.answerRequired });
        else if (fits === null && question.required) errors.push({ field: `answers.${question.seq}`, message: surveyText.answerRequired });
        answers[String(question.seq)] = fits ? a : null;
      }
      if (errors.length) throw invalidFields(errors);
      // No invitation, case or person goes with the answers (§14).
      await t.query('INSERT INTO dr_survey_responses (survey_id, dispute_type, lea_id, school_year, answers, submitted_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
        survey.id, inv.dispute_type, inv.lea_id, inv.school_year, JSON.stringify(answers), ctx.now().toISOString(),
      ]);
      await t.query('UPDATE dr_survey_invitations SET responded_at = $2 WHERE id = $1', [inv.id, ctx.now().toISOString()]);
      await recordAudit(t, { actor: 'public', action: 'dr-survey.token-use', entityType: 'dr-survey', entityId: survey.id, changes: {} });
    });
    res.status(201).json({ message: surveyMessages.thankYou });
  });

  return router;
}

