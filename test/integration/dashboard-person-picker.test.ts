// The person picker's host page, /monitoring/visit, through the real portal and agency API:
// who may open it and who may select, the no-JavaScript search (GET form), the island's JSON
// search endpoint, saving a selection (people by id, people added by hand with negative ids,
// duplicates ignored), the required names of a hand-added person (422), and removing people.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pagedPeople, type PersonRecord } from '../../lib/contract.js';
import { monitoringText, navText, shellText, uiText, validationMessages } from '../../lib/messages.js';
import { peopleResponse } from '../../lib/browser-contract.js';
import { accessToken } from './api-auth-helpers.js';
import { decoded, demoEmails, postForm, signedInAgent, textOf, titleOf, type Agent, withPortal } from './dashboard-helpers.js';

const VISIT = '/monitoring/visit';
const env = withPortal();
let districtPeople: PersonRecord[];
let otherPeople: PersonRecord[];
let districtLeaId: number;

beforeAll(async () => {
  const token = await accessToken(env.api, demoEmails.admin);
  const all: PersonRecord[] = [];
  for (let page = 1; ; page += 1) {
    const res = await request(env.api.url).get(`/api/people?pageSize=100&pageNumber=${page}`).set('Authorization', `Bearer ${token}`);
    const batch = pagedPeople.parse(res.body);
    all.push(...batch.items);
    if (all.length >= batch.totalCount || batch.items.length === 0) break;
  }
  districtLeaId = (await env.api.ctx.db.query<{ id: number }>("SELECT id FROM leas WHERE lea_code = '55-0101-000'")).rows[0]!.id;
  districtPeople = all.filter((p) => p.leaId === districtLeaId);
  otherPeople = all.filter((p) => p.leaId !== districtLeaId);
}, 120_000);


/** The ids of the picker's checkboxes (people found by search, posted as personId). */
const pickerIds = (html: string) => [...html.matchAll(/<input[^>]*name="personId"[^>]*value="(\d+)"/g)].map((m) => Number(m[1]));
/** The "Selected people" list's text. */
const selectedText = (html: string) => textOf(/<ul[^>]*data-testid="selected-people"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '');

describe('access', () => {
  it('sends a signed-out visitor to sign in, and refuses users without the monitoring visit permissions', async () => {
    const anonymous = await request(env.portal.url).get(VISIT);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe('/auth/login?returnUrl=%2Fmonitoring%2Fvisit');
    const vendor = await signedInAgent(env.portal.url, demoEmails.vendor);
    expect((await vendor.get(VISIT)).status).toBe(403);
    const json = await vendor.get('/api/portal/people').set('Accept', 'application/json');
    expect(json.status).toBe(403);
  });

  it('shows a user who may only view the review the selection, without the picker', async () => {
    const stateUser = await signedInAgent(env.portal.url, demoEmails.stateUser);
    const res = await stateUser.get(VISIT);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('data-island="PersonPicker"');
    expect(textOf(res.text)).toContain(monitoringText.viewOnly);
    expect((await postForm(stateUser, `${VISIT}/people`, { personId: String(districtPeople[0]!.externalId) }, VISIT)).status).toBe(403);
  });
});

