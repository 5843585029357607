// lib/calendar.ts: the worked examples of DR spec §6 that are pure day arithmetic (its holiday
// list, business days, the school-day EDP examples with the demo calendar of §6.3 and §13, and
// the calendar-day examples), RAI spec §7.7 (one working day), and the Nevada holiday list of
// DR spec §13 with its observed-holiday rule.
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addSchoolDays,
  holidayDates,
  isBusinessDay,
  isSchoolDay,
  nevadaHolidays,
  nextBusinessDay,
  observedDate,
  schoolDaysOf,
  schoolYearBounds,
  schoolYearOfDay,
  type SchoolCalendar,
} from '../../lib/calendar.js';
import { addDays, weekday } from '../../lib/day.js';

/** DR spec §6.3: "holidays: 2025-10-13, 10-31, 11-11, 11-27, 11-28, 12-25; 2026-01-01, 01-19, 02-16, 05-25". */
const SPEC_HOLIDAYS = ['2025-10-13', '2025-10-31', '2025-11-11', '2025-11-27', '2025-11-28', '2025-12-25', '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25'];
const holidays = holidayDates([...nevadaHolidays(2025), ...nevadaHolidays(2026), ...nevadaHolidays(2027)]);

const range = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** The demo calendars of DR spec §6.3 (2025-2026) and §13 (2026-2027). */
const demo2526: SchoolCalendar = {
  schoolYear: '2025-2026',
  firstDay: '2025-08-11',
  lastDay: '2026-05-28',
  nonSchoolDays: [...range('2025-11-24', '2025-11-26'), ...range('2025-12-22', '2026-01-02'), ...range('2026-03-16', '2026-03-20')],
};
const demo2627: SchoolCalendar = {
  schoolYear: '2026-2027',
  firstDay: '2026-08-10',
  lastDay: '2027-05-27',
  nonSchoolDays: [...range('2026-11-23', '2026-11-25'), ...range('2026-12-21', '2027-01-01'), ...range('2027-03-15', '2027-03-19')],
};
const demoCalendars = [demo2526, demo2627];

describe('the Nevada holiday list (DR spec §13)', () => {
  it('holds exactly the holidays DR spec §6.3 lists between October 2025 and May 2026', () => {
    const listed = [...nevadaHolidays(2025), ...nevadaHolidays(2026)].map((h) => h.date).filter((d) => d >= '2025-10-01' && d <= '2026-05-31');
    expect(listed).toEqual(SPEC_HOLIDAYS);
  });

  it('names the thirteen holidays of 2025 with their kinds', () => {
    expect(nevadaHolidays(2025).map((h) => [h.date, h.name, h.kind])).toEqual([
      ['2025-01-01', "New Year's Day", 'Both'],
      ['2025-01-20', 'Martin Luther King Jr. Day', 'Both'],
      ['2025-02-17', "Presidents' Day", 'Both'],
      ['2025-05-26', 'Memorial Day', 'Both'],
      ['2025-06-19', 'Juneteenth', 'Both'],
      ['2025-07-04', 'Independence Day', 'Both'],
      ['2025-09-01', 'Labor Day', 'Both'],
      ['2025-10-13', 'Columbus Day', 'Federal'],
      ['2025-10-31', 'Nevada Day', 'State'],
      ['2025-11-11', 'Veterans Day', 'Both'],
      ['2025-11-27', 'Thanksgiving', 'Both'],
      ['2025-11-28', 'Family Day', 'State'],
      ['2025-12-25', 'Christmas', 'Both'],
    ]);
  });

  it('puts Nevada Day on the last Friday of October and Family Day after Thanksgiving', () => {
    for (const year of [2025, 2026, 2027, 2028, 2029, 2030]) {
      const list = nevadaHolidays(year);
      const nevadaDay = list.find((h) => h.name === 'Nevada Day')!.date;
      expect(weekday(nevadaDay)).toBe(5);
      expect(nevadaDay.slice(5, 7)).toBe('10');
      expect(addDays(nevadaDay, 7).slice(5, 7)).toBe('11');
      const thanksgiving = list.find((h) => h.name === 'Thanksgiving')!.date;
      expect(weekday(thanksgiving)).toBe(4);
      expect(list.find((h) => h.name === 'Family Day')!.date).toBe(addDays(thanksgiving, 1));
    }
    expect(nevadaHolidays(2026).find((h) => h.name === 'Nevada Day')!.date).toBe('2026-10-30');
    expect(nevadaHolidays(2027).find((h) => h.name === 'Nevada Day')!.date).toBe('2027-10-29');
  });

  it('observes a Saturday holiday on Friday and a Sunday one on Monday', () => {
    expect(observedDate('2026-07-04')).toBe('2026-07-03'); // Saturday
    expect(observedDate('2027-07-04')).toBe('2027-07-05'); // Sunday
    expect(observedDate('2025-07-04')).toBe('2025-07-04');
    const y2026 = nevadaHolidays(2026);
    expect(y2026.find((h) => h.name.startsWith('Independence Day'))).toEqual({ date: '2026-07-03', name: 'Independence Day (observed)', kind: 'Both' });
    const y2027 = nevadaHolidays(2027);
    expect(y2027.find((h) => h.name.startsWith('Juneteenth'))!.date).toBe('2027-06-18'); // Saturday 2027-06-19
    expect(y2027.find((h) => h.name.startsWith('Christmas'))!.date).toBe('2027-12-24'); // Saturday
    // New Year's Day 2028 is a Saturday: observed Friday 2027-12-31, in 2027's list, not 2028's.
    expect(y2027.at(-1)).toEqual({ date: '2027-12-31', name: "New Year's Day (observed)", kind: 'Both' });
    expect(nevadaHolidays(2028).some((h) => h.name.startsWith("New Year's Day"))).toBe(false);
    for (const year of [2025, 2026, 2027, 2028]) for (const h of nevadaHolidays(year)) expect([0, 6]).not.toContain(weekday(h.date));
  });
});

