// The Early Childhood Outcomes report pages without JavaScript (ECO spec §3.1, §3.7, §3.8, §7),
// through the real portal and API on the demo seed (§11): the dashboard's tiles and summary
// statements, state tracking with its filters, reminder (CSRF) and LEA link, the APR report with
// §11's prior-year numbers, and every CSV download with §7's header; a district user sees their
// own LEA and is refused what the spec keeps from them.
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../lib/messages.js';
import { APR_SUMMARY_HEADER, CHILD_DATA_HEADER, STATE_TRACKING_HEADER } from '../../lib/eco/csv.js';
import { ecoPageText as t } from '../../lib/eco/page-text.js';
import { priorSchoolYear, schoolYearForDate } from '../../lib/school-year.js';
import { leaIdByCode } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal, type Agent } from './dashboard-helpers.js';

const env = withPortal();
const PV = '55-0101-000';
const current = schoolYearForDate(new Date());
const prior = priorSchoolYear(current);
const ffy = Number(prior.slice(0, 4));
const firstLine = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];

/** A CSV download through the portal: 200, an attachment, §7's header. */
async function csv(agent: Agent, path: string, header: readonly string[]) {
  const res = await agent.get(path).buffer(true).parse((r, done) => {
    let data = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (data += c));
    r.on('end', () => done(null, data));
  });
  expect(res.status, path).toBe(200);
  expect(res.headers['content-disposition'], path).toContain('attachment');
  expect(firstLine(res.body as string), path).toBe(header.join(','));
  return res;
}

