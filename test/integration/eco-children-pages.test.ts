// The ECO child pages without JavaScript (ECO spec §3.2, §3.3, §3.6, §6.9), through the real
// portal and API on the demo seed: the district user's child list with masked state student IDs,
// the basic search kept across requests and cleared by an LEA change, 'Add child' refused (422)
// then saved (303 to its entry ratings), an edit with a stale version, the status page's history,
// the statewide lookup and claim, 404 for another LEA's child, and the CSV download.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ECO_OPEN_UNLOCK_REASON } from '../../api/eco/seed.js';
import { addDays, agencyToday } from '../../lib/day.js';
import { ecoChildText as t } from '../../lib/eco/child-text.js';
import { ecoStatusMessages, ecoValidationMessages } from '../../lib/eco/messages.js';
import { csrfFrom } from '../helpers/portal.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, withPortal } from './dashboard-helpers.js';

const env = withPortal();
const LIST = '/child-search/child-list';

interface SeedChild {
  id: number;
  ssid: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  leaId: number;
  leaName: string;
}

async function childrenOf(leaCode: string, where = 'true'): Promise<SeedChild[]> {
  const r = await env.api.ctx.db.query<SeedChild>(
    `SELECT c.id, c.state_student_id AS ssid, c.last_name AS "lastName", c.first_name AS "firstName", to_char(c.birth_date, 'YYYY-MM-DD') AS "birthDate",
            l.id AS "leaId", l.name AS "leaName"
       FROM eco_children c JOIN leas l ON l.id = c.lea_id
      WHERE l.lea_code = $1 AND NOT c.is_deleted AND ${where}
      ORDER BY c.id`,
    [leaCode],
  );
  return r.rows;
}
const OPEN = 'EXISTS (SELECT 1 FROM eco_records r WHERE r.child_id = c.id AND r.exit_date IS NULL)';

const uniqueSsid = () => `98${String(randomInt(0, 99_999_999)).padStart(8, '0')}`;

