// The Create Request wizard (/dispute-resolution/request, DR spec §4.2) through the real portal
// and agency API, as a browser without JavaScript uses it: the demo public user files a due
// process complaint from step 1 to the acknowledgement (each refused step 422 with the spec's
// message and what was typed kept), a state complaint's allegation cards grow by one, Save draft
// keeps what was typed, and leaving the wizard forgets its draft.
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../lib/dates.js';
import { addDays, agencyToday, type IsoDay } from '../../lib/day.js';
import { DEADLINE_NAMES } from '../../lib/dr/contract.js';
import { requestMessages } from '../../lib/dr/messages.js';
import { wizardMessages } from '../../lib/dr/request.js';
import { wizardText } from '../../lib/dr/wizard-text.js';
import { leaIdByCode } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal, type Agent } from './dashboard-helpers.js';

const WIZARD = '/dispute-resolution/request';
const env = withPortal();

/** Posts step `step` of the wizard (the CSRF token from that step's page). */
function post(agent: Agent, step: number, action: string, fields: Record<string, string | string[]> = {}) {
  return postForm(agent, WIZARD, { step: String(step), action, ...fields }, `${WIZARD}?step=${step}`);
}

/** The first LEA offered on step 3. */
async function firstLeaId(agent: Agent): Promise<string> {
  const page = await agent.get(`${WIZARD}?step=3`).expect(200);
  const select = /<select[^>]*id="leaId"[\s\S]*?<\/select>/.exec(page.text)?.[0] ?? '';
  const id = /<option value="(\d+)"/.exec(select)?.[1];
  expect(id, 'an LEA to choose').toBeDefined();
  return id as string;
}

const requester = { requesterType: '1', 'requester.fullName': 'Casey Public Parent', 'requester.email': demoEmails.drPublic, 'requester.preferredLanguage': 'English' };
const student = (leaId: string) => ({
  'student.firstName': 'Jordan',
  'student.lastName': 'Rivera',
  'student.dateOfBirth': addDays(agencyToday(), -10 * 365),
  'student.residenceAddress': '1 Main St, Carson City NV 89701',
  'student.grade': '04',
  'student.schoolId': 'other',
  'student.schoolNameOther': 'Sagebrush Academy',
  leaId,
});