describe('business days (DR spec §6.3)', () => {
  it.each([
    ['agreement signed Fri 2025-11-21, review ends +3', '2025-11-21', 3, '2025-11-26'],
    ['agreement signed Wed 2025-11-26, review ends +3', '2025-11-26', 3, '2025-12-03'],
    ['hearing Mon 2025-12-01, disclosure -5', '2025-12-01', -5, '2025-11-20'],
    ['hearing Mon 2025-12-08, disclosure -5', '2025-12-08', -5, '2025-12-01'],
    ['zero days is the day itself', '2025-11-22', 0, '2025-11-22'],
  ])('%s → %s', (_label, from, n, expected) => {
    expect(addBusinessDays(from, n, holidays)).toBe(expected);
  });

  it('knows weekends and holidays are not business days', () => {
    expect(isBusinessDay('2025-11-28', holidays)).toBe(false); // Family Day
    expect(isBusinessDay('2025-11-29', holidays)).toBe(false); // Saturday
    expect(isBusinessDay('2025-12-01', holidays)).toBe(true);
  });
});

describe('one working day (RAI spec §7.7)', () => {
  it.each([
    ['Wed 2026-10-14', '2026-10-14', [], '2026-10-15'],
    ['Fri 2026-09-04 with Labor Day 09-07', '2026-09-04', ['2026-09-07'], '2026-09-08'],
    ['Wed 2026-11-25 with 11-26 and 11-27 listed', '2026-11-25', ['2026-11-26', '2026-11-27'], '2026-11-30'],
    ['Sat 2026-10-17', '2026-10-17', [], '2026-10-19'],
  ])('%s → %s', (_label, incident, listed, expected) => {
    expect(nextBusinessDay(incident, new Set(listed))).toBe(expected);
    // The seeded Nevada list holds those days too.
    expect(nextBusinessDay(incident, holidays)).toBe(expected);
  });
});

