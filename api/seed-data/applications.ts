// The portal's applications (spec §1 modules). Each opens with one permission; site admins see
// every application regardless (spec §6).
import { P } from '../../lib/permissions.js';

export interface ApplicationSeed {
  name: string;
  url: string;
  permission: string;
}

export const applicationSeeds: readonly ApplicationSeed[] = [
  { name: 'Early Childhood Outcomes', url: '/child-search', permission: 'Eco.access' },
  { name: 'Restraint and Aversive Intervention', url: '/restraint-aversive-intervention', permission: 'RestraintAversiveIntervention.access' },
  { name: 'Post-School Outcomes Survey', url: '/post-school-outcomes', permission: 'PostSchoolOutcomesSurvey.access' },
  { name: 'Dispute Resolution', url: '/dispute-resolution', permission: 'DisputeResolution.access' },
  { name: 'Monitoring', url: '/monitoring', permission: 'Monitoring.access' },
  // The admin area is for users who manage users (spec §2 side navigation).
  { name: 'Admin', url: '/admin', permission: P.usersManage },
];
