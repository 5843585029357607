// The Early Childhood Outcomes demo data (ECO spec §11), applied once (seed mark 'eco-demo-v1')
// after the platform's demo LEAs and users: year settings and targets for the prior and current
// school year, the prior year's exits (rows 1-12 of §11 per LEA, plus Prairie View's three
// children who are not included), and the current year's open records with their statuses
// relative to the seed day. Every step writes its event; one entry was unlocked once with a
// reason, and one submitted entry has the open unlock request of §11.
import { addDays, agencyToday, type IsoDay } from '../../lib/day.js';
import { assessmentStatusNumber, type AssessmentStatus, type ExitReason, type NewSkills, type Outcome } from '../../lib/eco/codes.js';
import { schoolYearBounds } from '../../lib/eco/dates.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import type { Queryable } from '../db.js';
import { DISTRICT_USER_LEA_CODE } from '../seed-data/demo.js';

const MARK = 'eco-demo-v1';
export const ECO_FIRST_DEMO_SSID = 9_000_000_001;
export const ECO_OPEN_UNLOCK_REASON = 'Rating date was typed as the wrong day.';
export const ECO_PAST_UNLOCK_REASON = 'The team corrected the outcome B entry rating after talking with the family.';

/** §11's rows: entry/exit/new-skills for outcomes A; B; C. */
export const ECO_SEED_ROWS: Readonly<Record<number, string>> = {
  1: '4/3/N 3/3/Y 3/2/N',
  2: '3/3/Y 2/2/Y 5/4/Y',
  3: '5/4/Y 3/3/Y 2/4/Y',
  4: '2/4/Y 2/3/Y 3/5/Y',
  5: '3/5/Y 3/4/Y 4/6/Y',
  6: '4/5/Y 2/4/Y 5/6/Y',
  7: '4/6/Y 3/5/Y 3/6/Y',
  8: '5/6/Y 4/6/Y 4/6/Y',
  9: '2/6/Y 5/6/Y 5/7/Y',
  10: '5/7/Y 4/6/Y 6/7/Y',
  11: '6/7/Y 6/6/Y 7/7/Y',
  12: '7/6/Y 6/7/Y 6/6/Y',
};

type Ratings = Record<Outcome, { entry: number; exit: number; newSkills: NewSkills }>;

function rowRatings(row: number): Ratings {
  const [a, b, c] = (ECO_SEED_ROWS[row] ?? '').split(' ').map((t) => {
    const [e, x, p] = t.split('/');
    return { entry: Number(e), exit: Number(x), newSkills: (p === 'N' ? 'N' : 'Y') as NewSkills };
  });
  if (!a || !b || !c) throw new Error(`No ECO seed row ${row}`);
  return { A: a, B: b, C: c };
}

/** Prior-year rows per LEA code (§11); Prairie View's exits of rows 6 and 12 stay submitted. */
const PRIOR_ROWS: readonly { lea: string; rows: readonly number[]; submittedExits?: readonly number[] }[] = [
  { lea: DISTRICT_USER_LEA_CODE, rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], submittedExits: [6, 12] },
  { lea: '28-0102-000', rows: [4, 5, 6, 7, 8, 9, 10, 11] },
  { lea: '71-0103-000', rows: [1, 5, 8, 10, 11, 12] },
  { lea: '28-9001-000', rows: [2, 7, 9, 12] },
];

/** Current-year open records: how many days before the seed day each entered, and how far it got. */
type OpenKind = 'pending' | 'overdue' | 'overdue-draft' | 'submitted' | 'submitted-request' | 'finalized' | 'finalized-kbound';
const OPEN_RECORDS: readonly { lea: string; records: readonly (readonly [daysAgo: number, kind: OpenKind])[] }[] = [
  {
    lea: DISTRICT_USER_LEA_CODE,
    records: [
      [10, 'pending'], [20, 'pending'], [30, 'pending'],
      [75, 'overdue'], [90, 'overdue-draft'],
      [100, 'submitted-request'], [110, 'submitted'],
      [120, 'finalized-kbound'], [130, 'finalized'], [140, 'finalized'],
    ],
  },
  { lea: '28-0102-000', records: [[15, 'pending'], [80, 'overdue'], [100, 'submitted'], [105, 'submitted'], [120, 'finalized'], [130, 'finalized']] },
  { lea: '71-0103-000', records: [[25, 'pending'], [100, 'submitted'], [125, 'finalized'], [135, 'finalized']] },
  { lea: '28-9001-000', records: [[12, 'pending'], [95, 'overdue'], [115, 'finalized']] },
];

