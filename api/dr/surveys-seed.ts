// The demo surveys (DR spec §13): 'Mediation - Parent' and 'IEP Facilitation - All' Active with
// 12 responses each (spread over LEAs and years so some breakdowns show and some are hidden), and
// an unanswered invitation for dr.public's closed mediation. Called from seedDisputeResolution.
import { addDays, type IsoDay } from '../../lib/day.js';
import type { Queryable } from '../db.js';
import { hashToken, newRawToken } from '../refresh-tokens.js';
import { SURVEY_OUTCOMES, SURVEY_TOKEN_DAYS } from '../../lib/dr/survey-text.js';
import { createSurvey } from './surveys.js';

const SURVEYS = [
  {
    name: 'Mediation - Parent', disputeTypes: [2], audience: 'Parent' as const,
    questions: [
      { text: 'The mediator was fair to both parties.', type: 'Likert5' as const, required: true },
      { text: 'The mediation process was explained clearly.', type: 'Likert5' as const, required: true },
      { text: 'Would you use mediation again?', type: 'YesNo' as const, required: false },
      { text: 'What could we do better?', type: 'Text' as const, required: false },
    ],
  },
  {
    name: 'IEP Facilitation - All', disputeTypes: [1], audience: 'All' as const,
    questions: [
      { text: 'The facilitator helped the team stay focused on the student.', type: 'Likert5' as const, required: true },
      { text: 'Did the meeting end with an IEP everyone could accept?', type: 'YesNo' as const, required: false },
      { text: 'Any other comments?', type: 'Text' as const, required: false },
    ],
  },
];

const COMMENTS = ['More time to prepare would help.', 'Clear and respectful.', 'Scheduling took too long.'];

export async function seedSurveys(q: Queryable, input: { stateUser: string; today: IsoDay; publicMediation: string | null }): Promise<void> {
  const leas = (await q.query<{ id: number }>('SELECT id FROM leas ORDER BY id LIMIT 3')).rows.map((r) => r.id);
  const ids: number[] = [];
  for (const s of SURVEYS) ids.push(await createSurvey(q, input.stateUser, { ...s, status: 'Active' }));
  const year = Number(input.today.slice(0, 4));
  for (const [k, s] of SURVEYS.entries()) {
    for (let i = 0; i < 12; i += 1) {
      const answers: Record<string, number | boolean | string | null> = {};
      s.questions.forEach((question, j) => {
        answers[String(j + 1)] = question.type === 'Likert5' ? 1 + ((i + j * 2) % 5) : question.type === 'YesNo' ? i % 3 !== 0 : i % 4 === 0 ? COMMENTS[i % COMMENTS.length] ?? null : null;
      });
      // Eleven in one school year, one alone in the year before: that year's breakdown is hidden.
      const schoolYear = i === 11 ? `${year - 2}-${String(year - 1).slice(2)}` : `${year - 1}-${String(year).slice(2)}`;
      await q.query(
        'INSERT INTO dr_survey_responses (survey_id, dispute_type, lea_id, school_year, answers, submitted_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::date + time \'12:00\')',
        [ids[k], s.disputeTypes[0], leas[i % 2] ?? null, schoolYear, JSON.stringify(answers), addDays(input.today, -30 - i)],
      );
    }
    // Forty invitations each (dr.public's below among the mediation's) over the type's closed cases: 12 of 40 reads 30.0%.
    const closed = (await q.query<{ id: string }>(
      `SELECT id FROM dr_cases WHERE dispute_type = $1 AND status = 4 AND outcome = ANY($2::smallint[]) AND id IS DISTINCT FROM $3 ORDER BY closed_date, id`,
      [s.disputeTypes[0], SURVEY_OUTCOMES, input.publicMediation],
    )).rows.map((r) => r.id);
    for (let i = 0; i < 40 - (k === 0 && input.publicMediation ? 1 : 0) && closed.length; i += 1) {
      await q.query(
        `INSERT INTO dr_survey_invitations (survey_id, case_id, recipient_role, email, token_hash, sent_at, expires_at, responded_at)
         VALUES ($1, $2, 'Parent', $3, $4, $5::date, $5::date + 30, CASE WHEN $6 THEN $5::date + 2 END)`,
        [ids[k], closed[i % closed.length], `invited${k}-${i}@family.example`, hashToken(newRawToken()), addDays(input.today, -60 - i), i < 12],
      );
    }
  }
  // dr.public's closed mediation: an invitation not answered yet (its link went by email).
  if (input.publicMediation) {
    await q.query(
      `INSERT INTO dr_survey_invitations (survey_id, case_id, recipient_role, email, token_hash, sent_at, expires_at)
       VALUES ($1, $2, 'Parent', 'dr.public@demo.example', $3, $4::date, $4::date + $5::int)`,
      [ids[0], input.publicMediation, hashToken(newRawToken()), addDays(input.today, -2), SURVEY_TOKEN_DAYS],
    );
  }
}
