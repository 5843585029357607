// The built-in roles and the permissions each starts with. The seed inserts a missing role with
// this set once; after that the role belongs to the admins, who may change its permissions.
import { allPermissionValues, P, PUBLIC_DR_ROLE } from '../../lib/permissions.js';

export const ROLE = {
  siteAdmin: 'Site Admin',
  stateAdmin: 'State Admin',
  stateUser: 'State User',
  localAdmin: 'Local Admin',
  localUser: 'Local User',
  psosVendor: 'Post-School Outcomes Vendor',
  drFacilitator: 'Dispute Resolution Facilitator',
  drHearingOfficer: 'Dispute Resolution Hearing Officer',
  drInspector: 'Dispute Resolution Inspector',
  drInvestigator: 'Dispute Resolution Investigator',
  drMediator: 'Dispute Resolution Mediator',
  drLeaUser: 'Dispute Resolution LEA User',
  drStateUser: 'Dispute Resolution State User',
  drPublicUser: PUBLIC_DR_ROLE,
} as const;

export interface BuiltInRole {
  name: string;
  description: string;
  permissions: readonly string[];
}

// Role identities of dispute resolution: a person holds these through their DR role, never
// through a general staff role.
const drRoleIdentities = new Set([
  'DisputeResolution.roles.publicuser',
  'DisputeResolution.roles.leauser',
  'DisputeResolution.roles.facilitator',
  'DisputeResolution.roles.hearingofficer',
  'DisputeResolution.roles.inspector',
  'DisputeResolution.roles.investigator',
  'DisputeResolution.roles.mediator',
]);

const stateAdminExcluded = new Set<string>([P.siteAdmin, P.rolesManage, P.localUser, P.localAdmin, ...drRoleIdentities]);

const stateUserPermissions = [
  P.stateUser,
  P.allLeas,
  P.jurisdictionUsersView,
  'Monitoring.access',
  'Monitoring.dashboard.view',
  'Monitoring.visit.view',
  'RestraintAversiveIntervention.access',
  'RestraintAversiveIntervention.districtreport.view',
  'RestraintAversiveIntervention.schoolreport.view',
  'RestraintAversiveIntervention.studentreport.view',
  'RestraintAversiveIntervention.teacherreport.view',
  'RestraintAversiveIntervention.incidentreport.view',
  'RestraintAversiveIntervention.violation.view',
  'RestraintAversiveIntervention.violation.viewdetails',
  'RestraintAversiveIntervention.violations.view',
  'Eco.access',
  'Eco.advancedsearch.view',
  'Eco.reports.view',
  // ECO spec §1: a state reviewer finalizes, a state administrator unlocks with a reason.
  'Eco.scores.finalize',
  'Eco.scores.unlock',
  'DisputeResolution.access',
  'DisputeResolution.disputerequests.view',
  'DisputeResolution.summary.view',
  'DisputeResolution.statetracking.view',
  'DisputeResolution.reports.view',
  'PostSchoolOutcomesSurvey.access',
  'PostSchoolOutcomesSurvey.collection.view',
  'PostSchoolOutcomesSurvey.studentlist.view',
  'PostSchoolOutcomesSurvey.surveylist.view',
  'PostSchoolOutcomesSurvey.tracking.view',
  'PostSchoolOutcomesSurvey.reports.view',
];

const localUserPermissions = [
  P.localUser,
  'Monitoring.access',
  'Monitoring.dashboard.view',
  'Monitoring.visit.view',
  'Monitoring.visit.selectvisitstudents',
  'Monitoring.visit.answerfilereviewquestionaire',
  'RestraintAversiveIntervention.access',
  'RestraintAversiveIntervention.districtreport.view',
  'RestraintAversiveIntervention.schoolreport.view',
  'RestraintAversiveIntervention.studentreport.view',
  'RestraintAversiveIntervention.teacherreport.view',
  'RestraintAversiveIntervention.incidentreport.view',
  'RestraintAversiveIntervention.violation.create',
  'RestraintAversiveIntervention.violation.update',
  'RestraintAversiveIntervention.violation.view',
  'RestraintAversiveIntervention.violation.viewdetails',
  'RestraintAversiveIntervention.violation.uploadfile',
  'RestraintAversiveIntervention.violation.dataImport',
  'RestraintAversiveIntervention.violations.view',
  'RestraintAversiveIntervention.notification.capdeadlinewarning',
  'RestraintAversiveIntervention.notification.capdeadlinemissed',
  'Eco.access',
  'Eco.scores.submit',
  'Eco.advancedsearch.view',
  'Eco.reports.view',
  'PostSchoolOutcomesSurvey.access',
  'PostSchoolOutcomesSurvey.studentlist.view',
  'PostSchoolOutcomesSurvey.district-dashboard.view',
  'PostSchoolOutcomesSurvey.reports.view',
];

