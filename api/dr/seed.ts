// The dispute resolution demo data (DR spec §13), applied once (seed mark 'dr-demo-v1') after
// the platform's demo data: the roster accounts, the DR roles of the demo state and district
// users, and the cases. Every date is an offset from the reporting year or from the seed day,
// and each event is placed against its computed due date, so the prior reporting year's Table 7
// reads the spec's numbers whatever the year (1 = 12 ... 4.4 = 1, B15 33.33%, B16 72.73%).
import { addDays, agencyToday, type IsoDay } from '../../lib/day.js';
import { caseSchoolYear, DISPUTE_TYPES } from '../../lib/dr/cases.js';
import type { CaseData } from '../../lib/dr/request.js';
import type { Queryable } from '../db.js';
import { hashPassword } from '../passwords.js';
import { seedEmailTemplates } from '../shared/email-templates.js';
import { DEMO_PASSWORD, DISTRICT_USER_LEA_CODE, STATE_LEVEL_LEA_CODE } from '../seed-data/demo.js';
import { ROLE } from '../seed-data/roles.js';
import { drTemplateCatalogue } from './email-templates.js';
import { lastEndedYear } from './routes.js';
import { nextCaseNumber, refreshDeadlines } from './store.js';
import { seedSurveys } from './surveys-seed.js';

const MARK = 'dr-demo-v1';

/** The roster accounts of §13, each @demo.example with the demo password. */
export const DR_ROSTER: readonly { email: string; fullName: string; role: string; types: readonly number[]; languages?: readonly string[]; trainingOverdue?: boolean }[] = [
  { email: 'facilitator1@demo.example', fullName: 'Fran Facilitator One', role: ROLE.drFacilitator, types: [1] },
  { email: 'facilitator2@demo.example', fullName: 'Felix Facilitator Two', role: ROLE.drFacilitator, types: [1] },
  { email: 'facilitator3@demo.example', fullName: 'Fiona Facilitator Three', role: ROLE.drFacilitator, types: [1] },
  { email: 'mediator1@demo.example', fullName: 'Maya Mediator One', role: ROLE.drMediator, types: [2] },
  { email: 'mediator2@demo.example', fullName: 'Mateo Mediator Two', role: ROLE.drMediator, types: [2], languages: ['English', 'Spanish'] },
  { email: 'mediator3@demo.example', fullName: 'Miriam Mediator Three', role: ROLE.drMediator, types: [2] },
  { email: 'hearingofficer1@demo.example', fullName: 'Harriet Hearing Officer One', role: ROLE.drHearingOfficer, types: [3, 4] },
  { email: 'hearingofficer2@demo.example', fullName: 'Hugo Hearing Officer Two', role: ROLE.drHearingOfficer, types: [3] },
  { email: 'hearingofficer3@demo.example', fullName: 'Hana Hearing Officer Three', role: ROLE.drHearingOfficer, types: [3] },
  { email: 'hearingofficer4@demo.example', fullName: 'Hector Hearing Officer Four', role: ROLE.drHearingOfficer, types: [3], trainingOverdue: true },
  { email: 'investigator1@demo.example', fullName: 'Ines Investigator One', role: ROLE.drInvestigator, types: [5] },
  { email: 'investigator2@demo.example', fullName: 'Ivan Investigator Two', role: ROLE.drInvestigator, types: [5] },
  { email: 'inspector1@demo.example', fullName: 'Iris Inspector One', role: ROLE.drInspector, types: [6] },
];

type Findings = readonly number[];

interface SeedAction {
  type: string;
  at: IsoDay;
  from?: IsoDay;
  to?: IsoDay;
  note?: string;
  visibility?: 'Internal' | 'Parties';
}

interface SeedCase {
  key: string;
  type: 1 | 2 | 3 | 4 | 5;
  received: IsoDay;
  lea: string;
  status: 1 | 2 | 3 | 4;
  requesterType?: number;
  outcome?: number;
  outcomeReason?: string;
  closed?: IsoDay;
  reportDate?: IsoDay;
  agreementDate?: IsoDay;
  bothAgreed?: IsoDay;
  hearingDate?: IsoDay;
  decisionDate?: IsoDay;
  changeOfPlacement?: boolean;
  findings?: Findings;
  setAside?: { from: IsoDay; to: IsoDay | null }[];
  actions?: SeedAction[];
  extensions?: { code: string; granted: IsoDay; newDue: IsoDay; reason: 'EXCEPTIONAL' | 'MEDIATION_OR_ADR' | 'PARTY_REQUEST'; requestedBy?: 'Parent' | 'LEA' }[];
  owner?: 'public';
  appeal?: { filedDate: IsoDay };
  neutrals?: { email: string; type: number }[];
  checklist?: boolean;
}

