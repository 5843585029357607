// The lookup lists the product ships with (the list manager's reference data). The seed inserts
// a missing list with these items once; after that the list belongs to the admins, who may edit,
// reorder or deactivate its items. Codes are what forms store, so they never change.
import { STATE_HOLIDAYS_LIST } from '../../lib/calendar.js';
import { EXIT_REASONS, exitReasons } from '../../lib/eco/codes.js';
import type { Queryable } from '../db.js';

export interface ListSeed {
  name: string;
  displayName: string;
  description: string;
  items: readonly (readonly [code: string, label: string])[];
}

export const listSeeds: readonly ListSeed[] = [
  {
    name: 'dr-request-types',
    displayName: 'Dispute Resolution Request Types',
    description: 'The kinds of dispute resolution a parent, student or district can request.',
    items: [
      ['state-complaint', 'State Complaint'],
      ['mediation', 'Mediation'],
      ['due-process-hearing', 'Due Process Hearing'],
      ['facilitated-iep', 'Facilitated IEP'],
    ],
  },
  {
    name: 'relationship-to-student',
    displayName: 'Relationship to Student',
    description: 'How the person filing a request or answering a survey is related to the student.',
    items: [
      ['parent', 'Parent'],
      ['legal-guardian', 'Legal Guardian'],
      ['foster-parent', 'Foster Parent'],
      ['surrogate-parent', 'Surrogate Parent'],
      ['adult-student', 'Adult Student (age 19 or older)'],
      ['advocate', 'Advocate'],
      ['attorney', 'Attorney'],
      ['district-staff', 'School District Staff'],
      ['other', 'Other'],
    ],
  },
  {
    name: 'restraint-types',
    displayName: 'Restraint and Aversive Intervention Types',
    description: 'The kinds of restraint or aversive intervention an incident report records.',
    items: [
      ['physical-restraint', 'Physical Restraint'],
      ['mechanical-restraint', 'Mechanical Restraint'],
      ['chemical-restraint', 'Chemical Restraint'],
      ['seclusion', 'Seclusion'],
      ['aversive-intervention', 'Aversive Intervention'],
    ],
  },
  {
    name: 'disability-categories',
    displayName: 'Disability Categories',
    description: 'The disability categories of the Individuals with Disabilities Education Act (IDEA).',
    items: [
      ['autism', 'Autism'],
      ['deaf-blindness', 'Deaf-Blindness'],
      ['deafness', 'Deafness'],
      ['developmental-delay', 'Developmental Delay'],
      ['emotional-disturbance', 'Emotional Disturbance'],
      ['hearing-impairment', 'Hearing Impairment'],
      ['intellectual-disability', 'Intellectual Disability'],
      ['multiple-disabilities', 'Multiple Disabilities'],
      ['orthopedic-impairment', 'Orthopedic Impairment'],
      ['other-health-impairment', 'Other Health Impairment'],
      ['specific-learning-disability', 'Specific Learning Disability'],
      ['speech-language-impairment', 'Speech or Language Impairment'],
      ['traumatic-brain-injury', 'Traumatic Brain Injury'],
      ['visual-impairment', 'Visual Impairment, Including Blindness'],
    ],
  },
  {
    name: 'exit-reasons',
    displayName: 'Exit Reasons',
    description: 'Why a student left special education services (IDEA exiting categories).',
    items: [
      ['graduated-regular-diploma', 'Graduated with a Regular High School Diploma'],
      ['received-alternate-diploma', 'Received an Alternate Diploma'],
      ['received-certificate', 'Received a Certificate'],
      ['reached-maximum-age', 'Reached Maximum Age'],
      ['dropped-out', 'Dropped Out'],
      ['transferred-to-regular-education', 'Transferred to Regular Education'],
      ['moved-known-to-be-continuing', 'Moved, Known to Be Continuing'],
      ['died', 'Died'],
    ],
  },
  // ECO spec §2.8: the early childhood outcomes lists (codes fixed, labels editable).
  {
    name: 'eco-exit-reasons',
    displayName: 'Early Childhood Exit Reasons',
    description: 'Why a child left preschool special education services, and whether exit ratings are collected.',
    items: EXIT_REASONS.map((code) => [code, exitReasons[code].label] as const),
  },
  {
    name: 'eco-team-roles',
    displayName: 'Early Childhood Rating Team Roles',
    description: 'The roles of the people who took part in a Child Outcomes Summary rating.',
    items: [
      ['parent', 'Parent'],
      ['ecse-teacher', 'Early childhood special education teacher'],
      ['general-ed-teacher', 'General education teacher'],
      ['speech-language-pathologist', 'Speech-language pathologist'],
      ['occupational-therapist', 'Occupational therapist'],
      ['physical-therapist', 'Physical therapist'],
      ['school-psychologist', 'School psychologist'],
      ['administrator', 'Administrator'],
      ['other', 'Other'],
    ],
  },
  {
    name: 'eco-assessment-sources',
    displayName: 'Early Childhood Assessment Sources',
    description: 'The sources of information a Child Outcomes Summary rating draws on.',
    items: [
      ['observation', 'Observation'],
      ['parent-report', 'Parent report'],
      ['curriculum-based-assessment', 'Curriculum-based assessment'],
      ['norm-referenced-assessment', 'Norm-referenced assessment'],
      ['part-c-records', 'Part C records'],
      ['provider-progress-notes', 'Provider progress notes'],
      ['other', 'Other'],
    ],
  },
  {
    // Its items are the holidays table (see derivedListNames below), not rows of its own.
    name: STATE_HOLIDAYS_LIST,
    displayName: 'State Holidays',
    description: 'The Nevada legal holidays, each on the day it is observed; the item code is the date (YYYY-MM-DD). Edited on School Calendars and Holidays.',
    items: [],
  },
];

/** Seeded items are spaced by 10 so admins can slot new ones between them. */
export const SEED_SORT_STEP = 10;

/**
 * Built-in lists whose items are kept elsewhere and shown through the lookup_list_entries view
 * (migration 024): `state-holidays` is the one holiday list (api/shared/calendars.ts; RAI spec:
 * item code = the date), edited on the calendars screen; the list manager shows it, read-only.
 */
export const derivedListNames: ReadonlySet<string> = new Set([STATE_HOLIDAYS_LIST]);

export const builtInListNames: ReadonlySet<string> = new Set(listSeeds.map((l) => l.name));

/** Inserts the lists that are missing, each with its items; lists that exist are left alone. */
export async function seedLists(q: Queryable): Promise<void> {
  const inserted = await q.query<{ id: number; name: string }>(
    `INSERT INTO lookup_lists (name, display_name, description)
     SELECT name, display_name, description FROM jsonb_to_recordset($1::jsonb) AS x(name text, display_name text, description text)
     ON CONFLICT (name) DO NOTHING
     RETURNING id, name`,
    [JSON.stringify(listSeeds.map((l) => ({ name: l.name, display_name: l.displayName, description: l.description })))],
  );
  const items = inserted.rows.flatMap((row) =>
    (listSeeds.find((l) => l.name === row.name)?.items ?? []).map(([code, label], i) => ({
      list_id: row.id,
      code,
      label,
      sort_order: (i + 1) * SEED_SORT_STEP,
    })),
  );
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO lookup_list_items (list_id, code, label, sort_order)
     SELECT list_id, code, label, sort_order FROM jsonb_to_recordset($1::jsonb) AS x(list_id integer, code text, label text, sort_order integer)`,
    [JSON.stringify(items)],
  );
}
