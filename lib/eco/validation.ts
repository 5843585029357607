// The field rules of the ECO child, record and COS rating forms (spec §2, §5). Each function
// returns the field errors with the spec's exact messages; the API answers them as 400
// {errors:[{field, message}]} and the pages show them beside the fields. Draft saves check
// only what is wrong (never what is missing); submit also checks what is required.
import { addDays, isIsoDay, type IsoDay } from '../day.js';
import { progressCategory } from './categories.js';
import {
  ASSESSMENT_SOURCES,
  DEFAULT_YEAR_SETTINGS,
  EXIT_REASONS,
  FAMILY_INPUT,
  OUTCOMES,
  TEAM_ROLES,
  exitReasons,
  type AssessmentType,
  type ExitReason,
  type NewSkills,
  type Outcome,
  type YearSettings,
} from './codes.js';
import { birthday, daysOfService, earliestEntryRatingDate, exitRatingWindow } from './dates.js';
import { ecoValidationMessages as v, genericMessages as g } from './messages.js';

export interface FieldError {
  field: string;
  message: string;
}

const NAME = /^[A-Za-z .'-]*$/;
const has = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
const inList = (list: readonly string[], value: unknown): boolean => typeof value === 'string' && list.includes(value);

/** The state student ID: required, exactly 10 digits (§2.1). */
export function stateStudentIdError(value: unknown): string | null {
  if (!has(value)) return v.ssidRequired;
  return /^\d{10}$/.test(String(value).trim()) ? null : v.ssidDigits;
}

/** A name field: letters, space, hyphen, apostrophe, period; at most 50 (§2.1). */
export function nameError(value: unknown, required: boolean): string | null {
  if (!has(value)) return required ? g.fieldRequired : null;
  const s = String(value);
  if (s.length > 50) return g.maxLength(50);
  if (/\d/.test(s)) return g.numbersNotAllowed;
  return NAME.test(s) ? null : g.numbersNotAllowed;
}

/** A required calendar date that may not be after today. */
export function pastDateError(value: unknown, today: IsoDay, required = true): string | null {
  if (!has(value)) return required ? g.fieldRequired : null;
  if (!isIsoDay(value)) return g.invalidDateFormat;
  return value > today ? g.noFutureDates : null;
}

export interface EntryDateContext {
  birthDate: IsoDay;
  today: IsoDay;
  /** The exit date of the child's previous record, if any. */
  previousExitDate?: IsoDay | null;
}

/** The record's entry date: past, from the third birthday, before the sixth, after the previous exit (§5). */
export function entryDateError(entryDate: unknown, ctx: EntryDateContext): string | null {
  const basic = pastDateError(entryDate, ctx.today);
  if (basic) return basic;
  const day = entryDate as IsoDay;
  const third = birthday(ctx.birthDate, 3);
  if (day < third) return v.entryBeforeThirdBirthday(third);
  const sixth = birthday(ctx.birthDate, 6);
  if (day >= sixth) return v.entryOnOrAfterSixthBirthday(sixth);
  if (ctx.previousExitDate && day <= ctx.previousExitDate) return v.entryNotAfterPreviousExit(ctx.previousExitDate);
  return null;
}

export interface ChildInput {
  stateStudentId?: unknown;
  firstName?: unknown;
  middleName?: unknown;
  lastName?: unknown;
  birthDate?: unknown;
  entryDate?: unknown;
  disabilityCategory?: unknown;
  schoolId?: unknown;
}

export interface ChildContext {
  today: IsoDay;
  disabilityCodes: readonly string[];
  /** The school ids of the child's LEA; school is optional. */
  schoolIds: readonly number[];
  previousExitDate?: IsoDay | null;
}

/** The 'Add child' and 'Edit child' form (§2.1, §2.2, §5); uniqueness needs the database and is the API's. */
export function validateChild(input: ChildInput, ctx: ChildContext): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string | null) => {
    if (message) errors.push({ field, message });
  };
  add('stateStudentId', stateStudentIdError(input.stateStudentId));
  add('firstName', nameError(input.firstName, true));
  add('middleName', nameError(input.middleName, false));
  add('lastName', nameError(input.lastName, true));
  const birthError = pastDateError(input.birthDate, ctx.today);
  add('birthDate', birthError);
  if (input.entryDate !== undefined) {
    add(
      'entryDate',
      birthError ? pastDateError(input.entryDate, ctx.today) : entryDateError(input.entryDate, { birthDate: input.birthDate as IsoDay, today: ctx.today, previousExitDate: ctx.previousExitDate ?? null }),
    );
  }
  if (!has(input.disabilityCategory)) add('disabilityCategory', g.fieldRequired);
  else if (!inList(ctx.disabilityCodes, input.disabilityCategory)) add('disabilityCategory', g.selectFromList);
  if (has(input.schoolId) && !ctx.schoolIds.includes(Number(input.schoolId))) add('schoolId', g.selectFromList);
  return errors;
}