const STUDENTS = [
  ['Ava', 'Lindgren'], ['Noah', 'Petrakis'], ['Mia', 'Okonkwo'], ['Liam', 'Vasquez'], ['Zoe', 'Haddad'], ['Eli', 'Brennan'], ['Ivy', 'Nakamura'],
  ['Owen', 'Castellano'], ['Ruby', 'Adeyemi'], ['Leo', 'Sorensen'], ['Nora', 'Kowalczyk'], ['Jude', 'Fairbanks'], ['Cora', 'Delgado'], ['Milo', 'Ashworth'],
] as const;

const ISSUES = ['IEPIMP', 'EVAL', 'PLACE_LRE', 'RELSERV', 'DISC', 'IEPDEV', 'TRANS', 'PROCSAFE'];

/** The 45 cases of the prior reporting year whose Table 7 §13 gives (S: its July 1; `today` bounds the follow-ups after June 30). */
export function priorYearCases(start: IsoDay, today: IsoDay): SeedCase[] {
  const d = (n: number) => addDays(start, n);
  const june30 = d(364);
  const after = (n: number) => (addDays(june30, n) < today ? addDays(june30, n) : null);
  const sc = (key: string, recv: number, findings: Findings, reportOffset: number, lea: string, extra: Partial<SeedCase> = {}): SeedCase => {
    const due = addDays(d(recv), 60);
    const report = addDays(due, reportOffset);
    return { key, type: 3, received: d(recv), lea, status: 4, outcome: 31, closed: report, reportDate: report, findings, checklist: true, actions: [{ type: 'REPORT_ISSUED', at: report }], ...extra };
  };
  const med = (key: string, recv: number, lea: string, outcome: 21 | 22 | 23 | 24): SeedCase => {
    const agreed = d(recv + 3);
    const session = d(recv + 20);
    const held = outcome === 21 || outcome === 22;
    return {
      key, type: 2, received: d(recv), lea, status: 4, outcome, bothAgreed: held ? agreed : undefined,
      closed: held ? session : d(recv + 10), agreementDate: outcome === 21 ? session : undefined,
      actions: held ? [{ type: 'SESSION_HELD', at: session }] : [],
    };
  };
  const adjudicatedExtension = (() => {
    const recv = 80;
    const due = addDays(d(recv), 75);
    return {
      key: 'dp-adj2', type: 4 as const, received: d(recv), lea: '40-0105-000', status: 4 as const, outcome: 41, hearingDate: addDays(due, 15), decisionDate: addDays(due, 25), closed: addDays(due, 25),
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(recv + 10) }, { type: 'HEARING_HELD', at: addDays(due, 15) }, { type: 'DECISION_ISSUED', at: addDays(due, 25) }],
      extensions: [{ code: 'DP_DECISION', granted: addDays(due, -3), newDue: addDays(due, 30), reason: 'PARTY_REQUEST' as const, requestedBy: 'Parent' as const }],
    };
  })();
  const scPendingReport = after(5);
  const medPendingSession = after(6);
  return [
    // State complaints: 7 reports (4 with findings; 5 on time, 1 within an extension, 1 late), 2 pending, 3 withdrawn or dismissed.
    sc('sc-a', 10, [1, 2], -5, DISTRICT_USER_LEA_CODE, { owner: 'public' }),
    sc('sc-b', 20, [1], -5, '28-0102-000'),
    sc('sc-c', 35, [1, 1], -3, '71-0103-000'),
    sc('sc-d', 50, [2], -10, '56-0104-000'),
    sc('sc-e', 70, [2, 2], -1, DISTRICT_USER_LEA_CODE),
    sc('sc-f', 90, [1], 10, '79-0106-000', { extensions: [{ code: 'SC_DECISION', granted: addDays(d(90), 58), newDue: addDays(d(90), 90), reason: 'EXCEPTIONAL' }] }),
    sc('sc-g', 110, [2], 5, '59-0107-000'),
    { key: 'sc-h', type: 3, received: d(320), lea: '10-0108-000', status: 3, findings: [3], checklist: true, setAside: [{ from: d(345), to: null }] },
    scPendingReport
      ? { ...sc('sc-i', 355, [2], 0, '28-9001-000'), closed: scPendingReport, reportDate: scPendingReport, actions: [{ type: 'REPORT_ISSUED', at: scPendingReport }] }
      : { key: 'sc-i', type: 3, received: d(355), lea: '28-9001-000', status: 2, findings: [0], checklist: true },
    { key: 'sc-j', type: 3, received: d(40), lea: '55-9002-000', status: 4, outcome: 32, closed: d(55), findings: [0] },
    { key: 'sc-k', type: 3, received: d(130), lea: '28-0102-000', status: 4, outcome: 32, closed: d(150), findings: [0] },
    { key: 'sc-l', type: 3, received: d(60), lea: '71-0103-000', status: 4, outcome: 33, outcomeReason: 'Outside one year', closed: d(65), findings: [4] },
    // Mediations: 11 held (4 related to due process with 3 agreements; 7 not related with 5), 1 pending, 2 declined, 1 withdrawn.
    med('med-1', 65, '28-0102-000', 21),
    med('med-2', 155, '71-0103-000', 21),
    med('med-3', 205, '56-0104-000', 21),
    med('med-4', 35, DISTRICT_USER_LEA_CODE, 22),
    { ...med('med-5', 15, DISTRICT_USER_LEA_CODE, 21), owner: 'public' },
    med('med-6', 45, '40-0105-000', 21),
    med('med-7', 95, '79-0106-000', 21),
    med('med-8', 175, '59-0107-000', 21),
    med('med-9', 240, '10-0108-000', 21),
    med('med-10', 120, '28-9001-000', 22),
    med('med-11', 280, '55-9002-000', 22),
    medPendingSession
      ? { ...med('med-12', 350, '77-9003-000', 21), closed: medPendingSession, agreementDate: medPendingSession, actions: [{ type: 'SESSION_HELD', at: medPendingSession }] }
      : { key: 'med-12', type: 2, received: d(350), lea: '77-9003-000', status: 2, bothAgreed: d(353) },
    med('med-13', 25, '28-0102-000', 23),
    med('med-14', 200, '40-0105-000', 23),
    med('med-15', 260, '71-0103-000', 24),
    // Due process: 6 resolution meetings (1 EDP) with 2 agreements; 3 adjudicated (2 on time, 1 within an extension); 1 pending; 6 closed otherwise.
    {
      key: 'dp-44a', type: 4, received: d(40), lea: DISTRICT_USER_LEA_CODE, status: 4, outcome: 44, closed: d(56),
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(50) }, { type: 'AGREEMENT_SIGNED', at: d(52) }],
    },
    {
      key: 'dp-44b', type: 4, received: d(140), lea: '56-0104-000', status: 4, outcome: 44, closed: d(156),
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(150) }, { type: 'AGREEMENT_SIGNED', at: d(152) }],
    },
    { key: 'dp-45a', type: 4, received: d(60), lea: '28-0102-000', status: 4, outcome: 45, closed: d(85), actions: [{ type: 'MEDIATION_INSTEAD_OF_RM', at: d(63) }] },
    { key: 'dp-45b', type: 4, received: d(150), lea: '71-0103-000', status: 4, outcome: 45, closed: d(175), actions: [{ type: 'MEDIATION_INSTEAD_OF_RM', at: d(153) }] },
    { key: 'dp-45c', type: 4, received: d(200), lea: '56-0104-000', status: 4, outcome: 45, closed: d(225), actions: [{ type: 'MEDIATION_INSTEAD_OF_RM', at: d(203) }] },
    {
      key: 'dp-adj1', type: 4, received: d(30), lea: DISTRICT_USER_LEA_CODE, status: 4, outcome: 41, hearingDate: d(90), decisionDate: d(100), closed: d(100),
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(42) }, { type: 'HEARING_HELD', at: d(90) }, { type: 'DECISION_ISSUED', at: d(100) }],
    },
    adjudicatedExtension,
    { key: 'dp-pending', type: 4, received: d(330), lea: '10-0108-000', status: 2, hearingDate: addDays(today, 21), actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(342) }] },
    {
      key: 'edp-adj', type: 5, received: d(100), lea: '28-0102-000', status: 4, outcome: 41, hearingDate: d(112), decisionDate: d(115), changeOfPlacement: true, closed: d(115),
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: d(105) }, { type: 'HEARING_HELD', at: d(112) }, { type: 'DECISION_ISSUED', at: d(115) }],
    },
    { key: 'edp-wd', type: 5, received: d(250), lea: '59-0107-000', status: 4, outcome: 42, closed: d(255) },
    // IEP facilitation: 6 held, 1 not held, 1 withdrawn.
    ...[15, 55, 85, 145, 190, 230].map((n, i): SeedCase => ({
      key: `iepf-${i + 1}`, type: 1, received: d(n), lea: i % 2 ? DISTRICT_USER_LEA_CODE : '40-0105-000', status: 4, outcome: i < 4 ? 11 : 12,
      bothAgreed: d(n + 2), closed: d(n + 21), actions: [{ type: 'SESSION_HELD', at: d(n + 21) }],
    })),
    { key: 'iepf-7', type: 1, received: d(170), lea: '79-0106-000', status: 4, outcome: 13, closed: d(185) },
    { key: 'iepf-8', type: 1, received: d(300), lea: '28-9001-000', status: 4, outcome: 13, outcomeReason: 'Withdrawn', closed: d(306) },
  ];
}