describe('the picker step without JavaScript', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await signedInAgent(env.portal.url, demoEmails.district);
  });

  it('renders the page with the picker and the district user\u2019s own district only', async () => {
    const res = await agent.get(VISIT);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toBe(`${navText.integratedMonitoringReview} - Compliance Portal`);
    const text = textOf(res.text);
    expect(text).toContain(monitoringText.selectPeopleStep);
    expect(text).toContain(monitoringText.noPeopleSelected);
    expect(res.text).toContain('data-island="PersonPicker"');
    const leaOptions = [...(/<select[^>]*name="leaId"[\s\S]*?<\/select>/.exec(res.text)?.[0] ?? '').matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(leaOptions).toEqual([districtLeaId]);
    // Nothing searched yet: no people listed.
    expect(pickerIds(res.text)).toEqual([]);
  });

  it('searches with the GET form and lists the results to tick', async () => {
    const target = districtPeople[0]!;
    const res = await agent.get(`${VISIT}?leaId=${districtLeaId}&schoolId=&firstName=&lastName=${encodeURIComponent(target.lastName.slice(0, 3))}`);
    expect(res.status).toBe(200);
    const ids = pickerIds(res.text);
    expect(ids).toContain(target.externalId);
    const expected = districtPeople.filter((p) => p.lastName.toLowerCase().startsWith(target.lastName.slice(0, 3).toLowerCase()));
    expect(ids.sort()).toEqual(expected.map((p) => p.externalId).sort());
  });

  it('says No results for a search that finds nobody', async () => {
    const res = await agent.get(`${VISIT}?lastName=Zzzzz`);
    expect(pickerIds(res.text)).toEqual([]);
    expect(textOf(res.text)).toContain(uiText.noResults);
  });

  it('saves ticked people and people added by hand (negative ids), ignoring duplicates and people out of reach', async () => {
    const [a, b] = districtPeople;
    const foreign = otherPeople[0]!;
    const res = await postForm(
      agent,
      `${VISIT}/people`,
      {
        personId: [String(a!.externalId), String(b!.externalId), String(a!.externalId), String(foreign.externalId)],
        manualFirstName: ['Jamie', ''],
        manualLastName: ['Rivera', ''],
      },
      VISIT,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(VISIT);

    const page = await agent.get(VISIT);
    expect(textOf(page.text)).toContain(monitoringText.selectionSaved(3));
    const list = selectedText(page.text);
    expect(list).toContain(`${a!.lastName}, ${a!.firstName} (${shellText.id} ${a!.externalId})`);
    expect(list).toContain(`${b!.lastName}, ${b!.firstName} (${shellText.id} ${b!.externalId})`);
    expect(list).toContain(`Rivera, Jamie (${monitoringText.addedByHand})`);
    expect(list).not.toContain(`${shellText.id} ${foreign.externalId}`);
    expect(page.text).toContain(`action="${VISIT}/people/-1/remove"`);
    // The chosen people come back ticked in the picker, and a search that finds them again does not list them twice.
    const again = await agent.get(`${VISIT}?lastName=${encodeURIComponent(a!.lastName)}`);
    expect(pickerIds(again.text).filter((id) => id === a!.externalId)).toHaveLength(1);
    expect(again.text).toMatch(new RegExp(`<input[^>]*name="personId" checked="" value="${a!.externalId}"`));
  });

  it('needs both names of a person added by hand (422 with the error summary)', async () => {
    const res = await postForm(agent, `${VISIT}/people`, { manualFirstName: 'Morgan', manualLastName: '' }, VISIT);
    expect(res.status).toBe(422);
    expect(titleOf(res.text)).toMatch(/^Error: /);
    expect(decoded(res.text)).toContain(`<a href="#visit-people-manual-last-name">${shellText.lastName}: ${validationMessages.fieldRequired}</a>`);
  });

  it('removes a person from the selection', async () => {
    const before = selectedText((await agent.get(VISIT)).text);
    expect(before).toContain('Rivera, Jamie');
    const res = await postForm(agent, `${VISIT}/people/-1/remove`, {}, VISIT);
    expect(res.status).toBe(303);
    const page = await agent.get(VISIT);
    expect(textOf(page.text)).toContain(monitoringText.personRemoved('Jamie Rivera'));
    expect(selectedText(page.text)).not.toContain('Rivera, Jamie');
  });

  it('needs the CSRF token to change the selection', async () => {
    const res = await agent.post(`${VISIT}/people`).type('form').send({ personId: String(districtPeople[2]!.externalId) });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/portal/people (the island\u2019s search)', () => {
  it('answers the picker\u2019s JSON with external ids, within the user\u2019s LEAs', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.district);
    const res = await agent.get(`/api/portal/people?firstName=&lastName=${encodeURIComponent(districtPeople[0]!.lastName)}`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    const body = peopleResponse.parse(res.body);
    expect(body.people.map((p) => p.id)).toContain(districtPeople[0]!.externalId);
    const ids = new Set(districtPeople.map((p) => p.externalId));
    expect(body.people.every((p) => ids.has(p.id))).toBe(true);
  });

  it('answers 401 JSON when signed out', async () => {
    const res = await request(env.portal.url).get('/api/portal/people').set('Accept', 'application/json');
    expect(res.status).toBe(401);
  });

  it('reads the query as the search form sends it (empty fields, district filter)', async () => {
    const agent = await signedInAgent(env.portal.url, demoEmails.admin);
    const res = await agent.get(`/api/portal/people?leaId=${districtLeaId}&schoolId=&firstName=&lastName=`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(peopleResponse.parse(res.body).people.map((p) => p.id).sort()).toEqual(districtPeople.map((p) => p.externalId).sort());
  });
});
