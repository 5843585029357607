import { describe, expect, it } from 'vitest';
import { afterLeaChange, groupLeas, isInCharterGroup, selectLeaOnLoad, visibleLeas, type LeaOption } from '../../lib/lea-selection.js';
import { P } from '../../lib/permissions.js';

const lea = (id: number, extra: Partial<LeaOption> = {}): LeaOption => ({
  id,
  name: `LEA ${id}`,
  isNdeLevelDistrict: false,
  isIncludedInCharterGroup: false,
  ...extra,
});
const state = lea(99, { name: 'State Department', isNdeLevelDistrict: true });
const all = [lea(1), lea(2), state, lea(3, { isIncludedInCharterGroup: true })];

describe('LEA selection on load (spec §4)', () => {
  it('keeps a saved LEA that is still in the list', () => {
    expect(selectLeaOnLoad(all, 2, [])).toBe(2);
    expect(selectLeaOnLoad(all, 2, [P.allLeas])).toBe(2);
  });

  it('falls back to the state-level district for a user who sees all LEAs', () => {
    expect(selectLeaOnLoad(all, 42, [P.allLeas])).toBe(99);
    expect(selectLeaOnLoad(all, null, [P.allLeas])).toBe(99);
  });

  it('falls back to the first LEA otherwise', () => {
    expect(selectLeaOnLoad(all, 42, [])).toBe(1);
    expect(selectLeaOnLoad(all, undefined, [P.stateUser])).toBe(1);
    expect(selectLeaOnLoad([lea(5), lea(6)], null, [P.allLeas])).toBe(5);
  });

  it('has no LEA when none is offered', () => {
    expect(selectLeaOnLoad([], 1, [P.allLeas])).toBeNull();
  });
});

describe('visible LEAs (spec §6)', () => {
  it('shows every LEA, state-level included, to view-all-LEAs users', () => {
    expect(visibleLeas(all, [P.allLeas], []).map((l) => l.id)).toEqual([1, 2, 99, 3]);
  });

  it('shows others only their own LEAs, without state-level districts', () => {
    expect(visibleLeas(all, [P.stateUser], [2, 99, 3]).map((l) => l.id)).toEqual([2, 3]);
    expect(visibleLeas(all, [], [])).toEqual([]);
  });

  it('groups Districts before Charters and leaves out an empty group', () => {
    expect(groupLeas(all).map((g) => [g.label, g.leas.map((l) => l.id)])).toEqual([
      ['Districts', [1, 2, 99]],
      ['Charters', [3]],
    ]);
    expect(groupLeas([lea(1)]).map((g) => g.label)).toEqual(['Districts']);
  });

  it('lists a charter under Charters whether or not its charter-group flag is set (one rule for the selector and Manage LEAs)', () => {
    const charter = lea(7, { leaType: 'Charter', isIncludedInCharterGroup: false });
    expect(isInCharterGroup(charter)).toBe(true);
    expect(isInCharterGroup(lea(8, { leaType: 'District', isIncludedInCharterGroup: true }))).toBe(true);
    expect(isInCharterGroup(lea(9, { leaType: 'District' }))).toBe(false);
    expect(groupLeas([lea(1), charter]).map((g) => [g.label, g.leas.map((l) => l.id)])).toEqual([
      ['Districts', [1]],
      ['Charters', [7]],
    ]);
  });
});

describe('after an LEA change (spec §4)', () => {
  it('reloads post-school outcomes pages in place', () => {
    expect(afterLeaChange('/post-school-outcomes/vendor-dashboard?page=2')).toEqual({
      redirectTo: '/post-school-outcomes/vendor-dashboard?page=2',
    });
    expect(afterLeaChange('/post-school-outcomes/student-list-manager')).toEqual({
      redirectTo: '/post-school-outcomes/student-list-manager',
    });
    expect(afterLeaChange('/post-school-outcomes/student-list')).toEqual({ redirectTo: '/post-school-outcomes/student-list' });
  });

  it('sends student-list detail pages and every other page to the dashboard with a message', () => {
    const toDashboard = { redirectTo: '/', message: 'Redirecting to Dashboard.' };
    expect(afterLeaChange('/post-school-outcomes/student-list/17')).toEqual(toDashboard);
    expect(afterLeaChange('/child-search/child-list')).toEqual(toDashboard);
    expect(afterLeaChange('/post-school-outcomes-other')).toEqual(toDashboard);
  });
});