/** The prior year's links: related mediations (relation 2) and the set-aside complaint (relation 3). */
const PRIOR_LINKS: readonly [string, string, number][] = [
  ['med-1', 'dp-45a', 2],
  ['med-2', 'dp-45b', 2],
  ['med-3', 'dp-45c', 2],
  ['med-4', 'dp-adj1', 2],
  ['sc-h', 'dp-pending', 3],
];

/** The 20 open cases of the current year, dated from the seed day. */
export function currentYearCases(today: IsoDay): SeedCase[] {
  const t = (n: number) => addDays(today, n);
  return [
    { key: 'c-iepf-1', type: 1, received: t(-5), lea: DISTRICT_USER_LEA_CODE, status: 1 },
    { key: 'c-iepf-2', type: 1, received: t(-20), lea: '28-0102-000', status: 2, bothAgreed: t(-16), neutrals: [{ email: 'facilitator1@demo.example', type: 1 }] },
    { key: 'c-iepf-3', type: 1, received: t(-12), lea: '71-0103-000', status: 2, bothAgreed: t(-9), neutrals: [{ email: 'facilitator2@demo.example', type: 1 }] },
    { key: 'c-iepf-4', type: 1, received: t(-30), lea: DISTRICT_USER_LEA_CODE, status: 2, bothAgreed: t(-27), neutrals: [{ email: 'facilitator3@demo.example', type: 1 }], actions: [{ type: 'SESSION_HELD', at: t(-3) }] },
    { key: 'c-med-1', type: 2, received: t(-6), lea: '56-0104-000', status: 2, bothAgreed: t(-4) },
    { key: 'c-med-2', type: 2, received: t(-18), lea: DISTRICT_USER_LEA_CODE, status: 2, bothAgreed: t(-15), neutrals: [{ email: 'mediator1@demo.example', type: 2 }] },
    { key: 'c-med-3', type: 2, received: t(-25), lea: '40-0105-000', status: 2, bothAgreed: t(-21), neutrals: [{ email: 'mediator2@demo.example', type: 2 }] },
    { key: 'c-med-4', type: 2, received: t(-9), lea: '79-0106-000', status: 2, bothAgreed: t(-7), neutrals: [{ email: 'mediator3@demo.example', type: 2 }] },
    { key: 'c-sc-1', type: 3, received: t(-3), lea: '59-0107-000', status: 1, findings: [0] },
    { key: 'c-sc-2', type: 3, received: t(-8), lea: DISTRICT_USER_LEA_CODE, status: 1, findings: [0, 0] },
    { key: 'c-sc-3', type: 3, received: t(-55), lea: '10-0108-000', status: 2, findings: [0], checklist: true, neutrals: [{ email: 'investigator1@demo.example', type: 5 }] },
    { key: 'c-sc-4', type: 3, received: t(-57), lea: DISTRICT_USER_LEA_CODE, status: 2, findings: [1], checklist: true, owner: 'public', neutrals: [{ email: 'investigator2@demo.example', type: 5 }] },
    { key: 'c-sc-5', type: 3, received: t(-63), lea: '28-9001-000', status: 2, findings: [0], checklist: true, neutrals: [{ email: 'investigator1@demo.example', type: 5 }] },
    { key: 'c-sc-6', type: 3, received: t(-30), lea: '55-9002-000', status: 3, findings: [3], checklist: true, setAside: [{ from: t(-20), to: null }] },
    { key: 'c-dp-1', type: 4, received: t(-10), lea: DISTRICT_USER_LEA_CODE, status: 2, neutrals: [{ email: 'hearingofficer2@demo.example', type: 3 }] },
    { key: 'c-dp-2', type: 4, received: t(-20), lea: '28-0102-000', status: 2, actions: [{ type: 'RESOLUTION_WAIVED', at: t(-15) }], neutrals: [{ email: 'hearingofficer3@demo.example', type: 3 }] },
    {
      key: 'c-dp-3', type: 4, received: t(-80), lea: '71-0103-000', status: 2, actions: [{ type: 'RESOLUTION_MEETING_HELD', at: t(-68) }],
      extensions: [{ code: 'DP_DECISION', granted: t(-8), newDue: t(25), reason: 'PARTY_REQUEST', requestedBy: 'Parent' }], neutrals: [{ email: 'hearingofficer1@demo.example', type: 3 }],
    },
    { key: 'c-dp-4', type: 4, received: t(-40), lea: '55-9002-000', status: 2, hearingDate: t(14), actions: [{ type: 'RESOLUTION_MEETING_HELD', at: t(-28) }], neutrals: [{ email: 'hearingofficer2@demo.example', type: 3 }] },
    {
      key: 'c-dp-5', type: 4, received: t(-120), lea: '40-0105-000', status: 2, hearingDate: t(-45), decisionDate: t(-40), appeal: { filedDate: t(-20) },
      actions: [{ type: 'RESOLUTION_MEETING_HELD', at: t(-108) }, { type: 'HEARING_HELD', at: t(-45) }, { type: 'DECISION_ISSUED', at: t(-40) }, { type: 'APPEAL_FILED', at: t(-20) }],
      neutrals: [{ email: 'hearingofficer3@demo.example', type: 3 }, { email: 'hearingofficer1@demo.example', type: 4 }],
    },
    { key: 'c-edp-1', type: 5, received: t(-4), lea: DISTRICT_USER_LEA_CODE, status: 2, neutrals: [{ email: 'hearingofficer2@demo.example', type: 3 }] },
  ];
}