/** The cells of one table row (by its data attribute), as text. */
function rowCells(html: string, attr: string, value: string): string[] {
  const m = new RegExp(`<tr[^>]*${attr}="${value}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!m) return [];
  return [...(m[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1] ?? ''));
}

describe('ECO report pages', () => {
  it('shows the state user the dashboard: tiles linking to the child list, summary statements, recent activity', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get('/child-search/dashboard');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toMatch(/^Dashboard - /);
    const text = textOf(res.text);
    expect(text).toContain(t.heading);
    for (const tile of [t.dashboard.tiles.entryDueSoon, t.dashboard.tiles.entryOverdue, t.dashboard.tiles.exitPendingOrOverdue, t.dashboard.tiles.kindergartenBound, t.dashboard.tiles.completeness]) {
      expect(text).toContain(tile);
    }
    expect(res.text).toContain('href="/child-search/child-list?status=entry-overdue"');
    expect(res.text).toContain('data-testid="eco-statements"');
    for (const h of [t.dashboard.thisLea, t.dashboard.statewide, t.dashboard.target, t.dashboard.met]) expect(text).toContain(h);
    expect(text).toContain(t.dashboard.recentActivity);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M/);
    expect(text).toMatch(/Entry ratings (submitted|finalized)|Exit ratings (submitted|finalized)|Unlock requested|Export/);
    expect(res.text).toContain('data-block-code="eco-dashboard-instructions"');
  });

  it('shows the district user their LEA’s dashboard and refuses state tracking (403)', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await agent.get('/child-search/dashboard');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="eco-statements"');
    expect(res.text).not.toContain('data-testid="eco-empty"');
    const denied = await agent.get('/child-search/state-tracking');
    expect(denied.status).toBe(403);
    expect(denied.text).toContain(errorMessages.accessDenied);
    expect((await agent.get('/child-search/state-tracking.csv')).status).toBe(403);
  });

  it('shows state tracking: the due line, one row per LEA and State total, filters, and its CSV', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get('/child-search/state-tracking');
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toMatch(/^State Tracking - |^State tracking - /i);
    const text = textOf(res.text);
    expect(text).toMatch(/LEA data due \d{2}\/\d{2}\/\d{4} \(\d+ days left\)|\d+ days past due/);
    expect(text).toContain('Prairie View Public Schools');
    expect(text).toContain(t.tracking.stateTotal);
    expect(text).toContain('No preschool children');
    expect(rowCells(res.text, 'data-lea', PV)[1]).toBe('10');
    expect(res.text).toContain('data-block-code="eco-state-tracking-instructions"');
    const charters = (await agent.get('/child-search/state-tracking?leaType=Charter')).text;
    expect(rowCells(charters, 'data-lea', PV)).toEqual([]);
    expect(textOf(charters)).toMatch(/Horizon Academy Charter \d+/);
    // A value outside the filter's list is ignored, not an error.
    expect((await agent.get('/child-search/state-tracking?leaType=Nope&status=%3Cx%3E')).status).toBe(200);
    const file = await csv(agent, '/child-search/state-tracking.csv', STATE_TRACKING_HEADER);
    expect(file.headers['content-disposition']).toContain(`eco-state-tracking-${current}.csv`);
  });

  it('sends a reminder with the CSRF token (303, then the flash) and refuses one without it (403)', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const pvId = await leaIdByCode(env.api, PV);
    const sent = await postForm(agent, `/child-search/state-tracking/${pvId}/remind`, {}, '/child-search/state-tracking');
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/child-search/state-tracking');
    const after = decoded((await agent.get('/child-search/state-tracking')).text);
    expect(after).toMatch(/Reminder sent to \d+ users\./);
    const filtered = await postForm(agent, `/child-search/state-tracking/${pvId}/remind`, { filters: 'leaType=District&status=Needs+attention&x=<y>' }, '/child-search/state-tracking');
    expect(filtered.headers.location).toBe('/child-search/state-tracking?leaType=District&status=Needs+attention');
    const refused = await agent.post(`/child-search/state-tracking/${pvId}/remind`).type('form').send({});
    expect(refused.status).toBe(403);
    const district = await signedInAgent(env.portal.url, demoEmails.district);
    expect((await postForm(district, `/child-search/state-tracking/${pvId}/remind`, {}, '/child-search/dashboard')).status).toBe(403);
  });

  it('makes an LEA current from its state tracking row and opens its ECO dashboard', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const pvId = await leaIdByCode(env.api, PV);
    const res = await postForm(agent, '/child-search/state-tracking/open-lea', { leaId: String(pvId) }, '/child-search/state-tracking');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/child-search/dashboard');
    const dash = await agent.get('/child-search/dashboard');
    expect(dash.text).toMatch(new RegExp(`<option[^>]*value="${pvId}"[^>]*selected`));
  });

  it('shows the dashboard’s empty state for an LEA without preschool children', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const pioneer = (await env.api.ctx.db.query<{ id: number; name: string }>(`SELECT id, name FROM leas WHERE name LIKE 'Pioneer STEM%'`)).rows[0]!;
    await postForm(agent, '/child-search/state-tracking/open-lea', { leaId: String(pioneer.id) }, '/child-search/state-tracking');
    const res = await agent.get('/child-search/dashboard');
    expect(res.status).toBe(200);
    expect(textOf(res.text)).toContain(t.dashboard.empty(pioneer.name, current));
    expect(res.text).not.toContain('aria-label="Early Childhood Outcomes counts"');
    // An LEA the user is not offered changes nothing.
    const refused = await postForm(agent, '/child-search/state-tracking/open-lea', { leaId: '999999' }, '/child-search/state-tracking');
    expect(refused.headers.location).toBe('/child-search/state-tracking');
    expect(decoded((await agent.get('/child-search/state-tracking')).text)).toContain(t.tracking.leaNotAvailable);
  });

  it('shows the APR report with §11’s prior-year numbers for Prairie View and statewide, and its CSVs', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const pvId = await leaIdByCode(env.api, PV);
    const res = await agent.get(`/child-search/apr-report?schoolYear=${prior}&leaId=${pvId}`);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toMatch(/^APR Report - |^APR report - /i);
    const text = textOf(res.text);
    expect(text).toContain(`FFY ${ffy} Indicator B7: Preschool outcomes`);
    expect(text).toContain(`Children who exited between 07/01/${ffy} and 06/30/${ffy + 1} after at least 182 days of services`);
    expect(rowCells(res.text, 'data-statement', 'A1').slice(0, 3)).toEqual(['A1', '7/10', '70.00 (below target) Interpret with caution (±23.84 points)']);
    expect(rowCells(res.text, 'data-statement', 'A2')[2]).toContain('50.00 (below target)');
    expect(rowCells(res.text, 'data-statement', 'C1')[2]).toContain('77.78');
    expect(res.text).toMatch(/data-below-target/);
    expect(res.text).toContain('class="text-error"');
    expect(text).toContain('Compared with state');
    expect(text).toContain('Not included: Fewer than 182 days of services 1');
    expect(text).toContain('Not included: Exit ratings not collected 1');
    expect(res.text).toContain('id="eco-apr-chart"');
    expect(res.text).not.toContain('/child-search/apr-report/by-lea.csv');
    await csv(agent, `/child-search/apr-report.csv?schoolYear=${prior}&leaId=${pvId}`, APR_SUMMARY_HEADER);
    await csv(agent, `/child-search/apr-report/children.csv?schoolYear=${prior}&leaId=${pvId}`, CHILD_DATA_HEADER);

    const state = await agent.get(`/child-search/apr-report?schoolYear=${prior}&leaId=state`);
    expect(state.status).toBe(200);
    expect(rowCells(state.text, 'data-statement', 'A1')[2]).toContain('79.17');
    expect(rowCells(state.text, 'data-statement', 'B2')[2]).toContain('50.00');
    expect(state.text).toContain('data-testid="eco-apr-by-lea"');
    expect(state.text).toContain(`/child-search/apr-report/by-lea.csv?schoolYear=${prior}`);
    const byLea = await csv(agent, `/child-search/apr-report/by-lea.csv?schoolYear=${prior}`, APR_SUMMARY_HEADER);
    expect(byLea.headers['content-disposition']).toContain(`eco-apr-${prior}-by-lea.csv`);

    const finalized = await agent.get(`/child-search/apr-report?schoolYear=${prior}&leaId=${pvId}&basis=finalized`);
    expect(rowCells(finalized.text, 'data-statement', 'A1')[2]).toContain('66.67');
  });

  it('shows the district user the APR of their LEA only: 404 for another LEA, 403 for the by-LEA CSV', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await agent.get(`/child-search/apr-report?schoolYear=${prior}`);
    expect(res.status).toBe(200);
    expect(rowCells(res.text, 'data-statement', 'A1')[2]).toContain('70.00');
    expect(res.text).not.toContain('id="leaId"');
    expect(res.text).not.toContain('data-testid="eco-apr-by-lea"');
    const other = await leaIdByCode(env.api, (await env.api.ctx.db.query<{ lea_code: string }>(`SELECT lea_code FROM leas WHERE name LIKE 'Riverbend%'`)).rows[0]!.lea_code);
    expect((await agent.get(`/child-search/apr-report?schoolYear=${prior}&leaId=${other}`)).status).toBe(404);
    expect((await agent.get(`/child-search/apr-report/by-lea.csv?schoolYear=${prior}`)).status).toBe(403);
    await csv(agent, `/child-search/apr-report.csv?schoolYear=${prior}`, APR_SUMMARY_HEADER);
  });

  it('shows the empty state for a year without exits', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await agent.get('/child-search/apr-report?schoolYear=2001-2002&leaId=state');
    expect(res.status).toBe(200);
    expect(textOf(res.text)).toContain(t.apr.noExits('2001-2002'));
  });
});
