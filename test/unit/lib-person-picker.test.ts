import { describe, expect, it } from 'vitest';
import {
  addManualPerson,
  addPerson,
  mergePeople,
  nextManualId,
  personSearchParams,
  removePerson,
  selectedPeople,
  toggleSelected,
  toPerson,
} from '../../lib/person-picker.js';
import { personSearchQuery, personSelectionBody } from '../../lib/validation/person-picker.js';

const ann = toPerson({ id: 10, firstName: 'Ann', lastName: 'Lee' });
const bob = toPerson({ id: 11, firstName: 'Bob', lastName: 'Ray' });

describe('person picker rules (spec §4, §5)', () => {
  it('ignores a person whose id is already listed', () => {
    const list = addPerson([ann], { ...ann, firstName: 'Other', selected: true });
    expect(list).toEqual([ann]);
    expect(addPerson(list, bob).map((p) => p.id)).toEqual([10, 11]);
    expect(mergePeople([{ ...ann, selected: true }], [ann, bob]).map((p) => [p.id, p.selected])).toEqual([
      [10, true],
      [11, false],
    ]);
  });

  it('adds, removes and toggles', () => {
    let list = [ann, bob];
    list = toggleSelected(list, 11);
    expect(selectedPeople(list).map((p) => p.id)).toEqual([11]);
    list = toggleSelected(list, 11);
    expect(selectedPeople(list)).toEqual([]);
    expect(removePerson(list, 10).map((p) => p.id)).toEqual([11]);
    expect(toggleSelected(list, 999)).toEqual(list);
  });

  it('gives people added by hand negative ids, never reused', () => {
    expect(nextManualId([ann])).toBe(-1);
    const first = addManualPerson([ann], 'Cy', 'Doe');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.person).toEqual({ id: -1, firstName: 'Cy', lastName: 'Doe', fullName: 'Cy Doe', selected: true });
    const second = addManualPerson(first.list, ' Di ', ' Eve ');
    expect(second.ok && second.person.id).toBe(-2);
    expect(second.ok && second.person.fullName).toBe('Di Eve');
    // removing -1 does not free its id while -2 exists
    expect(second.ok && nextManualId(removePerson(second.list, -1))).toBe(-3);
  });

  it('requires both first and last name to add a person', () => {
    expect(addManualPerson([], '', 'Doe')).toEqual({ ok: false, errors: { firstName: 'Field is required' } });
    expect(addManualPerson([], 'Cy', '  ')).toEqual({ ok: false, errors: { lastName: 'Field is required' } });
    expect(addManualPerson([], '', '')).toEqual({
      ok: false,
      errors: { firstName: 'Field is required', lastName: 'Field is required' },
    });
    const long = addManualPerson([], 'x'.repeat(201), 'Doe');
    expect(long.ok ? null : long.errors.firstName).toBe('Field has a max length of 200');
  });
});

describe('person search query and selection body', () => {
  it('parses the search query safely', () => {
    expect(personSearchQuery.parse({ leaId: '3', schoolId: ['7', '8'], firstName: ' Ann ', lastName: { $ne: 1 } })).toEqual({
      leaId: 3,
      schoolId: 7,
      firstName: 'Ann',
      lastName: '',
    });
    expect(personSearchQuery.parse({ leaId: '-3', schoolId: '0', firstName: 'x'.repeat(500) })).toEqual({
      leaId: undefined,
      schoolId: undefined,
      firstName: 'x'.repeat(200),
      lastName: '',
    });
    expect(personSearchParams({ leaId: 3, schoolId: undefined, firstName: 'A b', lastName: '' }).toString()).toBe(
      'leaId=3&firstName=A+b',
    );
  });

  it('reads the posted selection', () => {
    expect(
      personSelectionBody.parse({ personId: ['10', '10', '-4', 'x', '11'], manualFirstName: ['Cy', ''], manualLastName: ['Doe', ''] }),
    ).toEqual({ personIds: [10, 11], manual: [{ firstName: 'Cy', lastName: 'Doe' }] });
    expect(personSelectionBody.parse({ personId: '10' })).toEqual({ personIds: [10], manual: [] });
  });

  it('refuses half-entered people with the field error', () => {
    const r = personSelectionBody.safeParse({ manualFirstName: 'Cy', manualLastName: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['manualLastName', 'Field is required']]);
  });
});