const CURRENT_LINKS: readonly [string, string, number][] = [['c-sc-6', 'c-dp-4', 3]];

function dataFor(c: SeedCase, i: number, requester: { name: string; email: string }): CaseData {
  const [first, last] = STUDENTS[i % STUDENTS.length] as readonly [string, string];
  const data: CaseData = {
    requester: { fullName: requester.name, email: requester.email, phone: '702-555-0199', street: '123 Sample St', city: 'Carson City', state: 'NV', zip: '89701', preferredLanguage: 'English', interpreterNeeded: false },
    concernsSpecificStudent: true,
    student: { firstName: first, lastName: last, dateOfBirth: `20${String(10 + (i % 8)).padStart(2, '0')}-0${1 + (i % 9)}-15`, isHomeless: false, residenceAddress: '123 Sample St, Carson City, NV 89701', schoolId: 'other', schoolNameOther: 'Demo School', grade: String(1 + (i % 12)).padStart(2, '0') },
    proposedResolution: 'Provide the services in the IEP and compensatory services for the time missed.',
  };
  if (c.type === 3) {
    data.allegations = (c.findings ?? [0]).map((finding, k) => ({
      requirement: k === 0 ? 'The district did not implement the speech services in the IEP (34 CFR 300.323(c)).' : 'The district did not provide prior written notice (34 CFR 300.503).',
      facts: 'From the start of the semester the student received no speech sessions, as the service log shows.',
      violationDate: addDays(c.received, -40 - k),
      finding,
      correctiveActions: finding === 1 ? [{ id: `ca-${c.key}-${k}`, description: 'Provide compensatory speech services and train staff on IEP implementation.', dueDate: addDays(c.reportDate ?? c.received, 60), status: 'Open' as const }] : [],
    }));
    // The allegations' subjects: IEP implementation, then prior written notice.
    data.issues = data.allegations.length > 1 ? ['IEPIMP', 'PROCSAFE'] : ['IEPIMP'];
  } else {
    data.issues = [ISSUES[i % ISSUES.length] as string, ISSUES[(i + 3) % ISSUES.length] as string];
    data.problemDescription = 'The IEP team has not met to address the student’s needs, and services listed in the IEP have not been provided.';
  }
  if (c.type === 4 || c.type === 5) data.dpAnswers = { q1Expedited: c.type === 5, q2RequestMediation: false, q3HasAttorney: false };
  if (c.setAside) data.setAside = c.setAside;
  if (c.appeal) data.appeal = { filedDate: c.appeal.filedDate, filedBy: 'Parent' };
  return data;
}

