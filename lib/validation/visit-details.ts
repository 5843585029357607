// The "Visit details" form of the Integrated Monitoring Review (/monitoring/visit), checked on
// the server (with or without JavaScript the same rules decide): every field required; the
// visit date a real day ('Invalid date format'); start and end times normalised as on blur
// (spec §5 Time input) then checked ('Invalid time format, use hh:mm PM such as 3:00 PM'), the
// end after the start; the number of student files stripped to its digits first (spec §5
// Numbers-only input), then at least 1 and at most VISIT_MAX_STUDENT_FILES.
import { z } from 'zod';
import { VISIT_MAX_STUDENT_FILES, type MonitoringVisit, type SaveMonitoringVisitRequest } from '../contract.js';
import { formatClockTime } from '../dates.js';
import { dateFormatError, maxValueError, minValueError, parseDay, requiredError, type Rule } from '../field-rules.js';
import { formText } from './fields.js';
import { visitDetailsText } from '../messages.js';
import { digitsOnly } from '../numbers-only.js';
import { normaliseTime, timeError, timeTo24h, timeToMinutes } from '../time-input.js';
import { validateForm, type FormResult } from './admin-org.js';

export { VISIT_MAX_STUDENT_FILES };

/** The form's fields, in page order (the error summary lists them so). */
export const visitDetailsFields = ['visitDate', 'startTime', 'endTime', 'studentFileCount'] as const;
export type VisitDetailsField = (typeof visitDetailsFields)[number];

/** A required field: the first rule that fails gives the message. */
function checked(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx) => {
    const error = requiredError(value) ?? rules.map((r) => r(value)).find((e) => e !== null) ?? null;
    if (error) ctx.addIssue({ code: 'custom', message: error });
  };
}

// Each field's text as the form keeps it: times normalised, the count stripped to its digits.
const timeText = formText.transform(normaliseTime);
const countText = formText.transform(digitsOnly);
const shownSchema = z.object({ visitDate: formText, startTime: timeText, endTime: timeText, studentFileCount: countText });

export const visitDetailsSchema = z
  .object({
    visitDate: formText.superRefine(checked([dateFormatError])),
    startTime: timeText.superRefine(checked([timeError])),
    endTime: timeText.superRefine(checked([timeError])),
    studentFileCount: countText.superRefine(checked([(v) => minValueError(v, 1), (v) => maxValueError(v, VISIT_MAX_STUDENT_FILES)])),
  })
  .superRefine((v, ctx) => {
    const start = timeToMinutes(v.startTime);
    const end = timeToMinutes(v.endTime);
    if (start !== null && end !== null && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: visitDetailsText.endTimeAfterStart });
    }
  });

/** What the form shows: the text of each field. */
export type VisitDetailsForm = z.output<typeof visitDetailsSchema>;

export const emptyVisitDetails: VisitDetailsForm = { visitDate: '', startTime: '', endTime: '', studentFileCount: '' };

/** Checks a posted form; `values` are what to show again on a 422 (normalised where they could be). */
export function validateVisitDetails(body: unknown): { result: FormResult<VisitDetailsForm>; values: VisitDetailsForm } {
  const result = validateForm(visitDetailsSchema, body, visitDetailsFields);
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { result, values: result.ok ? result.data : shownSchema.parse(fields) };
}

/** The body of PUT /api/monitoring/visit from a valid form. */
export function visitDetailsBody(form: VisitDetailsForm): SaveMonitoringVisitRequest {
  return {
    visitDate: parseDay(form.visitDate) ?? form.visitDate,
    startTime: timeTo24h(form.startTime) ?? form.startTime,
    endTime: timeTo24h(form.endTime) ?? form.endTime,
    studentFileCount: Number(form.studentFileCount),
  };
}

/** The form filled with a saved visit (times on the 12-hour clock the fields use). */
export function visitDetailsValues(visit: MonitoringVisit | null): VisitDetailsForm {
  if (!visit) return emptyVisitDetails;
  return {
    visitDate: visit.visitDate,
    startTime: formatClockTime(visit.startTime),
    endTime: formatClockTime(visit.endTime),
    studentFileCount: String(visit.studentFileCount),
  };
}
