// The dashboard greeting (spec §1, §9): Good Morning before 12:00, Good Afternoon from 12:00
// to 16:59, Good Evening from 17:00, by the wall clock of the given time zone.
import { zonedParts } from './dates.js';
import { uiText } from './messages.js';

export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 17;

export function greetingForHour(hour: number): string {
  if (hour < AFTERNOON_FROM_HOUR) return uiText.goodMorning;
  if (hour < EVENING_FROM_HOUR) return uiText.goodAfternoon;
  return uiText.goodEvening;
}

export function greeting(now: Date, timeZone: string): string {
  return greetingForHour(zonedParts(now, timeZone).hour);
}
