// A bench data set for the dispute resolution list and reports (issue 13: 10,000 cases over three
// school years), made by SQL in one statement per table so it loads in seconds. Only when
// BENCH_DR_CASES is set (scripts/bench.ts sets it); never with the demo data's numbers in mind.
// Each case is received on a day of the three years before the current one, with a type, an LEA
// and a status spread evenly, the deadlines Table 7 and the list read (SC_DECISION, DP_DECISION),
// and the milestone actions Table 7 counts (sessions, resolution meetings, agreements).
import { addDays, agencyToday } from '../../lib/day.js';
import { caseSchoolYear } from '../../lib/dr/cases.js';
import type { Queryable } from '../db.js';

const MARK = 'dr-bench-v1';

export async function seedBenchCases(q: Queryable, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [MARK]);
  if (mark.rows.length === 0) return;
  const today = agencyToday(now);
  const start = `${Number(caseSchoolYear(today).slice(0, 4)) - 3}-07-01`;
  const days = Math.max(1, Math.round((Date.parse(`${addDays(today, -1)}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000));
  const creator = (await q.query<{ id: string }>(`SELECT id::text FROM users WHERE email = 'state.user@demo.example'`)).rows[0]?.id ?? 'system';
  await q.query(
    `WITH leas_n AS (SELECT array_agg(id ORDER BY id) AS ids FROM leas WHERE NOT is_nde_level_district),
          g AS (SELECT n, ($2::date + ((n * 7919) % $3))::date AS received, 1 + (n % 5) AS t FROM generate_series(1, $1::int) AS n)
     INSERT INTO dr_cases (case_number, dispute_type, status, outcome, requester_type, lea_id, school_year, received_date, received_via,
                           other_party_received_date, closed_date, decision_date, report_date, agreement_date, change_of_placement_ordered,
                           student_first_name, student_last_name, requester_email, data, created_by, updated_by, next_deadline_code, next_due_date)
     SELECT 'B' || (ARRAY['IEPF','MED','SC','DP','EDP'])[g.t] || '-' || lpad(g.n::text, 6, '0'),
            g.t, CASE WHEN g.n % 3 = 0 THEN 2 ELSE 4 END,
            CASE WHEN g.n % 3 = 0 THEN NULL ELSE (ARRAY[11, 21, 31, 41, 41])[g.t] END,
            1, (SELECT ids[1 + (g.n % array_length(ids, 1))] FROM leas_n),
            CASE WHEN extract(month FROM g.received) >= 7 THEN extract(year FROM g.received)::int || '-' || (extract(year FROM g.received)::int + 1)
                 ELSE (extract(year FROM g.received)::int - 1) || '-' || extract(year FROM g.received)::int END,
            g.received, 'Online', CASE WHEN g.t IN (4, 5) THEN g.received END,
            CASE WHEN g.n % 3 = 0 THEN NULL ELSE g.received + 50 END,
            CASE WHEN g.t IN (4, 5) AND g.n % 3 <> 0 THEN g.received + 50 END,
            CASE WHEN g.t = 3 AND g.n % 3 <> 0 THEN g.received + 50 END,
            CASE WHEN g.t = 2 AND g.n % 3 <> 0 THEN g.received + 40 END,
            CASE WHEN g.t = 5 THEN g.n % 2 = 0 END,
            'Bench', 'Student' || g.n, 'bench' || g.n || '@bench.example',
            jsonb_build_object('allegations', CASE WHEN g.t = 3 THEN jsonb_build_array(jsonb_build_object('finding', 1 + (g.n % 2))) ELSE '[]'::jsonb END),
            $4, $4,
            CASE WHEN g.n % 3 = 0 THEN (ARRAY['IEPF_ASSIGN_TARGET','MED_SESSION_TARGET','SC_DECISION','DP_DECISION','EDP_HEARING'])[g.t] END,
            CASE WHEN g.n % 3 = 0 THEN g.received + 60 END
       FROM g`,
    [count, start, days, creator],
  );
  await q.query(
    `INSERT INTO dr_deadlines (case_id, code, basis, trigger_date, original_due_date, met_date, state, citation)
     SELECT id, CASE WHEN dispute_type = 3 THEN 'SC_DECISION' WHEN dispute_type = 4 THEN 'DP_DECISION' ELSE 'EDP_DECISION' END,
            CASE WHEN dispute_type = 5 THEN 'S' ELSE 'C' END, received_date, received_date + 60, COALESCE(report_date, decision_date),
            CASE WHEN status = 4 THEN 'Met' ELSE 'Pending' END, 'bench'
       FROM dr_cases WHERE case_number LIKE 'B%' AND dispute_type IN (3, 4, 5)`,
  );
  await q.query(
    `INSERT INTO dr_case_actions (case_id, type, action_date, created_by, updated_by)
     SELECT id, CASE WHEN dispute_type IN (1, 2) THEN 'SESSION_HELD' ELSE 'RESOLUTION_MEETING_HELD' END, received_date + 20, created_by, created_by
       FROM dr_cases WHERE case_number LIKE 'B%' AND dispute_type IN (1, 2, 4, 5) AND status = 4`,
  );
  await q.query(`ANALYZE dr_cases`);
}