describe('ECO child list', () => {
  it('shows the district user their current-year children with masked state student IDs and the actions', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await agent.get(LIST);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toMatch(/^Child List - /);
    const text = textOf(res.text);
    const mine = await childrenOf('55-0101-000', OPEN);
    expect(mine.length).toBeGreaterThanOrEqual(10);
    for (const c of mine) {
      expect(text).toContain(`••••••${c.ssid.slice(-4)}`);
      expect(text).not.toContain(c.ssid);
    }
    for (const s of [t.addChild, t.import, t.submitSelected, t.downloadCsv, t.kBoundOnly, t.needsAttention]) expect(text).toContain(s);
    expect(res.text).toContain(`href="/child-search/status/${mine[0]!.id}"`);
    expect(res.text).toContain('href="/child-search/entryscore/');
    expect(res.text).toContain('data-testid="overdue"');
  });

  it('keeps the basic search across requests, refuses an incomplete one, and clears it', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [a, b] = await childrenOf('55-0101-000', OPEN);
    const found = await agent.get(`${LIST}?action=search&lastName=${encodeURIComponent(a!.lastName)}&birthDate=${a!.birthDate}`);
    expect(found.status).toBe(200);
    expect(textOf(found.text)).toContain(`${a!.lastName}, ${a!.firstName}`);
    expect(textOf(found.text)).not.toContain(`${b!.lastName}, ${b!.firstName}`);
    // Back later: the same criteria, restored from the session.
    const again = await agent.get(LIST);
    expect(textOf(again.text)).toContain(`${a!.lastName}, ${a!.firstName}`);
    expect(textOf(again.text)).not.toContain(`${b!.lastName}, ${b!.firstName}`);
    expect(again.text).toContain(`value="${a!.birthDate}"`);
    const incomplete = await agent.get(`${LIST}?action=search&lastName=${encodeURIComponent(a!.lastName)}`);
    expect(decoded(incomplete.text)).toContain(t.basicSearchIncomplete);
    const none = await agent.get(`${LIST}?action=search&ssid=9999999999`);
    expect(textOf(none.text)).toContain(t.noMatch);
    const cleared = await agent.get(`${LIST}?action=clear`);
    expect(cleared.status).toBe(303);
    const all = await agent.get(LIST);
    expect(textOf(all.text)).toContain(`${b!.lastName}, ${b!.firstName}`);
  });

  it('forgets the saved search when the LEA changes', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.admin);
    const [a] = await childrenOf('55-0101-000', OPEN);
    await agent.get(`${LIST}?action=search&ssid=${a!.ssid}`).expect(200);
    expect((await agent.get(LIST)).text).toContain(`value="${a!.ssid}"`);
    const page = await agent.get(LIST);
    // The state-level district covers every LEA, with an LEA column (§3.0).
    expect(page.text).toContain(`>${t.columns.lea}</th>`);
    const other = (await env.api.ctx.db.query<{ id: number }>(`SELECT id FROM leas WHERE lea_code = '28-0102-000'`)).rows[0]!.id;
    const changed = await agent.post('/session/lea').type('form').send({ _csrf: csrfFrom(page.text), leaId: String(other), returnTo: LIST });
    expect(changed.status).toBe(303);
    expect((await agent.get(LIST)).text).not.toContain(`value="${a!.ssid}"`);
  });

  it('downloads the CSV with full state student IDs', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [a] = await childrenOf('55-0101-000', OPEN);
    const res = await agent.get(`${LIST}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    expect(String(res.text ?? res.body)).toContain(a!.ssid);
    const logged = await env.api.ctx.db.query(`SELECT 1 FROM eco_events WHERE action = 'export'`);
    expect(logged.rows.length).toBeGreaterThan(0);
  });

  it('submits selected drafts with the count of those with errors', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const draft = await env.api.ctx.db.query<{ id: number }>(
      `SELECT r.id FROM eco_records r JOIN eco_assessments a ON a.record_id = r.id AND a.type = 'entry' AND a.status = 1 JOIN leas l ON l.id = r.lea_id WHERE l.lea_code = '55-0101-000' LIMIT 1`,
    );
    const id = draft.rows[0]!.id;
    const res = await postForm(agent, `${LIST}/bulk`, { action: 'submit', records: String(id) }, LIST);
    expect(res.status).toBe(303);
    const after = await agent.get(res.headers.location as string);
    expect(textOf(after.text)).toMatch(/Submitted [01] of 1\. [01] have errors; open them to fix\./);
  });
});

describe('ECO add, edit and status', () => {
  it('refuses an empty child with the §5 messages (422), then adds one and opens its entry ratings (303)', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const form = await agent.get(`${LIST}/new`);
    expect(form.status).toBe(200);
    const refused = await postForm(agent, `${LIST}/new`, {}, `${LIST}/new`);
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain(ecoValidationMessages.ssidRequired);
    expect(refused.text).toContain('data-testid="error-summary"');
    const today = agencyToday();
    const ssid = uniqueSsid();
    const fields = { stateStudentId: ssid, firstName: 'Ada', lastName: 'Testwood', birthDate: addDays(today, -4 * 365), entryDate: addDays(today, -5), disabilityCategory: 'autism', schoolId: '' };
    const typedOnly = await postForm(agent, `${LIST}/new`, { ...fields, stateStudentId: '12' }, `${LIST}/new`);
    expect(typedOnly.status).toBe(422);
    expect(decoded(typedOnly.text)).toContain(ecoValidationMessages.ssidDigits);
    expect(typedOnly.text).toContain('value="Testwood"');
    const saved = await postForm(agent, `${LIST}/new`, fields, `${LIST}/new`);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toMatch(/^\/child-search\/entryscore\/\d+$/);
    const list = await agent.get(`${LIST}?action=search&ssid=${ssid}`);
    expect(textOf(list.text)).toContain('Testwood, Ada');
  });

  it('refuses an edit with a stale version, saves a fresh one, and shows it in the history', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [c] = await childrenOf('55-0101-000', `${OPEN} AND NOT EXISTS (SELECT 1 FROM eco_records r JOIN eco_assessments a ON a.record_id = r.id WHERE r.child_id = c.id AND a.status > 1)`);
    const edit = `/child-search/status/${c!.id}/edit`;
    const page = await agent.get(edit);
    expect(page.status).toBe(200);
    const version = /name="version" value="(\d+)"/.exec(page.text)?.[1];
    expect(version).toBeDefined();
    const entryDate = /id="entryDate"[^>]*value="([^"]*)"/.exec(page.text)?.[1] ?? '';
    const disability = (await env.api.ctx.db.query<{ d: string }>('SELECT disability_category AS d FROM eco_children WHERE id = $1', [c!.id])).rows[0]!.d;
    const fields = { stateStudentId: c!.ssid, firstName: 'Renamed', lastName: c!.lastName, birthDate: c!.birthDate, entryDate, disabilityCategory: disability, schoolId: '' };
    const stale = await postForm(agent, edit, { ...fields, version: String(Number(version) - 1) }, edit);
    expect(stale.status).toBe(422);
    expect(decoded(stale.text)).toContain(ecoStatusMessages.staleVersion);
    const saved = await postForm(agent, edit, { ...fields, version: version! }, edit);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/child-search/status/${c!.id}`);
    const status = await agent.get(saved.headers.location as string);
    const text = textOf(status.text);
    expect(text).toContain(`${c!.lastName}, Renamed`);
    expect(text).toContain(c!.ssid);
    expect(text).toContain(t.history);
    expect(text).toContain(t.actions['child-updated']!);
    expect(text).toContain(t.change(t.fields.firstName!, c!.firstName, 'Renamed'));
    expect(text).toContain(t.actions['child-created']!);
  });

  it('shows a finished record with categories and inclusion per outcome', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const done = await env.api.ctx.db.query<{ id: number }>(
      `SELECT r.child_id AS id FROM eco_records r JOIN eco_assessments a ON a.record_id = r.id AND a.type = 'exit' AND a.status = 3 JOIN leas l ON l.id = r.lea_id WHERE l.lea_code = '55-0101-000' LIMIT 1`,
    );
    const res = await agent.get(`/child-search/status/${done.rows[0]!.id}`);
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain(t.daysOfService);
    expect(text).toMatch(new RegExp(`${t.outcome('A')} [a-e] (${t.included}|Not included: )`));
  });

  it('shows an open unlock request on the record it belongs to', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const open = await env.api.ctx.db.query<{ id: number }>(
      `SELECT r.child_id AS id FROM eco_unlock_requests u JOIN eco_assessments a ON a.id = u.assessment_id JOIN eco_records r ON r.id = a.record_id
         JOIN leas l ON l.id = r.lea_id WHERE l.lea_code = '55-0101-000' AND u.status = 'open' AND u.reason = $1 LIMIT 1`,
      [ECO_OPEN_UNLOCK_REASON],
    );
    const text = textOf((await agent.get(`/child-search/status/${open.rows[0]!.id}`)).text);
    expect(text).toContain(t.unlockRequests);
    expect(text).toContain(t.unlockRequest(t.columns.entry, t.unlockStatus.open!, ECO_OPEN_UNLOCK_REASON));
  });

  it('answers 404 for another LEA’s child', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [other] = await childrenOf('71-0103-000');
    expect((await agent.get(`/child-search/status/${other!.id}`)).status).toBe(404);
    expect((await agent.get(`/child-search/status/${other!.id}/edit`)).status).toBe(404);
  });

  it('deletes a child after the confirmation', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const today = agencyToday();
    const ssid = uniqueSsid();
    const saved = await postForm(agent, `${LIST}/new`, { stateStudentId: ssid, firstName: 'Del', lastName: 'Eteme', birthDate: addDays(today, -4 * 365), entryDate: addDays(today, -3), disabilityCategory: 'autism' }, `${LIST}/new`);
    expect(saved.status).toBe(303);
    const id = (await env.api.ctx.db.query<{ id: number }>('SELECT id FROM eco_children WHERE state_student_id = $1', [ssid])).rows[0]!.id;
    const confirm = await agent.get(`/child-search/status/${id}/delete`);
    expect(decoded(confirm.text)).toContain(t.deleteConfirm);
    const deleted = await postForm(agent, `/child-search/status/${id}/delete`, {}, `/child-search/status/${id}/delete`);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe(LIST);
  });
});

