// School years are keys like '2023-2024' (spec §3); prior and next come from the first four digits.

const SCHOOL_YEAR = /^(\d{4})-(\d{4})$/;

export interface SchoolYear {
  key: string;
  label: string;
}

export function isSchoolYearKey(key: string): boolean {
  const m = SCHOOL_YEAR.exec(key);
  return m !== null && Number(m[2]) === Number(m[1]) + 1;
}

export function schoolYearKey(startYear: number): string {
  return `${startYear}-${startYear + 1}`;
}

function startYearOf(key: string): number {
  const m = SCHOOL_YEAR.exec(key);
  if (!m) throw new RangeError(`Not a school year: ${key}`);
  return Number(m[1]);
}

export function priorSchoolYear(key: string): string {
  return schoolYearKey(startYearOf(key) - 1);
}

export function nextSchoolYear(key: string): string {
  return schoolYearKey(startYearOf(key) + 1);
}

/** The school year a date falls in; a school year runs from July 1 to June 30. */
export function schoolYearForDate(date: Date): string {
  const year = date.getUTCFullYear();
  return schoolYearKey(date.getUTCMonth() >= 6 ? year : year - 1);
}