/** A rating: a whole number within the year's scale; 0, 8, 3.5 and 'x' are refused (§5). */
export function ratingError(value: unknown, settings: Pick<YearSettings, 'scaleMin' | 'scaleMax'> = DEFAULT_YEAR_SETTINGS): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  const ok = typeof n === 'number' && Number.isInteger(n) && n >= settings.scaleMin && n <= settings.scaleMax;
  return ok ? null : v.ratingScale(settings.scaleMin, settings.scaleMax);
}

export interface ExitInput {
  exitDate?: unknown;
  exitReason?: unknown;
  exitNote?: unknown;
}

export interface ExitContext {
  entryDate: IsoDay;
  birthDate: IsoDay;
  today: IsoDay;
  /** true at exit submit: the exit date is then required. */
  submitting: boolean;
  settings?: YearSettings;
}

/** The exit date, reason and note (§2.2, §2.8, §5). */
export function validateExit(input: ExitInput, ctx: ExitContext): FieldError[] {
  const s = ctx.settings ?? DEFAULT_YEAR_SETTINGS;
  const errors: FieldError[] = [];
  if (!has(input.exitDate)) {
    if (ctx.submitting) errors.push({ field: 'exitDate', message: v.exitDateMissing });
  } else if (!isIsoDay(input.exitDate)) {
    errors.push({ field: 'exitDate', message: g.invalidDateFormat });
  } else {
    const exit = input.exitDate;
    const latest = addDays(ctx.today, s.futureExitMaxDays);
    const sixth = birthday(ctx.birthDate, 6);
    if (exit <= ctx.entryDate) errors.push({ field: 'exitDate', message: v.exitNotAfterEntry(ctx.entryDate) });
    else if (exit > latest) errors.push({ field: 'exitDate', message: v.exitTooFarAhead(s.futureExitMaxDays, latest) });
    else if (exit >= sixth) errors.push({ field: 'exitDate', message: v.exitOnOrAfterSixthBirthday(sixth) });
  }
  // The reason goes with the exit date; 'other' needs a note (§2.2).
  if (has(input.exitDate) && !has(input.exitReason)) errors.push({ field: 'exitReason', message: g.fieldRequired });
  else if (has(input.exitReason) && !inList(EXIT_REASONS, input.exitReason)) errors.push({ field: 'exitReason', message: g.selectFromList });
  if (input.exitReason === 'other' && !has(input.exitNote)) errors.push({ field: 'exitNote', message: g.fieldRequired });
  else if (has(input.exitNote) && String(input.exitNote).length > 200) errors.push({ field: 'exitNote', message: g.maxLength(200) });
  return errors;
}

export type ExitRatingsMode = 'required' | 'optional' | 'short-stay' | 'not-collected';

/**
 * Whether the exit form collects ratings (§2.8, §3.5): fewer than 182 days disables them (when the
 * rule applies), 'deceased' disables them, else the reason says required or optional.
 */
export function exitRatingsMode(entryDate: IsoDay, exitDate: IsoDay, reason: ExitReason, settings: YearSettings = DEFAULT_YEAR_SETTINGS): ExitRatingsMode {
  if (settings.applyMinServiceRule && daysOfService(entryDate, exitDate) < settings.minServiceDays) return 'short-stay';
  const need = exitReasons[reason].exitRatings;
  return need === 'not-collected' ? 'not-collected' : need;
}

export interface AssessmentInput {
  ratingDate?: unknown;
  ratingA?: unknown;
  ratingB?: unknown;
  ratingC?: unknown;
  newSkillsA?: unknown;
  newSkillsB?: unknown;
  newSkillsC?: unknown;
  evidenceA?: unknown;
  evidenceB?: unknown;
  evidenceC?: unknown;
  teamMembers?: readonly { name?: unknown; role?: unknown }[];
  familyInput?: unknown;
  sources?: readonly unknown[];
  sourcesOther?: unknown;
}