/**
 * The module's reference data, on every start: the email templates (§4.8) that are missing.
 * An edited template is never overwritten (seedEmailTemplates inserts missing codes only).
 */
export async function seedDrReference(q: Queryable): Promise<void> {
  await seedEmailTemplates(q, drTemplateCatalogue);
}

export async function seedDisputeResolution(q: Queryable, now: Date): Promise<void> {
  const mark = await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [MARK]);
  if (mark.rows.length === 0) return;
  const today = agencyToday(now);
  const roleId = new Map((await q.query<{ id: number; name: string }>('SELECT id, name FROM roles')).rows.map((r) => [r.name, r.id]));
  const leaId = new Map((await q.query<{ id: number; lea_code: string }>('SELECT id, lea_code FROM leas')).rows.map((r) => [r.lea_code, r.id]));
  const userId = async (email: string) => (await q.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).rows[0]?.id ?? null;
  const grant = async (email: string, role: string) => {
    const id = await userId(email);
    const r = roleId.get(role);
    if (id && r !== undefined) await q.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, r]);
  };

  // ---- the demo users' DR roles and the roster
  await grant('state.user@demo.example', ROLE.drStateUser);
  await grant('district.user@demo.example', ROLE.drLeaUser);
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const n of DR_ROSTER) {
    let id = await userId(n.email);
    if (!id) {
      const created = await q.query<{ id: string }>(
        `INSERT INTO users (user_name, email, full_name, job_title, password_hash, email_confirmed) VALUES ($1, $1, $2, $3, $4, true) RETURNING id`,
        [n.email, n.fullName, n.types.includes(3) ? 'Hearing Officer' : n.types.includes(2) ? 'Mediator' : n.types.includes(1) ? 'IEP Facilitator' : n.types.includes(5) ? 'Complaint Investigator' : 'Inspector', hash],
      );
      id = created.rows[0]?.id ?? null;
    }
    if (!id) continue;
    await grant(n.email, n.role);
    for (const type of n.types) {
      await q.query(
        `INSERT INTO dr_neutrals (user_id, type, languages, last_annual_training_date) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [id, type, n.languages ?? ['English'], type === 3 || type === 4 ? addDays(today, n.trainingOverdue ? -400 : -100) : null],
      );
    }
  }

  // ---- cases
  const stateUser = (await userId('state.user@demo.example')) ?? 'system';
  const publicUser = await userId('dr.public@demo.example');
  const neutralId = new Map<string, string>();
  for (const n of DR_ROSTER) {
    const id = await userId(n.email);
    if (id) neutralId.set(n.email, id);
  }
  const year = lastEndedYear(today);
  const start = `${year.slice(0, 4)}-07-01`;
  const all = [...priorYearCases(start, today), ...currentYearCases(today)].sort((a, b) => a.received.localeCompare(b.received));
  const ids = new Map<string, string>();
  for (const [i, c] of all.entries()) {
    const lea = leaId.get(c.lea) ?? leaId.get(STATE_LEVEL_LEA_CODE) ?? null;
    const type = DISPUTE_TYPES[c.type];
    const owner = c.owner === 'public' && publicUser ? publicUser : stateUser;
    const requester = c.owner === 'public' ? { name: 'Casey Public Parent', email: 'dr.public@demo.example' } : { name: `Parent of ${STUDENTS[i % STUDENTS.length]?.[0]}`, email: `parent${i + 1}@family.example` };
    const data = dataFor(c, i, requester);
    const schoolYear = caseSchoolYear(c.received);
    const number = await nextCaseNumber(q, type, schoolYear);
    const r = await q.query<{ id: string }>(
      `INSERT INTO dr_cases (case_number, dispute_type, status, outcome, outcome_reason, requester_type, lea_id, school_year, received_date, received_via,
                             other_party_received_date, both_parties_agreed_date, hearing_date, decision_date, decision_received_date, report_date, agreement_date,
                             change_of_placement_ordered, content_checklist_complete, closed_date, case_manager_user_id, student_first_name, student_last_name,
                             requester_email, data, draft_step, created_by, updated_by, created_at)
       VALUES ($1, $2::smallint, $3::smallint, $4, $5, $6, $7, $8, $9::date, 'Online', CASE WHEN $2::smallint IN (4, 5) THEN $9::date END, $10::date, $11::date,
               $12::date, $12::date, $13::date, $14::date, $15, $16, $17::date, CASE WHEN $3::smallint >= 2 THEN $18::uuid END, $19, $20, $21, $22::jsonb, 7, $23, $23,
               $9::date + time '09:00')
       RETURNING id`,
      [
        number, c.type, c.status, c.outcome ?? null, c.outcomeReason ?? null, c.requesterType ?? 1, lea, schoolYear, c.received,
        c.bothAgreed ?? null, c.hearingDate ?? null, c.decisionDate ?? null, c.reportDate ?? null, c.agreementDate ?? null,
        c.changeOfPlacement ?? null, c.checklist ?? false, c.closed ?? null, stateUser === 'system' ? null : stateUser,
        data.student?.firstName ?? null, data.student?.lastName ?? null, requester.email, JSON.stringify(data), owner,
      ],
    );
    const id = r.rows[0]?.id as string;
    ids.set(c.key, id);
    for (const a of c.actions ?? []) {
      await q.query(
        `INSERT INTO dr_case_actions (case_id, type, action_date, from_date, to_date, note, visibility, created_by, updated_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $3::date + time '12:00')`,
        [id, a.type, a.at, a.from ?? null, a.to ?? null, a.note ?? '', a.visibility ?? 'Parties', stateUser],
      );
    }
    for (const e of c.extensions ?? []) {
      await q.query(
        `INSERT INTO dr_extensions (case_id, deadline_code, new_due_date, reason, requested_by, granted_date, granted_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, e.code, e.newDue, e.reason, e.requestedBy ?? null, e.granted, stateUser],
      );
    }
    for (const n of c.neutrals ?? []) {
      const nid = neutralId.get(n.email);
      if (!nid) continue;
      await q.query(
        `INSERT INTO dr_assignments (case_id, neutral_type, user_id, method, status, no_conflict_confirmed, assigned_at) VALUES ($1, $2, $3, 1, 'Accepted', true, $4::date + time '10:00')`,
        [id, n.type, nid, addDays(c.received, 2)],
      );
      await q.query('UPDATE dr_neutrals SET last_assigned_at = GREATEST(COALESCE(last_assigned_at, $3::timestamptz), $3::timestamptz) WHERE user_id = $1 AND type = $2', [nid, n.type, `${addDays(c.received, 2)}T10:00:00Z`]);
    }
  }
  for (const [a, b, relation] of [...PRIOR_LINKS, ...CURRENT_LINKS]) {
    const ia = ids.get(a);
    const ib = ids.get(b);
    if (ia && ib) await q.query('INSERT INTO dr_case_links (case_a, case_b, relation, created_by) VALUES ($1, $2, $3, $4)', [ia, ib, relation, stateUser]);
  }
  for (const id of ids.values()) await refreshDeadlines(q, id, today);

  await seedSurveys(q, { stateUser, today, publicMediation: ids.get('med-5') ?? null });

  // dr.public's draft mediation request (§13).
  if (publicUser) {
    const draft: CaseData = { requester: { fullName: 'Casey Public Parent', email: 'dr.public@demo.example', preferredLanguage: 'English' } };
    await q.query(
      `INSERT INTO dr_cases (dispute_type, status, requester_type, lea_id, data, requester_email, draft_step, created_by, updated_by) VALUES (2, 0, 1, $1, $2::jsonb, $3, 2, $4, $4)`,
      [leaId.get(DISTRICT_USER_LEA_CODE) ?? null, JSON.stringify(draft), 'dr.public@demo.example', publicUser],
    );
  }
}
