// Demo people for the person picker (SEED_DEMO only): a few students and staff at every school
// of the demo LEAs, with made-up names and ids. Applied once, under a seed mark of its own, so a
// database seeded before people existed gets them on its next start.
import type { Queryable } from '../db.js';

const PEOPLE_MARK = 'demo-people-v1';

export const STUDENTS_PER_SCHOOL = 4;
export const STAFF_PER_SCHOOL = 2;
/** External ids of demo people start here (real ids are positive; hand-added people are negative). */
export const FIRST_EXTERNAL_ID = 100_001;

const FIRST_NAMES = [
  'Amara', 'Benjamin', 'Camila', 'Dmitri', 'Elena', 'Farah', 'Gabriel', 'Hana', 'Isaac', 'Jada',
  'Kofi', 'Lucia', 'Mateo', 'Nadia', 'Owen', 'Priya', 'Quinn', 'Rosa', 'Samir', 'Talia',
  'Uriel', 'Vera', 'Wyatt', 'Ximena', 'Yusuf', 'Zoe',
] as const;

const LAST_NAMES = [
  'Abernathy', 'Bergstrom', 'Castellanos', 'Dvorak', 'Eastwood', 'Fairbanks', 'Gutierrez', 'Halvorsen',
  'Iwasaki', 'Jorgensen', 'Kowalski', 'Lindgren', 'Mbeki', 'Nakamura', 'Okonkwo', 'Petrov',
  'Quintero', 'Rasmussen', 'Sandoval', 'Thorsen', 'Ulrich', 'Valdez', 'Whitehorse', 'Yamamoto', 'Zielinski',
] as const;

export interface DemoPerson {
  externalId: number;
  firstName: string;
  lastName: string;
  role: 'Student' | 'Staff';
}

/**
 * The people of the n-th school (0-based, in seeding order). Deterministic, so tests and demos
 * can name them; the strides are prime to the list lengths, so neighbours get different names.
 */
export function demoPeopleOfSchool(schoolIndex: number): DemoPerson[] {
  const perSchool = STUDENTS_PER_SCHOOL + STAFF_PER_SCHOOL;
  const out: DemoPerson[] = [];
  for (let k = 0; k < perSchool; k += 1) {
    const n = schoolIndex * perSchool + k;
    out.push({
      externalId: FIRST_EXTERNAL_ID + n,
      firstName: FIRST_NAMES[(n * 7) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(n * 11 + schoolIndex) % LAST_NAMES.length]!,
      role: k < STUDENTS_PER_SCHOOL ? 'Student' : 'Staff',
    });
  }
  return out;
}

/** Seeds the demo people once; the schools must exist (the demo data set inserts them). */
export async function seedDemoPeople(q: Queryable): Promise<void> {
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [PEOPLE_MARK]);
  if (mark.rows.length === 0) return;
  const schools = await q.query<{ id: number; lea_id: number }>(
    'SELECT s.id, s.lea_id FROM schools s JOIN leas l ON l.id = s.lea_id ORDER BY l.lea_code, s.id',
  );
  const rows = schools.rows.flatMap((s, i) =>
    demoPeopleOfSchool(i).map((p) => ({
      external_id: p.externalId,
      first_name: p.firstName,
      last_name: p.lastName,
      lea_id: s.lea_id,
      school_id: s.id,
      role: p.role,
    })),
  );
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO people (external_id, first_name, last_name, lea_id, school_id, role)
     SELECT external_id, first_name, last_name, lea_id, school_id, role
       FROM jsonb_to_recordset($1::jsonb)
         AS x(external_id integer, first_name text, last_name text, lea_id integer, school_id integer, role text)
     ON CONFLICT (external_id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}