export interface AssessmentContext {
  type: AssessmentType;
  /** 'draft' checks only values given; 'submit' also what is required (§4). */
  mode: 'draft' | 'submit';
  today: IsoDay;
  entryDate: IsoDay;
  exitDate?: IsoDay | null;
  /** The entry ratings, needed to refuse an impossible exit combination. */
  entryRatings?: Partial<Record<Outcome, number>>;
  settings?: YearSettings;
}

/** The COS rating form (§2.3, §5), entry or exit. */
export function validateAssessment(input: AssessmentInput, ctx: AssessmentContext): FieldError[] {
  const s = ctx.settings ?? DEFAULT_YEAR_SETTINGS;
  const submit = ctx.mode === 'submit';
  const errors: FieldError[] = [];
  const add = (field: string, message: string | null) => {
    if (message) errors.push({ field, message });
  };

  // Rating date: past; entry from entryDate − entryEarliestDays to the exit date; exit in its window.
  const dateError = pastDateError(input.ratingDate, ctx.today, submit);
  if (dateError) add('ratingDate', dateError);
  else if (has(input.ratingDate)) {
    const day = input.ratingDate as IsoDay;
    if (ctx.type === 'entry') {
      const earliest = earliestEntryRatingDate(ctx.entryDate, s);
      if (day < earliest) add('ratingDate', v.entryRatingTooEarly(earliest));
      else if (ctx.exitDate && day > ctx.exitDate) add('ratingDate', v.entryRatingAfterExit(ctx.exitDate));
    } else if (ctx.exitDate) {
      const w = exitRatingWindow(ctx.exitDate, ctx.today, s);
      if (day < w.from || day > w.to) add('ratingDate', v.exitRatingWindow(w.from, w.to));
    }
  }

  for (const x of OUTCOMES) {
    const rating = input[`rating${x}`];
    if (!has(rating)) {
      if (submit) add(`rating${x}`, v.rateOutcome(x));
    } else add(`rating${x}`, ratingError(rating, s));
    const evidence = input[`evidence${x}`];
    if (has(evidence) && String(evidence).length > 1000) add(`evidence${x}`, g.maxLength(1000));
    if (ctx.type !== 'exit') continue;
    const p = input[`newSkills${x}`];
    if (!has(p)) {
      if (submit) add(`newSkills${x}`, v.newSkillsMissing(x));
      continue;
    }
    if (p !== 'Y' && p !== 'N') {
      add(`newSkills${x}`, g.selectFromList);
      continue;
    }
    const entry = ctx.entryRatings?.[x];
    if (entry !== undefined && has(rating) && !ratingError(rating, s)) {
      const exit = Number(rating);
      if (!progressCategory(entry, exit, p as NewSkills, s).ok) add(`newSkills${x}`, v.impossibleCombination(x, exit, entry));
    }
  }

  const members = input.teamMembers ?? [];
  if (members.length === 0) {
    if (submit) add('teamMembers', v.noTeamMember);
  }
  members.forEach((m, i) => {
    if (!has(m.name)) add(`teamMembers[${i}].name`, g.fieldRequired);
    else if (String(m.name).length > 100) add(`teamMembers[${i}].name`, g.maxLength(100));
    if (!has(m.role)) add(`teamMembers[${i}].role`, g.fieldRequired);
    else if (!inList(TEAM_ROLES, m.role)) add(`teamMembers[${i}].role`, g.selectFromList);
  });

  if (!has(input.familyInput)) {
    if (submit) add('familyInput', g.fieldRequired);
  } else if (!inList(FAMILY_INPUT, input.familyInput)) add('familyInput', g.selectFromList);

  const sources = input.sources ?? [];
  if (sources.length === 0) {
    if (submit) add('sources', v.noSource);
  } else if (!sources.every((c) => inList(ASSESSMENT_SOURCES, c))) add('sources', g.selectFromList);
  if (sources.includes('other')) {
    if (!has(input.sourcesOther)) add('sourcesOther', g.fieldRequired);
    else if (String(input.sourcesOther).length > 200) add('sourcesOther', g.maxLength(200));
  }
  return errors;
}

/** An unlock reason (10-500 characters) or a decline note (§2.4, §5). */
export function unlockReasonError(reason: unknown, max = 500): string | null {
  const s = typeof reason === 'string' ? reason.trim() : '';
  if (s.length < 10) return v.reasonTooShort;
  return s.length > max ? g.maxLength(max) : null;
}
