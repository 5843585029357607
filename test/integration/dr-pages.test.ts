// The dispute resolution screens without JavaScript (DR spec §4.1, §4.3-4.6), through the real
// portal and API on the demo seed: the public filer's My Requests, the staff dashboard's tiles and
// filtered case list (404 for a case outside a district user's scope), the case tabs and their
// forms (a refused form answers 422 on its tab with the API's message; an accepted one 303), and
// the reports with their CSV downloads.
import { describe, expect, it } from 'vitest';
import { lastEndedYear } from '../../lib/dr/cases.js';
import { drText as t } from '../../lib/dr/page-text.js';
import { statusMessages } from '../../lib/dr/messages.js';
import { agencyToday } from '../../lib/day.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal } from './dashboard-helpers.js';

const env = withPortal();

describe('dispute resolution pages', () => {
  it('shows the public filer My Requests with their draft, cases and what happens next', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.drPublic);
    const res = await agent.get('/dispute-resolution/dashboard');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe('Dashboard - Dispute Resolution - Compliance Portal');
    const text = textOf(res.text);
    expect(text).toContain(t.myRequests);
    expect(text).toContain(t.createRequest);
    expect(text).toContain(t.finishDraft);
    expect(res.text).toContain('/dispute-resolution/request?draft=');
    expect(text).toMatch(/Closed: Held, agreement/);
  });

  it('shows staff the tiles and the case list, filtered and sorted by due date, with initials only', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get('/dispute-resolution/dashboard');
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    for (const tile of [t.tiles.overdue, t.tiles.dueSoon, t.tiles.unassigned, t.tiles.withdrawals]) expect(text).toContain(tile);
    expect(text).not.toMatch(/Lindgren|Petrakis|Okonkwo/);
    const filtered = await agent.get('/dispute-resolution/dashboard?type=3&status=2');
    expect(textOf(filtered.text)).toContain('State Complaint');
    expect(textOf(filtered.text)).not.toContain('Mediation Active');
    const none = await agent.get('/dispute-resolution/dashboard?q=ZZ-NOPE');
    expect(textOf(none.text)).toContain(t.noCases);
  });

  it('answers 404 for another district’s case and shows the district its own', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const mine = await env.api.ctx.db.query<{ id: string }>(
      `SELECT c.id FROM dr_cases c JOIN leas l ON l.id = c.lea_id WHERE l.lea_code = '55-0101-000' AND c.status <> 0 LIMIT 1`,
    );
    const other = await env.api.ctx.db.query<{ id: string }>(
      `SELECT c.id FROM dr_cases c JOIN leas l ON l.id = c.lea_id WHERE l.lea_code <> '55-0101-000' AND c.status <> 0 LIMIT 1`,
    );
    expect((await agent.get(`/dispute-resolution/cases/${mine.rows[0]?.id}`)).status).toBe(200);
    expect((await agent.get(`/dispute-resolution/cases/${other.rows[0]?.id}`)).status).toBe(404);
  });

  it('walks a state complaint from Submitted to Active: refused without the checklist, accepted once ticked', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const sc = await env.api.ctx.db.query<{ id: string }>(`SELECT id FROM dr_cases WHERE dispute_type = 3 AND status = 1 ORDER BY received_date DESC LIMIT 1`);
    const id = sc.rows[0]?.id as string;
    const page = `/dispute-resolution/cases/${id}`;
    const refused = await postForm(agent, `${page}/status`, { toStatus: 'Active' }, page);
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain(statusMessages.checklistIncomplete);
    const ticked = await postForm(agent, `${page}/update`, { contentChecklistComplete: 'on' }, page);
    expect(ticked.status).toBe(303);
    const accepted = await postForm(agent, `${page}/status`, { toStatus: 'Active' }, page);
    expect(accepted.status).toBe(303);
    const after = await agent.get(accepted.headers.location as string);
    expect(textOf(after.text)).toContain('The case is now Active.');
    const timeline = await agent.get(`${page}?tab=timeline`);
    expect(timeline.text).toContain('data-code="SC_DECISION"');
    expect(textOf(timeline.text)).toContain(t.timeline.showCalculation);
    expect(textOf(timeline.text)).toContain('300.152(a); NAC 388.318');
  });

  it('records a waiver on a due process complaint and shows the decision date moved, and refuses a future date with 422', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const dp = await env.api.ctx.db.query<{ id: string; received: string }>(
      `SELECT c.id, to_char(c.received_date, 'YYYY-MM-DD') AS received FROM dr_cases c WHERE c.dispute_type = 4 AND c.status = 2
          AND NOT EXISTS (SELECT 1 FROM dr_case_actions a WHERE a.case_id = c.id) ORDER BY c.received_date DESC LIMIT 1`,
    );
    const { id, received } = dp.rows[0] as { id: string; received: string };
    const page = `/dispute-resolution/cases/${id}?tab=actions`;
    const future = await postForm(agent, `/dispute-resolution/cases/${id}/actions`, { type: 'HEARING_HELD', actionDate: '2999-01-01', note: '' }, page);
    expect(future.status).toBe(422);
    expect(decoded(future.text)).toContain('No future dates allowed');
    const ok = await postForm(agent, `/dispute-resolution/cases/${id}/actions`, { type: 'RESOLUTION_WAIVED', actionDate: received, note: 'Waived in writing.', visibility: 'Parties' }, page);
    expect(ok.status).toBe(303);
    const actions = await agent.get(page);
    expect(textOf(actions.text)).toContain('Resolution waived');
    expect(textOf(actions.text)).toContain('Due date recalculated');
  });

  it('assigns a mediator by rotation; the mediator accepts on the dashboard with the no-conflict statement and then opens the case', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const med = (await env.api.ctx.db.query<{ id: string }>(`SELECT c.id FROM dr_cases c WHERE c.dispute_type = 2 AND c.status = 2 AND NOT EXISTS (SELECT 1 FROM dr_assignments a WHERE a.case_id = c.id) LIMIT 1`)).rows[0]?.id as string;
    const page = `/dispute-resolution/cases/${med}?tab=neutrals`;
    const tab = await agent.get(page);
    expect(textOf(tab.text)).toContain(t.neutrals.assign);
    const assigned = await postForm(agent, `/dispute-resolution/cases/${med}/assignments`, { neutralType: '2', userId: '' }, page);
    expect(assigned.status).toBe(303);
    const proposed = (await env.api.ctx.db.query<{ email: string }>(`SELECT u.email FROM dr_assignments a JOIN users u ON u.id = a.user_id WHERE a.case_id = $1 AND a.status = 'Proposed'`, [med])).rows[0]?.email as string;
    expect(proposed).toMatch(/^mediator\d@demo\.example$/);
    const mediator = await signedInAgent(env.portal.url, proposed);
    const dashboard = await mediator.get('/dispute-resolution/dashboard');
    expect(textOf(dashboard.text)).toContain(t.neutrals.proposals);
    const id = /action="\/dispute-resolution\/assignments\/(\d+)"/.exec(dashboard.text)?.[1] as string;
    const refused = await postForm(mediator, `/dispute-resolution/assignments/${id}`, { answer: 'Accepted' }, '/dispute-resolution/dashboard');
    expect(refused.status).toBe(303);
    expect(textOf((await mediator.get('/dispute-resolution/dashboard')).text)).toContain('Confirm that you have no personal or professional conflict with this case.');
    expect((await mediator.get(`/dispute-resolution/cases/${med}`)).status).toBe(404);
    await postForm(mediator, `/dispute-resolution/assignments/${id}`, { answer: 'Accepted', noConflict: 'on' }, '/dispute-resolution/dashboard');
    expect((await mediator.get(`/dispute-resolution/cases/${med}`)).status).toBe(200);
  });

  it('shows state staff the neutral roster and saves a neutral’s settings, refusing a bad capacity with 422', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const page = await agent.get('/dispute-resolution/neutrals');
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    for (const name of ['Maya Mediator One', 'Hector Hearing Officer Four', 'Iris Inspector One']) expect(text).toContain(name);
    expect(text).toContain(t.neutrals.next);
    const mateo = (await env.api.ctx.db.query<{ id: string }>(`SELECT id::text FROM users WHERE email = 'mediator2@demo.example'`)).rows[0]?.id as string;
    const refused = await postForm(agent, `/dispute-resolution/neutrals/${mateo}/2`, { isActive: 'on', languages: 'English, Spanish', maxActiveCases: '0' }, '/dispute-resolution/neutrals');
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain('Enter a whole number of cases from 1 to 100.');
    const saved = await postForm(agent, `/dispute-resolution/neutrals/${mateo}/2`, { isActive: 'on', languages: 'English, Spanish, Tagalog', maxActiveCases: '7' }, '/dispute-resolution/neutrals');
    expect(saved.status).toBe(303);
    expect(textOf((await agent.get('/dispute-resolution/neutrals')).text)).toContain('7');
    const district = await signedInAgent(env.portal.url, demoEmails.district);
    expect((await district.get('/dispute-resolution/neutrals')).status).toBe(403);
  });

  it('adds a corrective action to a finding of noncompliance and marks it submitted, refusing a blank one with 422', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const sc = (await env.api.ctx.db.query<{ id: string }>(
      `SELECT id FROM dr_cases WHERE dispute_type = 3 AND status = 2 AND data->'allegations'->0->>'finding' = '1' LIMIT 1`,
    )).rows[0]?.id as string;
    const page = `/dispute-resolution/cases/${sc}`;
    expect(textOf((await agent.get(page)).text)).toContain(t.corrective.add);
    const blank = await postForm(agent, `${page}/corrective-actions`, { allegation: '0', description: '', dueDate: '' }, page);
    expect(blank.status).toBe(422);
    expect(decoded(blank.text)).toContain('Describe the corrective action.');
    const added = await postForm(agent, `${page}/corrective-actions`, { allegation: '0', description: 'Provide the missed speech sessions.', dueDate: '2030-01-15' }, page);
    expect(added.status).toBe(303);
    const after = await agent.get(page);
    expect(textOf(after.text)).toContain('Provide the missed speech sessions.');
    const caId = [...after.text.matchAll(/data-corrective-action="([^"]+)"/g)].at(-1)?.[1] as string;
    expect((await postForm(agent, `${page}/corrective-actions/${caId}`, { status: 'Submitted' }, page)).status).toBe(303);
    expect(textOf((await agent.get(page)).text)).toContain(t.corrective.verify);
  });

  it('shows state staff a case’s survey invitations with their dates, never the answers, and no survey tab to others', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const invited = (await env.api.ctx.db.query<{ case_id: string }>('SELECT case_id FROM dr_survey_invitations ORDER BY id LIMIT 1')).rows[0]?.case_id as string;
    const page = await agent.get(`/dispute-resolution/cases/${invited}?tab=survey`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="survey-invitations"');
    expect(textOf(page.text)).toContain(t.surveyTab.caption);
    const filer = await signedInAgent(env.portal.url, demoEmails.drPublic);
    const own = await filer.get(`/dispute-resolution/cases/${invited}?tab=survey`);
    expect(own.text).not.toContain('data-testid="survey-invitations"');
    expect(own.text).not.toContain(`href="/dispute-resolution/cases/${invited}?tab=survey"`);
  });

  it('shows Table 7 of the prior year with the spec numbers, and downloads the same as CSV', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const year = lastEndedYear(agencyToday());
    const res = await agent.get(`/dispute-resolution/reports?schoolYear=${year}`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/data-row="1\.1\(a\)"[\s\S]*?>4<\/a>/);
    expect(textOf(res.text)).toContain('33.33%');
    expect(textOf(res.text)).toContain('72.73%');
    // A value links to its cases.
    expect(res.text).toContain(`/dispute-resolution/reports/cases?schoolYear=${year}&amp;row=2.1(a)`);
    const drill = await agent.get(`/dispute-resolution/reports/cases?schoolYear=${year}&row=2.1(a)`);
    expect(drill.status).toBe(200);
    expect([...drill.text.matchAll(/<th scope="row" data-label="Case #"><a /g)]).toHaveLength(4);
    expect((await agent.get(`/dispute-resolution/reports/cases?schoolYear=${year}&row=nope`)).status).toBe(404);
    const csv = await agent.get(`/dispute-resolution/reports.csv?schoolYear=${year}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`table7-${year}.csv`);
    expect(csv.text).toContain('B16,Mediations held that resulted in agreements (%),72.73');
  });

  it('shows the summary report and state tracking with their CSV links, and keeps tracking from a district user', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const year = lastEndedYear(agencyToday());
    const summary = await agent.get(`/dispute-resolution/reports/summary-report?schoolYear=${year}`);
    expect(textOf(summary.text)).toContain('Statewide total');
    // The chart of requests by month, with its table alternative.
    expect(summary.text).toContain('id="dr-requests-by-month');
    expect(textOf(summary.text)).toContain('Requests received by month');
    // The second table, Issues, with its own CSV.
    expect(summary.text).toContain('data-testid="summary-issues"');
    expect(textOf(summary.text)).toContain(t.reports.issueFindings);
    const issuesCsv = await agent.get(`/dispute-resolution/reports/summary-report/issues.csv?schoolYear=${year}`);
    expect(issuesCsv.status).toBe(200);
    expect(issuesCsv.text.replace(/^\uFEFF/, '').split(/\r\n/)[0]).toBe('Issue Code,Issue,Cases,Noncompliance Findings');
    const tracking = await agent.get('/dispute-resolution/reports/state-tracking?deadlineStatus=Overdue');
    expect(tracking.status).toBe(200);
    expect(textOf(tracking.text)).toContain('Overdue');
    expect(textOf(tracking.text)).toContain(t.reports.correctiveActions);
    expect(tracking.text).toContain('data-testid="corrective-actions"');
    const byLea = await agent.get('/dispute-resolution/reports/state-tracking?lea=Prairie+View+Public+Schools');
    const leaRows = [...byLea.text.matchAll(/<tr><th scope="row"><a href="\/dispute-resolution\/cases\/[^"]+\?tab=timeline">[^<]+<\/a><\/th><td>[^<]*<\/td><td>[^<]*<\/td><td>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(leaRows.length).toBeGreaterThan(0);
    expect(new Set(leaRows)).toEqual(new Set(['Prairie View Public Schools']));
    const leaCsv = await agent.get('/dispute-resolution/reports/state-tracking.csv?lea=Prairie+View+Public+Schools');
    expect(leaCsv.text.replace(/^\uFEFF/, '').trim().split(/\r\n/).length - 1).toBe(leaRows.length);
    const csv = await agent.get('/dispute-resolution/reports/state-tracking.csv');
    expect(csv.text.replace(/^\uFEFF/, '').split(/\r\n/)[0]).toBe('Case Number,Type,Status,LEA,Student Initials,Received,Case Manager,Neutral,Next Deadline,Due Date,Days Left,Deadline Status');
    const district = await signedInAgent(env.portal.url, demoEmails.district);
    expect((await district.get('/dispute-resolution/reports/state-tracking')).status).toBe(403);
  });
});