describe('ECO state reviewer', () => {
  it('finalizes selected submitted ratings with the spec’s result message', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const submitted = await env.api.ctx.db.query<{ id: number }>(
      `SELECT r.id FROM eco_records r JOIN eco_assessments a ON a.record_id = r.id AND a.type = 'entry' AND a.status = 2 JOIN leas l ON l.id = r.lea_id WHERE l.lea_code = '55-0101-000' ORDER BY r.id LIMIT 1`,
    );
    const id = submitted.rows[0]!.id;
    const list = await agent.get(LIST);
    expect(list.status).toBe(200);
    expect(textOf(list.text)).toContain(t.finalizeSelected);
    const res = await postForm(agent, `${LIST}/bulk`, { action: 'finalize', records: String(id) }, LIST);
    expect(res.status).toBe(303);
    const after = textOf((await agent.get(res.headers.location as string)).text);
    expect(after).toMatch(/Entry ratings finalized\.|Finalized 1 of 1\. 0 were submitted by you and need another reviewer\./);
    const status = await env.api.ctx.db.query<{ s: number }>(`SELECT status AS s FROM eco_assessments WHERE record_id = $1 AND type = 'entry'`, [id]);
    expect(status.rows[0]!.s).toBe(3);
  });

  it('refuses a new record without an entry date with the field message (422)', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const closed = await childrenOf('55-0101-000', `NOT ${OPEN}`);
    const page = `/child-search/status/${closed[0]!.id}`;
    expect(textOf((await agent.get(page)).text)).toContain(t.startNewRecord);
    const refused = await postForm(agent, `${page}/records`, { entryDate: '' }, page);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('data-testid="error-summary"');
  });
});