describe('/dispute-resolution/request', () => {
  it('lets the public user file a due process complaint step by step, refusing each incomplete step with the spec message', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.drPublic);
    const first = await agent.get(WIZARD).expect(200);
    expect(titleOf(first.text)).toBe('Create Request: Step 1 of 7 - Dispute Resolution - Compliance Portal');
    expect(textOf(first.text)).toContain('Step 1 of 7');
    expect(first.text).not.toContain('not available in the portal yet');
    expect(first.text).toContain('value="Casey Public Parent"');
    expect(first.text).toContain('data-block-code="dr-request-page-one"');

    // Step 1 without a requester type: 422, the spec message linked from the summary, the typed phone kept.
    const refused = await post(agent, 1, 'continue', { 'requester.fullName': 'Casey Public Parent', 'requester.email': demoEmails.drPublic, 'requester.phone': '775-555-0142' });
    expect(refused.status).toBe(422);
    expect(titleOf(refused.text)).toBe('Error: Create Request: Step 1 of 7 - Dispute Resolution - Compliance Portal');
    expect(refused.text).toContain('data-testid="error-summary"');
    expect(decoded(refused.text)).toContain(wizardMessages.requesterType);
    expect(refused.text).toContain('href="#requesterType-1"');
    expect(refused.text).toContain('value="775-555-0142"');

    let res = await post(agent, 1, 'continue', requester);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${WIZARD}?step=2`);

    const options = await agent.get(`${WIZARD}?step=2`).expect(200);
    expect(titleOf(options.text)).toBe('Create Request: Step 2 of 7 - Dispute Resolution - Compliance Portal');
    for (const s of ['IEP Facilitation', 'Mediation', 'State Complaint', 'Due Process Complaint', wizardText.noCost]) expect(textOf(options.text)).toContain(s);
    expect((await post(agent, 2, 'continue')).status).toBe(422);
    res = await post(agent, 2, 'continue', { option: 'DP' });
    expect(res.headers.location).toBe(`${WIZARD}?step=3`);

    const leaId = await firstLeaId(agent);
    const noStudent = await post(agent, 3, 'continue', { leaId });
    expect(noStudent.status).toBe(422);
    expect(decoded(noStudent.text)).toContain(wizardMessages.studentFirst);
    expect(decoded(noStudent.text)).toContain(wizardMessages.school);
    res = await post(agent, 3, 'continue', student(leaId));
    expect(res.headers.location).toBe(`${WIZARD}?step=4`);

    const noProblem = await post(agent, 4, 'continue', { proposedResolution: 'A new evaluation' });
    expect(noProblem.status).toBe(422);
    for (const m of [wizardMessages.issues, wizardMessages.description, wizardMessages.knewDate]) expect(decoded(noProblem.text)).toContain(m);
    expect(noProblem.text).toContain('A new evaluation');
    // Knowing of it more than two years ago needs the tick.
    const old = addDays(agencyToday(), -800) as IsoDay;
    const late = await post(agent, 4, 'continue', { issues: ['EVAL', 'IEPIMP'], problemDescription: 'The IEP is not followed.', proposedResolution: 'A new evaluation', knewDate: old });
    expect(late.status).toBe(422);
    expect(decoded(late.text)).toContain(requestMessages.olderThanTwoYears);
    expect(late.text).toMatch(/id="issues-IEPIMP"[^>]*checked/);
    res = await post(agent, 4, 'continue', { issues: ['EVAL', 'IEPIMP'], problemDescription: 'The IEP is not followed.', proposedResolution: 'A new evaluation', knewDate: addDays(agencyToday(), -30) });
    expect(res.headers.location).toBe(`${WIZARD}?step=5`);

    const unanswered = await post(agent, 5, 'continue', { 'dpAnswers.q1Expedited': 'no' });
    expect(unanswered.status).toBe(422);
    expect(decoded(unanswered.text)).toContain(wizardMessages.answer);
    expect(decoded(unanswered.text)).toContain(`${wizardText.question(3)}: ${wizardMessages.answer}`);
    res = await post(agent, 5, 'continue', { 'dpAnswers.q1Expedited': 'no', 'dpAnswers.q2RequestMediation': 'no', 'dpAnswers.q3HasAttorney': 'no' });
    expect(res.headers.location).toBe(`${WIZARD}?step=6`);

    const review = await agent.get(`${WIZARD}?step=6`).expect(200);
    const reviewText = textOf(review.text);
    for (const s of ['Casey Public Parent', 'Due Process Complaint', 'Jordan', 'Sagebrush Academy', 'Evaluation, IEP implementation', 'The IEP is not followed.']) expect(reviewText).toContain(s);
    for (const step of [1, 2, 3, 4, 5]) expect(review.text).toContain(`href="${WIZARD}?step=${step}"`);
    res = await post(agent, 6, 'continue');
    expect(res.headers.location).toBe(`${WIZARD}?step=7`);

    const sign = await agent.get(`${WIZARD}?step=7`).expect(200);
    expect(sign.text).toContain('data-block-code="signature-disclaimer"');
    expect(textOf(sign.text)).toContain(wizardText.submit);
    const mismatch = await post(agent, 7, 'submit', { typedName: 'Someone Else' });
    expect(mismatch.status).toBe(422);
    expect(decoded(mismatch.text)).toContain(requestMessages.signatureMismatch('Casey Public Parent'));
    expect(decoded(mismatch.text)).toContain(wizardMessages.agree);
    expect(mismatch.text).toContain('value="Someone Else"');

    res = await post(agent, 7, 'submit', { typedName: 'casey public parent', agreed: 'on' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${WIZARD}?step=submitted`);
    const ack = await agent.get(res.headers.location as string).expect(200);
    const ackText = textOf(ack.text);
    expect(ackText).toMatch(/DP-\d{4}-\d{3}/);
    expect(ack.text).toContain('data-block-code="dispute-request-submission-acknowledgement"');
    const today = agencyToday();
    expect(ackText).toContain(formatDay(today));
    expect(ackText).toContain(`${DEADLINE_NAMES.DP_RESOLUTION_MEETING} ${formatDay(addDays(today, 15))}`);
    expect(ackText).toContain(`${DEADLINE_NAMES.DP_RESOLUTION_PERIOD_END} ${formatDay(addDays(today, 30))}`);

    // The draft is gone from the session: the wizard starts afresh.
    const again = await agent.get(WIZARD).expect(200);
    expect(titleOf(again.text)).toBe('Create Request: Step 1 of 7 - Dispute Resolution - Compliance Portal');
    expect((await agent.get(`${WIZARD}?step=4`)).headers.location).toBe(`${WIZARD}?step=1`);
  });

  it('adds a state complaint allegation card, keeps what was typed on Save draft, and forgets the draft outside the wizard', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.drPublic);
    expect((await post(agent, 1, 'continue', { ...requester, requesterType: '4' })).status).toBe(303);
    // An organization may file only a state complaint.
    const notForOrg = await post(agent, 2, 'continue', { option: 'MED' });
    expect(notForOrg.status).toBe(422);
    expect(decoded(notForOrg.text)).toContain(requestMessages.optionNotForRequester('Mediation'));
    expect((await post(agent, 2, 'continue', { option: 'SC' })).headers.location).toBe(`${WIZARD}?step=3`);
    const leaId = await firstLeaId(agent);
    expect((await post(agent, 3, 'continue', { concernsSpecificStudent: 'no', leaId })).headers.location).toBe(`${WIZARD}?step=4`);

    const step4 = await agent.get(`${WIZARD}?step=4`).expect(200);
    expect(textOf(step4.text)).toContain(wizardText.allegation(1));
    expect(textOf(step4.text)).not.toContain(wizardText.allegation(2));
    const added = await post(agent, 4, 'add-allegation', { allegationCount: '1', 'allegations.0.requirement': 'Evaluation timelines', 'allegations.0.facts': 'No evaluation in 60 days.' });
    expect(added.status).toBe(200);
    expect(textOf(added.text)).toContain(wizardText.allegation(2));
    expect(added.text).toContain('Evaluation timelines');
    expect(added.text).toContain('name="allegations.1.facts"');

    const empty = await post(agent, 4, 'continue', { allegationCount: '2', 'allegations.0.requirement': 'Evaluation timelines', proposedResolution: 'Evaluate now' });
    expect(empty.status).toBe(422);
    expect(decoded(empty.text)).toContain(wizardMessages.facts);
    expect(empty.text).toContain('href="#allegations-0-facts"');
    expect(empty.text).toContain('href="#allegations-1-requirement"');
    // The summary names the card of a message that repeats.
    expect(decoded(empty.text)).toContain(`${wizardText.allegation(2)}: ${wizardMessages.requirement}`);

    const saved = await post(agent, 4, 'save', { allegationCount: '1', 'allegations.0.requirement': 'Evaluation timelines', proposedResolution: 'Evaluate now' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`${WIZARD}?step=4`);
    const back = await agent.get(`${WIZARD}?step=4`).expect(200);
    expect(textOf(back.text)).toContain(wizardText.draftSaved);
    expect(back.text).toContain('Evaluation timelines');

    // Any page outside the wizard forgets the draft; ?draft=<id> continues it.
    await agent.get('/');
    expect((await agent.get(`${WIZARD}?step=4`)).headers.location).toBe(`${WIZARD}?step=1`);
    const id = (await env.api.ctx.db.query<{ id: string }>("SELECT id FROM dr_cases WHERE status = 0 AND data->'allegations'->0->>'requirement' = 'Evaluation timelines'")).rows[0]?.id;
    expect(id).toBeDefined();
    const resumed = await agent.get(`${WIZARD}?draft=${id}`);
    expect(resumed.status).toBe(303);
    expect(resumed.headers.location).toBe(`${WIZARD}?step=6`);
  });

  it('has a district user file as their district, naming the parent, among their own LEAs and the chosen LEA’s schools; another filer’s draft is not found', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const first = await agent.get(WIZARD).expect(200);
    expect(textOf(first.text)).toContain(wizardText.requesterTypeFixed);
    // Prefilled from the account, the phone included.
    expect(first.text).toContain('value="402-555-0113"');
    expect(first.text).not.toContain('name="requesterType"');
    const noParent = await post(agent, 1, 'continue', { 'requester.fullName': 'Riley District User', 'requester.email': demoEmails.district });
    expect(noParent.status).toBe(422);
    expect(decoded(noParent.text)).toContain(wizardMessages.parentName);
    expect(decoded(noParent.text)).toContain(wizardMessages.parentContact);
    expect((await post(agent, 1, 'continue', { 'requester.fullName': 'Riley District User', 'requester.email': demoEmails.district, 'otherParty.name': 'Pat Parent', 'otherParty.email': 'pat@family.example' })).headers.location).toBe(`${WIZARD}?step=2`);
    expect((await post(agent, 2, 'continue', { option: 'MED' })).headers.location).toBe(`${WIZARD}?step=3`);

    const own = await leaIdByCode(env.api, '55-0101-000');
    const step3 = await agent.get(`${WIZARD}?step=3`).expect(200);
    const offered = [...(/<select[^>]*id="leaId"[\s\S]*?<\/select>/.exec(step3.text)?.[0] ?? '').matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(offered).toEqual([own]);
    // Without JavaScript the schools follow the LEA once the step is saved.
    expect((await post(agent, 3, 'save', { leaId: String(own) })).status).toBe(303);
    const withSchools = await agent.get(`${WIZARD}?step=3`).expect(200);
    const school = (await env.api.ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM schools WHERE lea_id = $1 ORDER BY id LIMIT 1', [own])).rows[0];
    expect(school).toBeDefined();
    expect(withSchools.text).toContain(`<option value="${school?.id}">`);

    const draftId = (await env.api.ctx.db.query<{ id: string }>("SELECT id FROM dr_cases WHERE status = 0 AND data->'otherParty'->>'name' = 'Pat Parent'")).rows[0]?.id;
    const stranger = await signedInAgent(env.portal.url, demoEmails.drPublic);
    expect((await stranger.get(`${WIZARD}?draft=${draftId}`)).status).toBe(404);
  });

  it('lets state staff record the intake of a mailed due process complaint instead of signing it', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    await agent.get(WIZARD).expect(200);
    let res = await post(agent, 1, 'continue', { ...requester, 'requester.fullName': 'Pat Paper Filer', 'requester.email': 'pat.filer@family.example' });
    expect(res.status).toBe(303);
    res = await post(agent, 2, 'continue', { option: 'DP' });
    const leaId = await firstLeaId(agent);
    res = await post(agent, 3, 'continue', student(leaId));
    expect(res.status).toBe(303);
    res = await post(agent, 4, 'continue', { issues: ['EVAL'], problemDescription: 'No evaluation.', proposedResolution: 'Evaluate.', knewDate: addDays(agencyToday(), -20) });
    expect(res.status).toBe(303);
    res = await post(agent, 5, 'continue', { 'dpAnswers.q1Expedited': 'no', 'dpAnswers.q2RequestMediation': 'no', 'dpAnswers.q3HasAttorney': 'no' });
    res = await post(agent, 6, 'continue');
    const page = await agent.get(`${WIZARD}?step=7`).expect(200);
    expect(textOf(page.text)).toContain(wizardText.intakeLegend);
    expect(page.text).not.toContain('id="typedName"');
    const refused = await post(agent, 7, 'submit', { receivedDate: '', receivedVia: '' });
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain('Enter the date NDE received the request.');
    const received = addDays(agencyToday(), -3);
    res = await post(agent, 7, 'submit', { receivedDate: received, receivedVia: 'Mail' });
    expect(res.headers.location).toBe(`${WIZARD}?step=submitted`);
    const ack = textOf((await agent.get(`${WIZARD}?step=submitted`).expect(200)).text);
    expect(ack).toContain(formatDay(received));
    expect(ack).toContain(`${DEADLINE_NAMES.DP_RESOLUTION_MEETING} ${formatDay(addDays(received, 15))}`);
  });
});
