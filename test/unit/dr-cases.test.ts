// A case's number, school year and scope (DR spec §2, §3).
import { describe, expect, it } from 'vitest';
import { caseNumber, caseSchoolYear, inScope, yearCode, type ScopeCase, type ScopeViewer } from '../../lib/dr/cases.js';

describe('case numbers and years (§3)', () => {
  it('numbers SC-2526-007 and derives the school year from the received date', () => {
    expect(caseNumber('SC', '2025-2026', 7)).toBe('SC-2526-007');
    expect(caseNumber('EDP', '2024-2025', 112)).toBe('EDP-2425-112');
    expect(yearCode('2025-2026')).toBe('2526');
    expect(caseSchoolYear('2025-06-30')).toBe('2024-2025');
    expect(caseSchoolYear('2025-07-01')).toBe('2025-2026');
    expect(() => caseNumber('SC', '2025-2026', 0)).toThrow(RangeError);
  });
});

describe('scope (§2)', () => {
  const viewer = (extra: Partial<ScopeViewer> = {}): ScopeViewer => ({ userId: 'u', isStateUser: false, isLeaUser: false, leaIds: [], isPublicUser: false, confirmedEmail: null, ...extra });
  const kase = (extra: Partial<ScopeCase> = {}): ScopeCase => ({
    isDraft: false,
    createdBy: 'filer',
    respondentLeaId: 10,
    filingLeaId: null,
    requesterEmail: 'parent@example.org',
    attorneyEmail: null,
    acceptedNeutralIds: [],
    ...extra,
  });

  it('state staff see every submitted case, not another person’s draft', () => {
    expect(inScope(viewer({ isStateUser: true }), kase())).toBe(true);
    expect(inScope(viewer({ isStateUser: true }), kase({ isDraft: true }))).toBe(false);
    expect(inScope(viewer(), kase({ isDraft: true, createdBy: 'u' }))).toBe(true);
  });

  it('a district contact sees the cases of their LEAs (responding or filing), never another district’s', () => {
    expect(inScope(viewer({ isLeaUser: true, leaIds: [10] }), kase())).toBe(true);
    expect(inScope(viewer({ isLeaUser: true, leaIds: [20] }), kase({ filingLeaId: 20 }))).toBe(true);
    expect(inScope(viewer({ isLeaUser: true, leaIds: [20] }), kase())).toBe(false);
    // LEAs without the leauser role give nothing.
    expect(inScope(viewer({ leaIds: [10] }), kase())).toBe(false);
  });

  it('a neutral sees a case while the assignment is accepted; a public filer by their confirmed email', () => {
    expect(inScope(viewer(), kase({ acceptedNeutralIds: ['u'] }))).toBe(true);
    expect(inScope(viewer({ isPublicUser: true, confirmedEmail: ' Parent@Example.org ' }), kase())).toBe(true);
    expect(inScope(viewer({ isPublicUser: true, confirmedEmail: 'lawyer@example.org' }), kase({ attorneyEmail: 'LAWYER@example.org' }))).toBe(true);
    expect(inScope(viewer({ isPublicUser: true, confirmedEmail: 'someone@example.org' }), kase())).toBe(false);
    expect(inScope(viewer({ isPublicUser: false, confirmedEmail: 'parent@example.org' }), kase())).toBe(false);
  });
});
