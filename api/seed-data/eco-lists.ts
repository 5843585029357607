// The Early Childhood Outcomes lists of the list manager (ECO spec §2.8): admins may relabel or
// deactivate items, never change codes. Added to listSeeds in api/seed-data/lists.ts.
import { ASSESSMENT_SOURCES, EXIT_REASONS, exitReasons, TEAM_ROLES, type AssessmentSource, type TeamRole } from '../../lib/eco/codes.js';
import type { ListSeed } from './lists.js';

const teamRoleLabels: Record<TeamRole, string> = {
  parent: 'Parent',
  'ecse-teacher': 'Early childhood special education teacher',
  'general-ed-teacher': 'General education teacher',
  'speech-language-pathologist': 'Speech-language pathologist',
  'occupational-therapist': 'Occupational therapist',
  'physical-therapist': 'Physical therapist',
  'school-psychologist': 'School psychologist',
  administrator: 'Administrator',
  other: 'Other',
};

const sourceLabels: Record<AssessmentSource, string> = {
  observation: 'Observation',
  'parent-report': 'Parent report',
  'curriculum-based-assessment': 'Curriculum-based assessment',
  'norm-referenced-assessment': 'Norm-referenced assessment',
  'part-c-records': 'Part C records',
  'provider-progress-notes': 'Provider progress notes',
  other: 'Other',
};

export const ecoListSeeds: readonly ListSeed[] = [
  {
    name: 'eco-exit-reasons',
    displayName: 'Early Childhood Exit Reasons',
    description: 'Why a child left preschool special education services (Early Childhood Outcomes).',
    items: EXIT_REASONS.map((code) => [code, exitReasons[code].label] as const),
  },
  {
    name: 'eco-team-roles',
    displayName: 'Early Childhood Rating Team Roles',
    description: 'The roles of the people who take part in a Child Outcomes Summary rating.',
    items: TEAM_ROLES.map((code) => [code, teamRoleLabels[code]] as const),
  },
  {
    name: 'eco-assessment-sources',
    displayName: 'Early Childhood Assessment Sources',
    description: 'The sources of information a Child Outcomes Summary rating draws on.',
    items: ASSESSMENT_SOURCES.map((code) => [code, sourceLabels[code]] as const),
  },
];