describe('ECO advanced search and claim', () => {
  it('finds a child held by another LEA as one row with Claim, and claims it', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [held] = await childrenOf('28-0102-000', OPEN);
    expect((await agent.get(`/child-search/status/${held!.id}`)).status).toBe(404);
    const url = `/child-search/search?action=search&ssid=${held!.ssid}&birthDate=${held!.birthDate}`;
    const found = await agent.get(url);
    expect(found.status).toBe(200);
    const text = textOf(found.text);
    expect(text).toContain(`Held by ${held!.leaName}`);
    expect(text).not.toContain(held!.lastName);
    expect(found.text).toContain('action="/child-search/search/claim"');
    // The criteria are kept: the page without a query shows them again.
    expect((await agent.get('/child-search/search')).text).toContain(`value="${held!.ssid}"`);
    const claimed = await postForm(agent, '/child-search/search/claim', { stateStudentId: held!.ssid, birthDate: held!.birthDate }, '/child-search/search');
    expect(claimed.status).toBe(303);
    expect(claimed.headers.location).toBe(`/child-search/status/${held!.id}`);
    const status = await agent.get(claimed.headers.location as string);
    expect(status.status).toBe(200);
    expect(textOf(status.text)).toContain(t.actions['child-claimed']!);
    const again = await postForm(agent, '/child-search/search/claim', { stateStudentId: held!.ssid, birthDate: '2000-01-01' }, '/child-search/search');
    expect(again.status).toBe(422);
  });

  it('lists advanced search results with the LEA column', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const [a] = await childrenOf('55-0101-000', OPEN);
    const res = await agent.get(`/child-search/search?action=search&lastName=${encodeURIComponent(a!.lastName.slice(0, 3))}`);
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain(`${a!.lastName}, ${a!.firstName}`);
    expect(text).toContain(a!.leaName);
    expect(text).not.toContain(a!.ssid);
  });
});