const drCase = ['DisputeResolution.access', 'DisputeResolution.disputerequests.view', 'DisputeResolution.disputerequests.seeCaseActions'];

export const builtInRoles: readonly BuiltInRole[] = [
  { name: ROLE.siteAdmin, description: 'Every permission of the portal.', permissions: allPermissionValues },
  {
    name: ROLE.stateAdmin,
    description: 'State agency administrator: users, LEAs, schools, text blocks and every module.',
    permissions: allPermissionValues.filter((p) => !stateAdminExcluded.has(p)),
  },
  { name: ROLE.stateUser, description: 'State agency staff: sees every LEA and the state-level reports.', permissions: stateUserPermissions },
  {
    name: ROLE.localAdmin,
    description: 'District administrator: manages the users and data of their own districts.',
    permissions: [
      ...localUserPermissions,
      P.localAdmin,
      P.jurisdictionUsersView,
      P.usersManage,
      'RestraintAversiveIntervention.violation.finalize',
      'PostSchoolOutcomesSurvey.district-dashboard.reset',
    ],
  },
  { name: ROLE.localUser, description: 'District or charter staff: works with the data of their own districts.', permissions: localUserPermissions },
  {
    name: ROLE.psosVendor,
    description: 'Survey vendor: collects post-school outcomes surveys for every district.',
    permissions: [
      P.allLeas,
      'PostSchoolOutcomesSurvey.access',
      'PostSchoolOutcomesSurvey.vendor-dashboard.view',
      'PostSchoolOutcomesSurvey.collection.view',
      'PostSchoolOutcomesSurvey.studentlist.view',
      'PostSchoolOutcomesSurvey.surveylist.view',
    ],
  },
  { name: ROLE.drFacilitator, description: 'Facilitates meetings on dispute resolution cases.', permissions: [...drCase, 'DisputeResolution.roles.facilitator'] },
  {
    name: ROLE.drHearingOfficer,
    description: 'Hears due process complaints and records case actions.',
    permissions: [...drCase, 'DisputeResolution.disputerequests.editCaseActions', 'DisputeResolution.roles.hearingofficer'],
  },
  { name: ROLE.drInspector, description: 'Inspects dispute resolution cases.', permissions: [...drCase, 'DisputeResolution.roles.inspector'] },
  {
    name: ROLE.drInvestigator,
    description: 'Investigates state complaints and records case actions.',
    permissions: [
      ...drCase,
      'DisputeResolution.disputerequests.update',
      'DisputeResolution.disputerequests.editCaseActions',
      'DisputeResolution.roles.investigator',
    ],
  },
  { name: ROLE.drMediator, description: 'Mediates between the parties of a dispute.', permissions: [...drCase, 'DisputeResolution.roles.mediator'] },
  {
    name: ROLE.drLeaUser,
    description: 'Answers dispute resolution requests for their district.',
    // DR spec §2 "DR District User".
    permissions: [
      ...drCase,
      'DisputeResolution.disputerequests.create',
      'DisputeResolution.summary.view',
      'DisputeResolution.reports.view',
      'DisputeResolution.roles.leauser',
    ],
  },
  {
    name: ROLE.drStateUser,
    description: 'State dispute resolution staff: works every case, report and email template.',
    permissions: [
      ...drCase,
      P.allLeas,
      'DisputeResolution.disputerequests.create',
      'DisputeResolution.disputerequests.update',
      'DisputeResolution.disputerequests.delete',
      'DisputeResolution.disputerequests.editCaseActions',
      'DisputeResolution.linkcase',
      'DisputeResolution.viewwithdrawalrequests',
      'DisputeResolution.stateuser',
      'DisputeResolution.emailtemplates.manage',
      'DisputeResolution.summary.view',
      'DisputeResolution.statetracking.view',
      'DisputeResolution.reports.view',
    ],
  },
  {
    name: ROLE.drPublicUser,
    description: 'A member of the public who registered to file dispute resolution requests.',
    permissions: [
      'DisputeResolution.access',
      'DisputeResolution.disputerequests.view',
      'DisputeResolution.disputerequests.create',
      P.drPublicUser,
    ],
  },
];

export const builtInRoleNames: ReadonlySet<string> = new Set(builtInRoles.map((r) => r.name));
