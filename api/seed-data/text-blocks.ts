// The text blocks the portal's pages show (spec §3 block codes). The seed inserts a block only
// when its code is missing: once it exists it belongs to the admins who edit it.
import { passwordRequirements } from '../../lib/password-policy.js';

export interface TextBlockSeed {
  blockCode: string;
  groupCode: string;
  title: string;
  html: string;
  format: 'Div' | 'Card';
  isVisible?: boolean;
}

/** Group codes, one per module or page family, for GET /api/text-blocks/by-group-code/{code}. */
export const TEXT_BLOCK_GROUP = {
  auth: 'auth',
  dashboard: 'dashboard',
  drRegistration: 'dr-registration',
  drRequest: 'dr-request',
  disputeResolution: 'dispute-resolution',
  postSchoolOutcomes: 'post-school-outcomes',
  earlyChildhood: 'early-childhood-outcomes',
  restraint: 'restraint-aversive-intervention',
  help: 'help',
} as const;

const G = TEXT_BLOCK_GROUP;

const passwordList = passwordRequirements.map((r) => `<li>${r.label}</li>`).join('');

export const textBlockSeeds: readonly TextBlockSeed[] = [
  // ---- sign-in -------------------------------------------------------------------------------
  {
    blockCode: 'login-screen-text',
    groupCode: G.auth,
    title: 'Welcome to the Compliance Portal',
    format: 'Div',
    html:
      '<h2>Welcome to the Compliance Portal</h2>' +
      '<p>The portal is where the state education department, districts, charters and schools report and review ' +
      'special education compliance data: early childhood outcomes, restraint and aversive intervention, ' +
      'post-school outcomes surveys, dispute resolution and monitoring.</p>' +
      '<p>Sign in with the email address and password of your portal account. If you do not have an account, ' +
      'ask your district administrator to create one for you.</p>' +
      '<p>Parents and members of the public who want to request dispute resolution can ' +
      '<a href="/dr-request">create a dispute resolution account</a>.</p>',
  },
  {
    blockCode: 'email-verification-success',
    groupCode: G.auth,
    title: 'Email address verified',
    format: 'Div',
    html:
      '<h2>Your email address is verified</h2>' +
      '<p>Thank you for confirming your email address. Your account is now active.</p>' +
      '<p>Sign in below with the email address and password you chose when you registered.</p>',
  },
  {
    blockCode: 'email-verification-failure',
    groupCode: G.auth,
    title: 'Email address not verified',
    format: 'Div',
    html:
      '<h2>We could not verify your email address</h2>' +
      '<p>The verification link may have expired or already been used.</p>' +
      '<p>If you already verified your address, sign in below. Otherwise open the most recent verification email we ' +
      'sent you, or ask for a new one from the account created page. If the problem continues, ' +
      '<a href="/contact">contact the help desk</a>.</p>',
  },
  // ---- dashboard ---------------------------------------------------------------------------
  {
    blockCode: 'main-dashboard-text',
    groupCode: G.dashboard,
    title: 'Dashboard',
    format: 'Div',
    html:
      '<p>Choose an application below to start. You see the applications your role allows; the district and ' +
      'school year selected at the top of the page apply to everything you open.</p>' +
      '<p>System messages about your work appear in the Messages panel. Choose which events you are told about in ' +
      '<a href="/notification-settings">Notification Settings</a>.</p>',
  },
  // ---- dispute resolution registration -----------------------------------------------------
  {
    blockCode: 'dr-new-register-instructions',
    groupCode: G.drRegistration,
    title: 'Create a User Account',
    format: 'Div',
    html:
      '<p>To request dispute resolution online you need a portal account. Enter your full name and the email ' +
      'address where you want to receive notices about your request, then choose a password.</p>' +
      '<p>After you create the account we send you an email with a link to verify your address. You can sign in and ' +
      'submit your request once your address is verified.</p>' +
      '<p>You can also request dispute resolution by mail or phone; see the <a href="/contact">contact page</a>.</p>',
  },
  {
    blockCode: 'dr-password-requirements',
    groupCode: G.drRegistration,
    title: 'Password requirements',
    format: 'Card',
    html: `<p>Your password must have:</p><ul>${passwordList}</ul>`,
  },
  {
    blockCode: 'dr-account-created-success',
    groupCode: G.drRegistration,
    title: 'Account Creation Success',
    format: 'Div',
    html:
      '<p>Your account was created. To finish, open the email we just sent you and select the verification link. ' +
      'The link works once.</p>' +
      '<p>Check your spam or junk folder if you do not see the message. After you verify your address, sign in to ' +
      'submit your dispute resolution request.</p>',
  },
  // ---- dispute resolution request ----------------------------------------------------------
  {
    blockCode: 'dr-public-portal',
    groupCode: G.disputeResolution,
    title: 'Dispute Resolution',
    format: 'Div',
    html:
      '<p>Parents, students over 18, districts and other parties can use dispute resolution to settle ' +
      'disagreements about a student\u2019s special education. The department offers facilitated meetings, ' +
      'mediation, state complaints and due process hearings at no cost.</p>' +
      '<p>Start a new request, or open one you already submitted to follow its progress.</p>',
  },
  {
    blockCode: 'dr-request-page-one',
    groupCode: G.drRequest,
    title: 'Request Dispute Resolution',
    format: 'Div',
    html:
      '<p>Tell us who you are, which student the request is about and the district involved. Then choose the kind ' +
      'of dispute resolution you are asking for.</p>' +
      '<ul><li><strong>Facilitated IEP meeting</strong>: a neutral facilitator helps the team run the meeting.</li>' +
      '<li><strong>Mediation</strong>: a trained mediator helps both sides reach a written agreement.</li>' +
      '<li><strong>State complaint</strong>: the department investigates whether the district broke a special ' +
      'education rule.</li>' +
      '<li><strong>Due process hearing</strong>: a hearing officer decides the dispute after a formal hearing.</li></ul>' +
      '<p>You can save your request and come back to it before you submit it.</p>',
  },
  {
    blockCode: 'dr-due-process-ques-1',
    groupCode: G.drRequest,
    title: 'Nature of the problem',
    format: 'Div',
    html:
      '<p>Describe the problem, including the facts that relate to it. Say what happened, when it happened, and ' +
      'which decisions about the student\u2019s identification, evaluation, placement or services you disagree ' +
      'with.</p>',
  },
  {
    blockCode: 'dr-due-process-ques-2',
    groupCode: G.drRequest,
    title: 'Proposed resolution',
    format: 'Div',
    html:
      '<p>Describe how the problem could be resolved, as far as you know at this time. For example, the services, ' +
      'evaluation or placement you are asking for.</p>',
  },
  {
    blockCode: 'dr-due-process-ques-3',
    groupCode: G.drRequest,
    title: 'Resolution meeting and mediation',
    format: 'Div',
    html:
      '<p>Before a due process hearing, the district holds a resolution meeting within 15 days unless both sides ' +
      'agree in writing to skip it or to use mediation instead. Tell us whether you would like to try mediation ' +
      'first.</p>',
  },
  {
    blockCode: 'review-entered-details',
    groupCode: G.drRequest,
    title: 'Review your request',
    format: 'Div',
    html:
      '<p>Check the details below before you submit. Use the Edit links to correct anything. Once you submit, the ' +
      'request is sent to the department and to the district named in it.</p>',
  },
  {
    blockCode: 'signature-disclaimer',
    groupCode: G.drRequest,
    title: 'Electronic signature',
    format: 'Div',
    html:
      '<p>By typing your name below you sign this request electronically. An electronic signature has the same ' +
      'legal effect as a handwritten one. You confirm that the information in the request is true and complete to ' +
      'the best of your knowledge.</p>',
  },
  {
    blockCode: 'electronic-signature-submission',
    groupCode: G.drRequest,
    title: 'Submit your signed request',
    format: 'Div',
    html:
      '<p>When you select Submit, your signed request and the date and time of your signature are recorded. You ' +
      'receive a copy by email, and the other parties are notified as the law requires.</p>',
  },
  {
    blockCode: 'dispute-request-submission-acknowledgement',
    groupCode: G.drRequest,
    title: 'Request submitted',
    format: 'Card',
    html:
      '<p>Thank you. Your dispute resolution request was submitted and a copy was sent to your email address.</p>' +
      '<p>A member of the dispute resolution team will contact you within three business days about next steps. ' +
      'You can follow your request from the Dispute Resolution dashboard.</p>',
  },
  {
    blockCode: 'dr-withdraw-confirmation-text',
    groupCode: G.disputeResolution,
    title: 'Withdraw this request?',
    format: 'Div',
    html:
      '<p>Withdrawing ends work on this request. The department and the district are told that you withdrew it.</p>' +
      '<p>You can file a new request later, but time limits that apply to your concerns keep running.</p>',
  },
  {
    blockCode: 'dr-link-case-instructions',
    groupCode: G.disputeResolution,
    title: 'Link related cases',
    format: 'Div',
    html:
      '<p>Link this case to other cases about the same student or the same concerns, so staff working any one of ' +
      'them can see the others. Search by case number, student or district, then select the cases to link.</p>',
  },
  // ---- post-school outcomes ----------------------------------------------------------------
  {
    blockCode: 'psos-survey',
    groupCode: G.postSchoolOutcomes,
    title: 'Post-School Outcomes Survey',
    format: 'Div',
    html:
      '<p>The post-school outcomes survey asks former students who received special education services what ' +
      'they are doing one year after leaving high school: further education, training or employment.</p>' +
      '<p>Record each contact attempt and the answers given. Answers are confidential and reported only in ' +
      'summary.</p>',
  },
  {
    blockCode: 'psos-public-survey-instructions',
    groupCode: G.postSchoolOutcomes,
    title: 'Tell us about life after high school',
    format: 'Div',
    html:
      '<p>This short survey asks what you have been doing since you left high school. It takes about five ' +
      'minutes. Your answers help schools improve services for students who come after you.</p>' +
      '<p>Your answers are confidential and are reported only in summary. You may skip any question.</p>',
  },
  // ---- early childhood outcomes ------------------------------------------------------------
  {
    blockCode: 'eco-child-search-instructions',
    groupCode: G.earlyChildhood,
    title: 'Find a child',
    format: 'Div',
    html:
      '<p>Search by the child\u2019s state student identifier, or by last name and date of birth. Results show the ' +
      'children of the district and school year selected at the top of the page.</p>',
  },
  {
    blockCode: 'eco-advanced-search-instructions',
    groupCode: G.earlyChildhood,
    title: 'Advanced search',
    format: 'Div',
    html:
      '<p>Combine filters such as school, entry date range, score status and exit reason to find groups of ' +
      'children. Leave a filter empty to include every value.</p>',
  },
  {
    blockCode: 'eco-entry-score-instructions',
    groupCode: G.earlyChildhood,
    title: 'Entry scores',
    format: 'Div',
    html:
      '<p>Enter the child\u2019s ratings in each of the three outcome areas within 60 days of entering services. ' +
      'Submit the scores once every area is rated; submitted scores can only be changed after the state unlocks them.</p>',
  },
  {
    blockCode: 'eco-exit-score-instructions',
    groupCode: G.earlyChildhood,
    title: 'Exit scores',
    format: 'Div',
    html:
      '<p>Enter exit ratings when the child leaves early childhood special education after at least six months of ' +
      'services, and say whether the child made progress in each outcome area.</p>',
  },
  {
    blockCode: 'eco-dashboard-instructions',
    groupCode: G.earlyChildhood,
    title: 'Early Childhood Outcomes',
    format: 'Div',
    html:
      '<p>The counts show the children of the district and school year selected at the top of the page. ' +
      'Select a count to open the matching children.</p>',
  },
  {
    blockCode: 'eco-state-tracking-instructions',
    groupCode: G.earlyChildhood,
    title: 'State tracking',
    format: 'Div',
    html:
      '<p>Each row shows one district\u2019s progress on its early childhood outcomes data for the school year. ' +
      'Select a district to work in it, or send its staff a reminder of what is due.</p>',
  },
  {
    blockCode: 'eco-apr-report-instructions',
    groupCode: G.earlyChildhood,
    title: 'APR report',
    format: 'Div',
    html:
      '<p>These figures are what the state reports for Indicator B7 of the Annual Performance Report. Children ' +
      'count when they exited during the year after at least 182 days of services and their entry and exit ' +
      'ratings are submitted.</p>',
  },
  {
    blockCode: 'eco-rating-scale',
    groupCode: G.earlyChildhood,
    title: 'The rating scale',
    format: 'Card',
    html:
      '<ul><li><strong>7 Completely</strong>: the child shows functioning expected for their age in all or almost all everyday situations.</li>' +
      '<li><strong>6 Between somewhat and completely</strong>: functioning generally considered appropriate for their age, with some concerns.</li>' +
      '<li><strong>5 Somewhat</strong>: age-expected functioning some of the time and in some settings, mixed with less developed skills.</li>' +
      '<li><strong>4 Between emerging and somewhat</strong>: occasional age-expected functioning, but more behavior that is not yet age expected.</li>' +
      '<li><strong>3 Emerging</strong>: no age-expected functioning yet, but immediate foundational skills on which to build.</li>' +
      '<li><strong>2 Between not yet and emerging</strong>: some immediate foundational skills in some situations.</li>' +
      '<li><strong>1 Not yet</strong>: the child does not yet show functioning expected of a child of their age in any situation.</li></ul>',
  },
  {
    blockCode: 'eco-import-instructions',
    groupCode: G.earlyChildhood,
    title: 'Import children',
    format: 'Div',
    html:
      '<p>Upload a CSV file made from the template, one row per child, into the district selected at the top of the page. ' +
      'Every row is checked first: if any row has an error nothing is saved, and the errors are listed so you can fix the file and upload it again. ' +
      'Imported entry ratings are saved as drafts; submit them from the child list.</p>',
  },
  // ---- restraint and aversive intervention -------------------------------------------------
  {
    blockCode: 'rai-violations-dashboard',
    groupCode: G.restraint,
    title: 'Restraint and Aversive Intervention',
    format: 'Div',
    html:
      '<p>Record every use of physical restraint or an aversive intervention within the timelines the rules ' +
      'require. The dashboard shows the incidents of the selected district and school year and the corrective ' +
      'action plans that are due.</p>',
  },
  {
    blockCode: 'rai-violations-import',
    groupCode: G.restraint,
    title: 'Import incidents',
    format: 'Div',
    html:
      '<p>Upload a CSV file of incidents using the published template. Each row is checked before anything is ' +
      'saved; fix the rows listed as errors and upload the file again.</p>',
  },
  {
    blockCode: 'rai-violations-report-list',
    groupCode: G.restraint,
    title: 'Reports',
    format: 'Div',
    html:
      '<p>Choose a report to see incidents by district, school, student, staff member or incident. Reports use the ' +
      'district and school year selected at the top of the page.</p>',
  },
  // ---- help --------------------------------------------------------------------------------
  {
    blockCode: 'contact-page',
    groupCode: G.help,
    title: 'Contact',
    format: 'Div',
    html:
      '<h2>Getting help</h2>' +
      '<p>Most questions about accounts are answered fastest by your own district administrator, who can add you ' +
      'to a district, give you a role, or unlock your account.</p>' +
      '<h3>Portal help desk</h3>' +
      '<ul><li>Email: <a href="mailto:support@portal.example">support@portal.example</a></li>' +
      '<li>Hours: Monday to Friday, 8:00 AM to 5:00 PM, except state holidays</li></ul>' +
      '<p>When you write, include your name, your district, the page you were on and what you were trying to do. ' +
      'Never send a password or student information by email.</p>' +
      '<h3>Dispute resolution</h3>' +
      '<p>For questions about a dispute resolution request, reply to any email you received about the request, or ' +
      'write to <a href="mailto:dispute.resolution@portal.example">dispute.resolution@portal.example</a>.</p>' +
      '<p>You can also file a request, or ask about one, by mail or by phone:</p>' +
      '<ul><li>Mail: Office of Dispute Resolution, Department of Education, 700 E. Fifth Street, Carson City, NV 89701</li>' +
      '<li>Phone: (775) 687-9200, Monday to Friday, 8:00 AM to 5:00 PM</li></ul>',
  },
  {
    blockCode: 'faq-page',
    groupCode: G.help,
    title: 'Frequently asked questions',
    format: 'Div',
    html:
      '<h2>Signing in</h2>' +
      '<h3>How do I get an account?</h3>' +
      '<p>District and school staff get accounts from their district administrator. State staff get accounts from ' +
      'the portal administrators. Members of the public can <a href="/dr-request">register</a> to request dispute ' +
      'resolution.</p>' +
      '<h3>Why is my account locked?</h3>' +
      '<p>After several failed sign-in attempts the account is locked for 15 minutes to protect it. Wait, then try ' +
      'again, or reset your password.</p>' +
      '<h2>Passwords</h2>' +
      '<h3>I forgot my password. What do I do?</h3>' +
      '<p>Select Forgot Password on the sign-in page and enter your email address. We email you a link to choose a ' +
      'new password. The link expires, so use it soon.</p>' +
      `<h3>What makes a valid password?</h3><ul>${passwordList}</ul>` +
      '<h2>School years</h2>' +
      '<h3>What is the school year selector?</h3>' +
      '<p>A school year runs from July 1 to June 30. The School Year selector at the top of the page chooses which ' +
      'year you are working in; the portal reloads with that year\u2019s data when you change it.</p>' +
      '<h2>Districts (LEAs)</h2>' +
      '<h3>Why can I not see my district?</h3>' +
      '<p>You see the districts and charters your account belongs to. If one is missing from the LEA selector, ask ' +
      'your district administrator to add it to your account. State staff see every district.</p>' +
      '<h2>Messages and notifications</h2>' +
      '<h3>How do I choose which emails I get?</h3>' +
      '<p>Open <a href="/notification-settings">Notification Settings</a> to subscribe to events by email, as system ' +
      'messages, or both. Some notices are required and cannot be turned off.</p>',
  },
];
