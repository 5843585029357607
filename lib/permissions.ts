// The permission catalogue of spec §6. Permission values are 'Module.permission' strings; the
// agency API seeds exactly this list and the portal's route guards refer to these constants.

export interface PermissionDefinition {
  value: string;
  name: string;
  groupName: string;
  description: string;
}

type Entry = readonly [suffix: string, name: string, description: string];

function group(module: string, groupName: string, entries: readonly Entry[]): PermissionDefinition[] {
  return entries.map(([suffix, name, description]) => ({ value: `${module}.${suffix}`, name, groupName, description }));
}

export const permissionCatalogue: readonly PermissionDefinition[] = [
  ...group('App', 'Application', [
    ['stateuser', 'State user', 'Works as a member of the state agency staff.'],
    ['stateadmin', 'State admin', 'Administers the portal for the state agency.'],
    ['localuser', 'Local user', 'Works for a district, charter or school.'],
    ['localadmin', 'Local admin', 'Administers the users of their own district.'],
    ['siteadmin', 'Site admin', 'Sees every application and setting of the portal.'],
    ['roles.view', 'View roles', 'Sees the roles and the permissions each one grants.'],
    ['roles.manage', 'Manage roles', 'Creates, renames and deletes roles and sets their permissions; runs admin utilities.'],
    ['roles.assign', 'Assign roles', 'Gives users roles and takes them away.'],
    ['data.allleas', 'View all LEAs', 'Sees every district and charter, including state-level districts.'],
    ['users.view', 'View users', 'Sees every user account.'],
    ['users.manage', 'Manage users', 'Creates, edits, enables, disables and deletes user accounts.'],
    ['jurisdiction-users.view', 'View jurisdiction users', 'Sees the user accounts of their own districts.'],
    ['leas.manage', 'Manage LEAs', 'Creates, edits and deletes districts and charters.'],
    ['schools.manage', 'Manage schools', 'Creates, edits and deletes schools.'],
    ['emaillogs.view', 'View email logs', 'Reads the log of emails the portal has sent.'],
    ['textblocks.manage', 'Manage text blocks', 'Edits the instruction and help text shown on pages.'],
    ['notification.manage', 'Manage notifications', 'Manages notification event types and sends system messages.'],
    ['listmanager.manage', 'Manage lists', 'Edits the lookup lists that forms offer.'],
  ]),
  ...group('Monitoring', 'Monitoring', [
    ['access', 'Monitoring access', 'Opens the Monitoring module.'],
    ['survey.manage', 'Manage monitoring surveys', 'Builds and edits monitoring surveys.'],
    ['dashboard.view', 'View monitoring dashboard', 'Sees the monitoring dashboard.'],
    ['visit.view', 'View visits', 'Sees integrated monitoring review visits.'],
    ['visit.init', 'Start visits', 'Starts an integrated monitoring review visit.'],
    ['visit.selectvisitstudents', 'Select visit students', 'Chooses the students reviewed during a visit.'],
    ['visit.answerfilereviewquestionaire', 'Answer file review questionnaire', 'Answers the file review questionnaire of a visit.'],
  ]),
  ...group('RestraintAversiveIntervention', 'Restraint and Aversive Intervention', [
    ['access', 'Restraint and aversive intervention access', 'Opens the Restraint and Aversive Intervention module.'],
    ['districtreport.view', 'View district report', 'Sees the district report.'],
    ['schoolreport.view', 'View school report', 'Sees the school report.'],
    ['studentreport.view', 'View student report', 'Sees the student report.'],
    ['teacherreport.view', 'View teacher report', 'Sees the teacher report.'],
    ['incidentreport.view', 'View incident report', 'Sees the incident report.'],
    ['emailtemplates.view', 'View email templates', 'Sees the module email templates.'],
    ['violation.create', 'Create violations', 'Records a new incident.'],
    ['violation.finalize', 'Finalize violations', 'Finalizes an incident.'],
    ['violation.viewdetails', 'View violation details', 'Sees the details of an incident.'],
    ['violation.privateschooldataentry', 'Private school data entry', 'Enters incidents for private schools.'],
    ['violation.update', 'Update violations', 'Edits an incident.'],
    ['violation.view', 'View violation', 'Sees an incident.'],
    ['violation.uploadfile', 'Upload violation files', 'Attaches files to an incident.'],
    ['violation.dataImport', 'Import violations', 'Imports incidents from a file.'],
    ['violation.reopen', 'Reopen violations', 'Reopens a finalized incident.'],
    ['violations.view', 'View violations', 'Sees the list of incidents.'],
    ['document.delete', 'Delete documents', 'Deletes an attached document.'],
    ['mailtype.create', 'Create mail types', 'Creates module mail types.'],
    ['documentapproval.update', 'Approve documents', 'Approves or rejects attached documents.'],
    ['notification.capdeadlinewarning', 'CAP deadline warning notification', 'Receives corrective action plan deadline warnings.'],
    ['notification.capdeadlinemissed', 'CAP deadline missed notification', 'Receives notices of missed corrective action plan deadlines.'],
    ['notification.violationcreated', 'Violation created notification', 'Receives notices of new incidents.'],
  ]),
  ...group('Eco', 'Early Childhood Outcomes', [
    ['access', 'Early childhood outcomes access', 'Opens the Early Childhood Outcomes module.'],
    ['scores.unlock', 'Unlock scores', 'Unlocks submitted entry and exit scores.'],
    ['scores.submit', 'Submit scores', 'Submits entry and exit scores.'],
    ['scores.finalize', 'Finalize scores', 'Finalizes entry and exit scores.'],
    ['advancedsearch.view', 'Advanced search', 'Uses the advanced child search.'],
    ['reports.view', 'View reports', 'Sees the annual performance report.'],
  ]),
  ...group('DisputeResolution', 'Dispute Resolution', [
    ['access', 'Dispute resolution access', 'Opens the Dispute Resolution module.'],
    ['disputerequests.view', 'View dispute requests', 'Sees dispute resolution requests.'],
    ['disputerequests.create', 'Create dispute requests', 'Files a dispute resolution request.'],
    ['disputerequests.update', 'Update dispute requests', 'Edits a dispute resolution request.'],
    ['disputerequests.delete', 'Delete dispute requests', 'Deletes a dispute resolution request.'],
    ['disputerequests.seeCaseActions', 'See case actions', 'Sees the actions taken on a case.'],
    ['disputerequests.editCaseActions', 'Edit case actions', 'Records actions taken on a case.'],
    ['linkcase', 'Link cases', 'Links related dispute cases.'],
    ['roles.publicuser', 'Public user', 'Files and follows their own requests.'],
    ['roles.leauser', 'LEA user', 'Answers requests for their district.'],
    ['roles.facilitator', 'Facilitator', 'Facilitates meetings on a case.'],
    ['roles.hearingofficer', 'Hearing officer', 'Hears due process complaints.'],
    ['roles.inspector', 'Inspector', 'Inspects cases.'],
    ['roles.investigator', 'Investigator', 'Investigates state complaints.'],
    ['roles.mediator', 'Mediator', 'Mediates between parties.'],
    ['viewwithdrawalrequests', 'View withdrawal requests', 'Sees requests to withdraw a case.'],
    ['stateuser', 'Dispute resolution state user', 'Works dispute resolution cases for the state.'],
    ['emailtemplates.manage', 'Manage email templates', 'Edits dispute resolution email templates.'],
    ['summary.view', 'View summary report', 'Sees the summary report.'],
    ['statetracking.view', 'View state tracking', 'Sees state tracking of cases.'],
    ['reports.view', 'View reports', 'Sees dispute resolution reports.'],
  ]),
  ...group('PostSchoolOutcomesSurvey', 'Post-School Outcomes Survey', [
    ['access', 'Post-school outcomes access', 'Opens the Post-School Outcomes Survey module.'],
    ['collection.view', 'View collections', 'Sees survey collections.'],
    ['collection.edit', 'Edit collections', 'Edits survey collections.'],
    ['studentlist.view', 'View student lists', 'Sees student lists.'],
    ['surveylist.view', 'View survey lists', 'Sees survey lists.'],
    ['tracking.view', 'View tracking', 'Sees survey tracking.'],
    ['district-dashboard.view', 'View district dashboard', 'Sees the district dashboard.'],
    ['district-dashboard.reset', 'Reset district dashboard', 'Resets a district dashboard.'],
    ['vendor-dashboard.view', 'View vendor dashboard', 'Sees the vendor dashboard.'],
    ['reports.view', 'View reports', 'Sees post-school outcomes reports.'],
  ]),
];