describe('school days with the demo calendar (DR spec §6.3)', () => {
  it.each([
    ['EDP filed Mon 2025-10-20: hearing by (+20)', '2025-10-20', 20, '2025-11-19'],
    ['hearing held 2025-11-18: decision by (+10)', '2025-11-18', 10, '2025-12-09'],
    ['EDP filed 2025-12-10: hearing by (+20)', '2025-12-10', 20, '2026-01-22'],
    ['EDP filed 2026-05-20: 5 school days in May, then 2026-2027', '2026-05-20', 20, '2026-08-28'],
  ])('%s → %s', (_label, from, n, expected) => {
    expect(addSchoolDays(from, n, demoCalendars, holidays)).toEqual({ ok: true, day: expected });
  });

  it('says which calendar is missing when the count needs it, and only then', () => {
    expect(addSchoolDays('2026-05-20', 20, [demo2526], holidays)).toEqual({ ok: false, missingSchoolYear: '2026-2027' });
    expect(addSchoolDays('2025-10-20', 20, [], holidays)).toEqual({ ok: false, missingSchoolYear: '2025-2026' });
    expect(addSchoolDays('2026-05-20', 5, [demo2526], holidays)).toEqual({ ok: true, day: '2026-05-28' });
  });

  it('starts counting at the first day when the trigger is before it (summer)', () => {
    expect(addSchoolDays('2026-07-15', 1, demoCalendars, holidays)).toEqual({ ok: true, day: '2026-08-10' });
    expect(addSchoolDays('2026-06-10', 1, demoCalendars, holidays)).toEqual({ ok: true, day: '2026-08-10' });
  });

  it('lists the school days of a calendar without weekends, non-school days or holidays', () => {
    const days = schoolDaysOf(demo2526, holidays);
    expect(days[0]).toBe('2025-08-11');
    expect(days.at(-1)).toBe('2026-05-28');
    for (const off of ['2025-11-24', '2025-12-25', '2026-01-02', '2026-03-18', '2025-10-31', '2025-08-16']) expect(days).not.toContain(off);
    // 209 weekdays from 2025-08-11 to 2026-05-28, minus 3 + 10 + 5 non-school weekdays and the 9
    // holidays on other weekdays (Labor Day to Memorial Day, without Christmas and New Year's Day
    // that fall in the winter break).
    expect(days).toHaveLength(209 - 18 - 9);
    expect(isSchoolDay('2025-09-01', demo2526, holidays)).toBe(false); // Labor Day
    expect(isSchoolDay('2025-09-02', demo2526, holidays)).toBe(true);
  });
});

describe('school years', () => {
  it('runs from July 1 to June 30', () => {
    expect(schoolYearOfDay('2025-06-30')).toBe('2024-2025');
    expect(schoolYearOfDay('2025-07-01')).toBe('2025-2026');
    expect(schoolYearBounds('2025-2026')).toEqual({ first: '2025-07-01', last: '2026-06-30' });
    expect(() => schoolYearBounds('2025-2027')).toThrow(RangeError);
  });
});

describe('calendar-day examples of DR spec §6 (lib/day.ts addDays, the "C" basis)', () => {
  it.each([
    ['SC received Tue 2025-09-02 +60', '2025-09-02', 60, '2025-11-01'],
    ['SC received 2026-01-15 +60', '2026-01-15', 60, '2026-03-16'],
    ['DP response +10', '2025-10-01', 10, '2025-10-11'],
    ['sufficiency notice and resolution meeting +15', '2025-10-01', 15, '2025-10-16'],
    ['resolution period end +30', '2025-10-01', 30, '2025-10-31'],
    ['decision: period end +45', '2025-10-31', 45, '2025-12-15'],
    ['waiver 2025-10-06 +45', '2025-10-06', 45, '2025-11-20'],
    ['no agreement possible 2025-10-20 +45', '2025-10-20', 45, '2025-12-04'],
    ['period end moved 7 days by PARENT_DELAYED_RM, +45', '2025-11-07', 45, '2025-12-22'],
    ['EDP resolution meeting +7', '2025-10-20', 7, '2025-10-27'],
    ['EDP resolution period end +15', '2025-10-20', 15, '2025-11-04'],
    ['appeal window +30', '2025-12-12', 30, '2026-01-11'],
    ['review decision +30', '2026-01-09', 30, '2026-02-08'],
    ['set aside after 20 days, Active again 2026-01-05: the 40 unused days', '2026-01-05', 40, '2026-02-14'],
  ])('%s → %s', (_label, from, n, expected) => {
    expect(addDays(from, n)).toBe(expected);
  });
});
