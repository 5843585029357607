// The dispute resolution module's catalogue of user-facing strings (DR spec §6, §7, §8), quoted
// exactly; test/unit/dr-timeline.test.ts and dr-rules.test.ts assert them where they are used.
import type { IsoDay } from '../day.js';

/** A {date} inside a message is written MM/DD/YYYY (§7). */
export function usDate(day: IsoDay): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

export const timelineMessages = {
  calendarMissing: (lea: string, schoolYear: string) => `School calendar missing for ${lea} ${schoolYear}.`,
  resolutionPeriodEnded: (day: IsoDay) => `The resolution period already ended on ${usDate(day)}; the decision due date is unchanged.`,
  suspendedMediation: 'Suspended: mediation continuing',
  amendedTooLate: 'An amended complaint must be allowed at least 5 days before the hearing.',
  extensionAfterDue: (due: IsoDay) => `The extended due date must be after the current due date (${usDate(due)}).`,
  extensionGrantedLate: (due: IsoDay) => `An extension must be granted on or before the current due date (${usDate(due)}).`,
  extensionReason: 'Select the reason for the extension.',
  extensionRequester: 'Select which party requested the extension.',
  edpNoExtension: 'Expedited hearing timelines cannot be extended.',
} as const;

export const neutralMessages = {
  worksForRespondent: 'This person works for the responding district and cannot be assigned.',
  trainingOverdue: 'Annual training is overdue; this hearing officer cannot be assigned.',
  reviewOfficerIsHearingOfficer: 'The review officer cannot be the hearing officer who decided this case.',
} as const;
