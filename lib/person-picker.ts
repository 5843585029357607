// The person picker's rules (spec §2 Person picker, §3 Person in picker, §4, §5). People found by
// a search keep their id; people added by hand get negative ids (-1, -2, ...) so they can never
// collide with a real one. Adding a person whose id is already listed does nothing. A person
// added by hand needs both a first and a last name.
import { TEXT_LENGTH } from './field-rules.js';
import { validationMessages } from './messages.js';

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  selected: boolean;
}

export function fullNameOf(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

export function toPerson(p: { id: number; firstName: string; lastName: string }, selected = false): Person {
  return { id: p.id, firstName: p.firstName, lastName: p.lastName, fullName: fullNameOf(p.firstName, p.lastName), selected };
}

/** Adds a person unless one with the same id is already in the list. */
export function addPerson(list: readonly Person[], person: Person): Person[] {
  return list.some((p) => p.id === person.id) ? [...list] : [...list, person];
}

/** Adds every person of a search result that is not listed yet, keeping the listed ones (and their selection). */
export function mergePeople(list: readonly Person[], found: readonly Person[]): Person[] {
  return found.reduce<Person[]>((acc, p) => addPerson(acc, p), [...list]);
}

export function removePerson(list: readonly Person[], id: number): Person[] {
  return list.filter((p) => p.id !== id);
}

export function toggleSelected(list: readonly Person[], id: number): Person[] {
  return list.map((p) => (p.id === id ? { ...p, selected: !p.selected } : p));
}

export function setSelected(list: readonly Person[], id: number, selected: boolean): Person[] {
  return list.map((p) => (p.id === id ? { ...p, selected } : p));
}

export function selectedPeople(list: readonly Person[]): Person[] {
  return list.filter((p) => p.selected);
}

/** The next id for a person added by hand: one below the lowest id in use, and below zero. */
export function nextManualId(list: readonly Person[]): number {
  return Math.min(0, ...list.map((p) => p.id)) - 1;
}

export interface ManualPersonErrors {
  firstName?: string;
  lastName?: string;
}

export function manualPersonErrors(firstName: string, lastName: string): ManualPersonErrors {
  const errors: ManualPersonErrors = {};
  const limit = TEXT_LENGTH.small;
  if (firstName.trim() === '') errors.firstName = validationMessages.fieldRequired;
  else if (firstName.trim().length > limit) errors.firstName = validationMessages.maxLength(limit);
  if (lastName.trim() === '') errors.lastName = validationMessages.fieldRequired;
  else if (lastName.trim().length > limit) errors.lastName = validationMessages.maxLength(limit);
  return errors;
}

export type AddManualResult = { ok: true; list: Person[]; person: Person } | { ok: false; errors: ManualPersonErrors };

/** Adds a person typed by hand, selected, with the next negative id. */
export function addManualPerson(list: readonly Person[], firstName: string, lastName: string): AddManualResult {
  const errors = manualPersonErrors(firstName, lastName);
  if (errors.firstName || errors.lastName) return { ok: false, errors };
  const person = toPerson({ id: nextManualId(list), firstName: firstName.trim(), lastName: lastName.trim() }, true);
  return { ok: true, list: [...list, person], person };
}

// ---- the search query --------------------------------------------------------------------------

/** The picker's search (GET /api/portal/people and the no-JavaScript GET form); parsed by lib/validation/person-picker.ts. */
export interface PersonSearchQuery {
  leaId?: number | undefined;
  schoolId?: number | undefined;
  firstName: string;
  lastName: string;
}

export function personSearchParams(q: PersonSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.leaId !== undefined) params.set('leaId', String(q.leaId));
  if (q.schoolId !== undefined) params.set('schoolId', String(q.schoolId));
  if (q.firstName) params.set('firstName', q.firstName);
  if (q.lastName) params.set('lastName', q.lastName);
  return params;
}