/** Permission values used by code, so a typo is a compile error rather than a silent denial. */
export const P = {
  stateUser: 'App.stateuser',
  stateAdmin: 'App.stateadmin',
  localUser: 'App.localuser',
  localAdmin: 'App.localadmin',
  siteAdmin: 'App.siteadmin',
  rolesView: 'App.roles.view',
  rolesManage: 'App.roles.manage',
  rolesAssign: 'App.roles.assign',
  allLeas: 'App.data.allleas',
  usersView: 'App.users.view',
  usersManage: 'App.users.manage',
  jurisdictionUsersView: 'App.jurisdiction-users.view',
  leasManage: 'App.leas.manage',
  schoolsManage: 'App.schools.manage',
  emailLogsView: 'App.emaillogs.view',
  textBlocksManage: 'App.textblocks.manage',
  notificationManage: 'App.notification.manage',
  listManagerManage: 'App.listmanager.manage',
  drPublicUser: 'DisputeResolution.roles.publicuser',
  visitView: 'Monitoring.visit.view',
  visitInit: 'Monitoring.visit.init',
  visitSelectStudents: 'Monitoring.visit.selectvisitstudents',
} as const;

export const allPermissionValues: readonly string[] = permissionCatalogue.map((p) => p.value);

/** Route access: any one of the listed permissions opens it (spec §6). An empty list means any signed-in user. */
export function hasAnyPermission(userPermissions: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  // A scan, not a Set: the menu asks this for every route on every page, with one to three
  // required permissions, and building a Set of the user's ~100 each time cost more.
  return required.some((p) => userPermissions.includes(p));
}

/** The role identifier of the self-registered public dispute resolution user. */
export const PUBLIC_DR_ROLE = 'DisputeResolutionPublicUser';
