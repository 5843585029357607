// The admin utilities screen's "Run a scheduled job" form (server/routes/admin/utilities.ts), as a
// browser without JavaScript uses it: the site admin picks a registered job and a day, the API
// runs it, and the page says what it did; bad input answers 422 with the field's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRegistry } from '../../api/jobs-registry.js';
import { agencyToday } from '../../lib/day.js';
import { jobText } from '../../lib/shared/messages.js';
import { startTestPortal, type TestPortal } from '../helpers/portal.js';
import { demo } from './api-auth-helpers.js';
import { decoded, postForm, signedInAgent, textOf, type Agent } from './dashboard-helpers.js';

const UTILS = '/admin/admin-utils';
let portal: TestPortal;
let admin: Agent;
let district: Agent;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedInAgent(portal.app, demo.admin);
  district = await signedInAgent(portal.app, demo.district);
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

const fieldError = (html: string, id: string) => decoded(new RegExp(`id="${id}-error"><span class="usa-sr-only">[^<]*</span>([^<]*)<`).exec(html)?.[1] ?? '');

describe('Run a scheduled job', () => {
  it("shows the site admin every registered job and today's date in a plain form", async () => {
    const res = await admin.get(UTILS);
    expect(res.status).toBe(200);
    const section = /<section[^>]*aria-labelledby="run-job-heading"[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
    expect(textOf(section)).toContain(jobText.heading);
    expect([...section.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(jobRegistry.map((j) => j.name));
    expect(section).toContain('action="/admin/admin-utils/run-job"');
    expect(section).toMatch(new RegExp(`<input[^>]*type="date"[^>]*value="${agencyToday()}"`));
    expect(section).toContain('name="_csrf"');
  });

  it('runs the job for the chosen day and says what it did', async () => {
    const res = await postForm(admin, `${UTILS}/run-job`, { job: 'notice-daily-digest', day: '2026-03-03' }, UTILS);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(UTILS);
    const page = await admin.get(UTILS);
    expect(textOf(page.text)).toContain(jobText.ran('notice-daily-digest', '3/3/2026', 0, null));
    // The jobs table shows the run.
    const row = /<tr>(?:(?!<\/tr>)[\s\S])*notice-daily-digest[\s\S]*?<\/tr>/.exec(page.text)?.[0] ?? '';
    expect(textOf(row)).toContain('3/3/2026 (done)');
  });

  it('answers 422 with the field messages for a bad day or no job', async () => {
    const badDay = await postForm(admin, `${UTILS}/run-job`, { job: 'notice-emails', day: '2026-02-30' }, UTILS);
    expect(badDay.status).toBe(422);
    expect(fieldError(badDay.text, 'day')).toBe(jobText.validDay);
    const noJob = await postForm(admin, `${UTILS}/run-job`, { job: '', day: '2026-03-03' }, UTILS);
    expect(noJob.status).toBe(422);
    expect(fieldError(noJob.text, 'job')).toBe(jobText.chooseJob);
    const unknown = await postForm(admin, `${UTILS}/run-job`, { job: 'no-such-job', day: '2026-03-03' }, UTILS);
    expect(unknown.status).toBe(422);
    expect(fieldError(unknown.text, 'job')).toBe(jobText.chooseJob);
  });

  it('is refused to a district user', async () => {
    const page = await district.get('/');
    const _csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const res = await district.post(`${UTILS}/run-job`).type('form').send({ _csrf, job: 'notice-emails', day: '2026-03-03' });
    expect(res.status).toBe(403);
  });
});
