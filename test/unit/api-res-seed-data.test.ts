// The seed's reference data is consistent with the permission catalogue, the spec's text block
// codes and the subscription rules, and its HTML is already what the sanitiser would store.
import { describe, expect, it } from 'vitest';
import { allPermissionValues, P, PUBLIC_DR_ROLE } from '../../lib/permissions.js';
import { sanitizeTextBlockHtml } from '../../api/sanitize.js';
import { applicationSeeds } from '../../api/seed-data/applications.js';
import { demoLeas, demoUsers } from '../../api/seed-data/demo.js';
import { eventTypeSeeds } from '../../api/seed-data/event-types.js';
import { builtInRoles, ROLE } from '../../api/seed-data/roles.js';
import { textBlockSeeds } from '../../api/seed-data/text-blocks.js';

const known = new Set(allPermissionValues);
const roleByName = new Map(builtInRoles.map((r) => [r.name, r]));

describe('built-in roles', () => {
  it('grant only catalogue permissions, without duplicates', () => {
    for (const role of builtInRoles) {
      for (const p of role.permissions) expect(known.has(p), `${role.name}: ${p}`).toBe(true);
      expect(new Set(role.permissions).size, role.name).toBe(role.permissions.length);
    }
  });

  it('give Site Admin every permission and keep site admin rights to it', () => {
    expect([...roleByName.get(ROLE.siteAdmin)!.permissions].sort()).toEqual([...allPermissionValues].sort());
    for (const role of builtInRoles.filter((r) => r.name !== ROLE.siteAdmin)) {
      expect(role.permissions, role.name).not.toContain(P.siteAdmin);
      expect(role.permissions, role.name).not.toContain(P.rolesManage);
    }
  });

  it('give the public dispute resolution user exactly its four permissions', () => {
    expect([...roleByName.get(PUBLIC_DR_ROLE)!.permissions].sort()).toEqual(
      ['DisputeResolution.access', 'DisputeResolution.disputerequests.create', 'DisputeResolution.disputerequests.view', P.drPublicUser].sort(),
    );
  });

  it('let state users see every LEA and local users only their own', () => {
    expect(roleByName.get(ROLE.stateUser)!.permissions).toContain(P.allLeas);
    expect(roleByName.get(ROLE.localUser)!.permissions).not.toContain(P.allLeas);
    expect(roleByName.get(ROLE.localAdmin)!.permissions).not.toContain(P.allLeas);
  });

  it('include every dispute resolution role', () => {
    for (const name of [ROLE.drFacilitator, ROLE.drHearingOfficer, ROLE.drInspector, ROLE.drInvestigator, ROLE.drMediator, ROLE.drLeaUser, ROLE.drStateUser]) {
      expect(roleByName.get(name)?.permissions, name).toContain('DisputeResolution.access');
    }
  });
});

describe('applications', () => {
  it('open with catalogue permissions', () => {
    expect(applicationSeeds.map((a) => a.name)).toEqual([
      'Early Childhood Outcomes',
      'Restraint and Aversive Intervention',
      'Post-School Outcomes Survey',
      'Dispute Resolution',
      'Monitoring',
      'Admin',
    ]);
    for (const a of applicationSeeds) {
      expect(known.has(a.permission), a.name).toBe(true);
      expect(a.url.startsWith('/'), a.name).toBe(true);
    }
  });
});

describe('text blocks', () => {
  const codes = textBlockSeeds.map((b) => b.blockCode);

  it('cover every code the spec names, plus the help pages', () => {
    const required = [
      'login-screen-text',
      'main-dashboard-text',
      'email-verification-success',
      'email-verification-failure',
      'dr-account-created-success',
      'dr-password-requirements',
      'dr-public-portal',
      'dr-request-page-one',
      'dr-due-process-ques-1',
      'dr-due-process-ques-2',
      'dr-due-process-ques-3',
      'psos-survey',
      'psos-public-survey-instructions',
      'signature-disclaimer',
      'electronic-signature-submission',
      'review-entered-details',
      'dispute-request-submission-acknowledgement',
      'dr-new-register-instructions',
      'dr-withdraw-confirmation-text',
      'dr-link-case-instructions',
      'eco-child-search-instructions',
      'eco-advanced-search-instructions',
      'rai-violations-dashboard',
      'rai-violations-import',
      'rai-violations-report-list',
      'contact-page',
      'faq-page',
    ];
    for (const code of required) expect(codes, code).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('hold real wording that the sanitiser would store unchanged', () => {
    for (const block of textBlockSeeds) {
      expect(block.html.replace(/<[^>]+>/g, '').trim().length, block.blockCode).toBeGreaterThan(40);
      expect(block.title.trim(), block.blockCode).not.toBe('');
      expect(sanitizeTextBlockHtml(block.html), block.blockCode).toBe(block.html);
      expect(block.html, block.blockCode).not.toMatch(/lorem|todo|placeholder/i);
    }
  });

  it('list the password rule of the policy', () => {
    const html = textBlockSeeds.find((b) => b.blockCode === 'dr-password-requirements')!.html;
    expect(html).toContain('At least 12 characters');
  });
});

describe('event notification types', () => {
  it('offer only Immediately and Daily, and mix required, per-LEA and dated types', () => {
    expect(new Set(eventTypeSeeds.map((t) => t.name)).size).toBe(eventTypeSeeds.length);
    for (const t of eventTypeSeeds) {
      expect(t.supportedFrequency.length, t.name).toBeGreaterThan(0);
      expect(t.supportedFrequency.every((f) => f === 1 || f === 2), t.name).toBe(true);
      expect(t.isSupportsEmail || t.isSupportsInApp, t.name).toBe(true);
    }
    expect(eventTypeSeeds.some((t) => t.isRequired)).toBe(true);
    expect(eventTypeSeeds.some((t) => t.hasLea)).toBe(true);
    expect(eventTypeSeeds.some((t) => t.hasSpecificDate)).toBe(true);
    expect(eventTypeSeeds.some((t) => t.supportedFrequency.length === 1)).toBe(true);
  });
});

describe('demo data', () => {
  it('has a dozen LEAs with one state-level district and 2–4 schools each', () => {
    expect(demoLeas).toHaveLength(12);
    expect(demoLeas.filter((l) => l.isNdeLevelDistrict)).toHaveLength(1);
    expect(new Set(demoLeas.map((l) => l.leaType))).toEqual(new Set(['District', 'Charter']));
    expect(new Set(demoLeas.map((l) => l.leaCode)).size).toBe(12);
    for (const l of demoLeas) {
      expect(l.schools.length, l.name).toBeGreaterThanOrEqual(2);
      expect(l.schools.length, l.name).toBeLessThanOrEqual(4);
      expect(l.zip, l.name).toMatch(/^\d{5}$/);
    }
  });

  it('gives every demo user known roles and LEAs', () => {
    const codes = new Set(demoLeas.map((l) => l.leaCode));
    for (const u of demoUsers) {
      for (const r of u.roles) expect(roleByName.has(r), `${u.email}: ${r}`).toBe(true);
      for (const c of u.leaCodes) expect(codes.has(c), `${u.email}: ${c}`).toBe(true);
      for (const s of u.subscriptions) expect(eventTypeSeeds.some((t) => t.name === s.eventType), s.eventType).toBe(true);
    }
  });
});