const FIRST = ['Avery', 'Blake', 'Camila', 'Dario', 'Elena', 'Finn', 'Greta', 'Hugo', 'Iris', 'Jonah', 'Kaia', 'Luca', 'Maren', 'Nico', 'Opal', 'Pax', 'Quinn', 'Rosa', 'Silas', 'Tess', 'Umar', 'Vera', 'Wren', 'Xavi', 'Yara', 'Zane'];
const LAST = ['Abernathy', 'Bellweather', 'Calloway', 'Dunmore', 'Ellsworth', 'Fairweather', 'Galloway', 'Hollister', 'Ingleby', 'Juniper', 'Kettering', 'Larkspur', 'Merriweather', 'Northcott', 'Oakhurst', 'Pemberton', 'Quimby', 'Ravensworth', 'Stonebridge', 'Thistlewood', 'Underhill', 'Vantassel', 'Whitlock', 'Yarborough'];
const DISABILITIES = ['developmental-delay', 'speech-language-impairment', 'developmental-delay', 'autism', 'other-health-impairment'];
const TEAM = [
  { name: 'Parent of the child', role: 'parent' },
  { name: 'Jordan Ellery', role: 'ecse-teacher' },
  { name: 'Sam Whitacre', role: 'speech-language-pathologist' },
];

/** 10:00 Pacific on a day, as the events' and assessments' timestamps. */
const at = (day: IsoDay, hour = 17): string => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;

interface Step {
  status: AssessmentStatus;
  ratingDate: IsoDay | null;
  ratings: Partial<Record<Outcome, { rating: number; newSkills?: NewSkills }>>;
  submittedOn?: IsoDay;
  finalizedOn?: IsoDay;
  /** One past unlock: submitted, unlocked with the reason, submitted again. */
  unlockedOn?: IsoDay;
}

export async function seedEarlyChildhood(q: Queryable, now: Date): Promise<void> {
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [MARK]);
  if (mark.rows.length === 0) return;
  const today = agencyToday(now);
  const current = schoolYearForDate(now);
  const prior = priorSchoolYear(current);
  const p = schoolYearBounds(prior);
  const c = schoolYearBounds(current);

  // ---- settings (defaults) and targets of both years
  await q.query(`INSERT INTO eco_year_settings (school_year) VALUES ($1), ($2) ON CONFLICT (school_year) DO NOTHING`, [prior, current]);
  await q.query(
    `INSERT INTO eco_targets (ffy, target_a1, target_a2, target_b1, target_b2, target_c1, target_c2)
     VALUES ($1, 72.00, 55.00, 74.00, 45.00, 75.00, 60.00), ($2, 72.00, 55.00, 74.00, 45.00, 75.00, 60.00)
     ON CONFLICT (ffy) DO NOTHING`,
    [p.ffy, c.ffy],
  );

  const leaId = new Map((await q.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas')).rows.map((r) => [r.lea_code, r.id]));
  const schoolOf = new Map(
    (
      await q.query<{ lea_id: number; id: number }>(
        `SELECT DISTINCT ON (lea_id) lea_id, id FROM schools ORDER BY lea_id, (name ILIKE '%elementary%' OR name ILIKE '%lower%') DESC, id`,
      )
    ).rows.map((r) => [r.lea_id, r.id]),
  );
  const userId = async (email: string) => (await q.query<{ id: string }>('SELECT id::text AS id FROM users WHERE lower(email) = lower($1)', [email])).rows[0]?.id ?? 'system';
  const submitter = await userId('district.user@demo.example');
  const reviewer = await userId('state.admin@demo.example');

  let ssid = ECO_FIRST_DEMO_SSID;
  let n = 0;
  const event = (childId: number, recordId: number, assessmentId: number | null, lea: number, action: string, when: string, user: string, reason: string | null = null) =>
    q.query(`INSERT INTO eco_events (child_id, record_id, assessment_id, lea_id, action, user_id, at, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      childId, recordId, assessmentId, lea, action, user, when, reason,
    ]);

  async function child(lea: number, birthDate: IsoDay, entryDate: IsoDay): Promise<{ childId: number; recordId: number }> {
    const i = n++;
    const made = await q.query<{ id: number }>(
      `INSERT INTO eco_children (state_student_id, first_name, last_name, birth_date, lea_id, school_id, disability_category, created_by, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $9) RETURNING id`,
      [String(ssid++), FIRST[i % FIRST.length], LAST[(i * 7) % LAST.length], birthDate, lea, schoolOf.get(lea) ?? null, DISABILITIES[i % DISABILITIES.length], submitter, at(entryDate)],
    );
    const childId = made.rows[0]!.id;
    const record = await q.query<{ id: number }>(
      `INSERT INTO eco_records (child_id, lea_id, entry_date, created_by, updated_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $4, $5, $5) RETURNING id`,
      [childId, lea, entryDate, submitter, at(entryDate)],
    );
    const recordId = record.rows[0]!.id;
    await event(childId, recordId, null, lea, 'child-created', at(entryDate), submitter);
    return { childId, recordId };
  }

  async function assessment(ids: { childId: number; recordId: number }, lea: number, type: 'entry' | 'exit', s: Step): Promise<number> {
    const savedOn = s.ratingDate ?? today;
    const r = await q.query<{ id: number }>(
      `INSERT INTO eco_assessments (record_id, type, status, rating_date, rating_a, rating_b, rating_c, new_skills_a, new_skills_b, new_skills_c,
                                    team_members, family_input, sources, first_submitted_at, submitted_at, submitted_by, finalized_at, finalized_by,
                                    unlock_count, version, created_by, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, 'received-in-meeting', $12::text[], $13, $14, $15, $16, $17, $18, $19, $20, $20, $21, $21)
       RETURNING id`,
      [
        ids.recordId, type, assessmentStatusNumber[s.status], s.ratingDate,
        s.ratings.A?.rating ?? null, s.ratings.B?.rating ?? null, s.ratings.C?.rating ?? null,
        type === 'exit' ? (s.ratings.A?.newSkills ?? null) : null, type === 'exit' ? (s.ratings.B?.newSkills ?? null) : null, type === 'exit' ? (s.ratings.C?.newSkills ?? null) : null,
        JSON.stringify(TEAM), ['observation', 'parent-report'],
        s.submittedOn ? at(s.submittedOn) : null, s.submittedOn ? at(s.unlockedOn ? addDays(s.unlockedOn, 1) : s.submittedOn) : null, s.submittedOn ? submitter : null,
        s.finalizedOn ? at(s.finalizedOn) : null, s.finalizedOn ? reviewer : null,
        s.unlockedOn ? 1 : 0, 1 + (s.submittedOn ? 1 : 0) + (s.finalizedOn ? 1 : 0) + (s.unlockedOn ? 2 : 0), submitter, at(savedOn),
      ],
    );
    const id = r.rows[0]!.id;
    await event(ids.childId, ids.recordId, id, lea, `${type}-saved`, at(savedOn, 16), submitter);
    if (s.submittedOn) await event(ids.childId, ids.recordId, id, lea, `${type}-submitted`, at(s.submittedOn), submitter);
    if (s.unlockedOn) {
      await event(ids.childId, ids.recordId, id, lea, `${type}-unlocked`, at(s.unlockedOn), reviewer, ECO_PAST_UNLOCK_REASON);
      await event(ids.childId, ids.recordId, id, lea, `${type}-saved`, at(addDays(s.unlockedOn, 1), 16), submitter);
      await event(ids.childId, ids.recordId, id, lea, `${type}-submitted`, at(addDays(s.unlockedOn, 1)), submitter);
    }
    if (s.finalizedOn) await event(ids.childId, ids.recordId, id, lea, `${type}-finalized`, at(s.finalizedOn), reviewer);
    return id;
  }

  const exitRecord = async (ids: { recordId: number }, exitDate: IsoDay, reason: ExitReason) =>
    q.query(`UPDATE eco_records SET exit_date = $2, exit_reason = $3, updated_at = $4 WHERE id = $1`, [ids.recordId, exitDate, reason, at(exitDate)]);
  const entryRatings = (r: Ratings) => ({ A: { rating: r.A.entry }, B: { rating: r.B.entry }, C: { rating: r.C.entry } });
  const exitRatings = (r: Ratings) => ({
    A: { rating: r.A.exit, newSkills: r.A.newSkills },
    B: { rating: r.B.exit, newSkills: r.B.newSkills },
    C: { rating: r.C.exit, newSkills: r.C.newSkills },
  });

  // ---- prior year: entry September 2, exit June 1; born January-May five years before the
  // exit year, so every child is 5 by August 1 (kindergarten-bound) and under 6 at exit.
  const y1 = p.ffy;
  const entryP: IsoDay = `${y1}-09-02`;
  const exitP: IsoDay = `${y1 + 1}-06-01`;
  const priorBirth = (k: number): IsoDay => addDays(`${y1 - 4}-01-10`, k * 5);
  let k = 0;
  for (const group of PRIOR_ROWS) {
    const lea = leaId.get(group.lea);
    if (lea === undefined) continue;
    for (const row of group.rows) {
      const ratings = rowRatings(row);
      const ids = await child(lea, priorBirth(k++), entryP);
      const entryRated = addDays(entryP, 20);
      // Prairie View's row 3 entry was unlocked once, with a reason, and submitted again.
      const unlocked = group.lea === DISTRICT_USER_LEA_CODE && row === 3;
      await assessment(ids, lea, 'entry', {
        status: 'finalized', ratingDate: entryRated, ratings: entryRatings(ratings), submittedOn: entryRated,
        ...(unlocked ? { unlockedOn: addDays(entryRated, 5) } : {}), finalizedOn: addDays(entryRated, unlocked ? 10 : 3),
      });
      await exitRecord(ids, exitP, 'kindergarten');
      const exitRated = addDays(exitP, -14);
      const submittedOnly = group.submittedExits?.includes(row) ?? false;
      await assessment(ids, lea, 'exit', {
        status: submittedOnly ? 'submitted' : 'finalized', ratingDate: exitRated, ratings: exitRatings(ratings), submittedOn: exitRated,
        ...(submittedOnly ? {} : { finalizedOn: addDays(exitRated, 3) }),
      });
    }
  }

  // Prairie View's three prior-year children who are not included.
  const pv = leaId.get(DISTRICT_USER_LEA_CODE);
  if (pv !== undefined) {
    const sample = rowRatings(5);
    // A kindergarten exit after 73 days (short stay): entry February 1, exit April 15.
    const shortEntry: IsoDay = `${y1 + 1}-02-01`;
    const short = await child(pv, priorBirth(k++), shortEntry);
    await assessment(short, pv, 'entry', { status: 'finalized', ratingDate: addDays(shortEntry, 20), ratings: entryRatings(sample), submittedOn: addDays(shortEntry, 20), finalizedOn: addDays(shortEntry, 23) });
    await exitRecord(short, `${y1 + 1}-04-15`, 'kindergarten');
    // Moved out of state after at least 182 days, without exit ratings.
    const moved = await child(pv, priorBirth(k++), entryP);
    await assessment(moved, pv, 'entry', { status: 'finalized', ratingDate: addDays(entryP, 20), ratings: entryRatings(sample), submittedOn: addDays(entryP, 20), finalizedOn: addDays(entryP, 23) });
    await exitRecord(moved, `${y1 + 1}-03-20`, 'moved-out');
    // A kindergarten exit whose exit ratings are still a draft (exit-overdue after July 1).
    const draft = await child(pv, priorBirth(k++), entryP);
    await assessment(draft, pv, 'entry', { status: 'finalized', ratingDate: addDays(entryP, 20), ratings: entryRatings(sample), submittedOn: addDays(entryP, 20), finalizedOn: addDays(entryP, 23) });
    await exitRecord(draft, exitP, 'kindergarten');
    await assessment(draft, pv, 'exit', { status: 'draft', ratingDate: addDays(exitP, -14), ratings: exitRatings(sample) });
  }

  // ---- current year: open records entered some days before the seed day, each child three years
  // and a month at entry (so not kindergarten-bound), except the one marked kindergarten-bound.
  const openBirth = (entryDate: IsoDay, i: number): IsoDay => addDays(entryDate, -3 * 365 - 31 - i);
  const kBoundBirth: IsoDay = `${c.ffy - 4}-03-15`;
  let i = 0;
  for (const group of OPEN_RECORDS) {
    const lea = leaId.get(group.lea);
    if (lea === undefined) continue;
    for (const [daysAgo, kind] of group.records) {
      const entryDate = addDays(today, -daysAgo);
      const ids = await child(lea, kind === 'finalized-kbound' ? kBoundBirth : openBirth(entryDate, i++), entryDate);
      const ratings = rowRatings(1 + (i % 12));
      const rated = addDays(entryDate, 20);
      if (kind === 'overdue-draft') await assessment(ids, lea, 'entry', { status: 'draft', ratingDate: rated, ratings: entryRatings(ratings) });
      if (kind === 'submitted' || kind === 'submitted-request') {
        const id = await assessment(ids, lea, 'entry', { status: 'submitted', ratingDate: rated, ratings: entryRatings(ratings), submittedOn: rated });
        if (kind === 'submitted-request') {
          const when = at(addDays(rated, 2));
          await q.query(`INSERT INTO eco_unlock_requests (assessment_id, reason, requested_by, requested_at) VALUES ($1, $2, $3, $4)`, [id, ECO_OPEN_UNLOCK_REASON, submitter, when]);
          await event(ids.childId, ids.recordId, id, lea, 'unlock-requested', when, submitter, ECO_OPEN_UNLOCK_REASON);
        }
      }
      if (kind === 'finalized' || kind === 'finalized-kbound') {
        await assessment(ids, lea, 'entry', { status: 'finalized', ratingDate: rated, ratings: entryRatings(ratings), submittedOn: rated, finalizedOn: addDays(rated, 3) });
      }
      if (kind === 'finalized-kbound') await assessment(ids, lea, 'exit', { status: 'draft', ratingDate: null, ratings: exitRatings(ratings) });
    }
  }
}
