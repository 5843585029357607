// The person picker's request schemas (server side): the search query and the posted
// selection. The rules they apply live in lib/person-picker.ts, which islands use without zod.
import { z } from 'zod';
import { TEXT_LENGTH } from '../field-rules.js';
import { manualPersonErrors, type PersonSearchQuery } from '../person-picker.js';
import { formText } from './fields.js';

const optionalId = z.unknown().optional().transform((v): number | undefined => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && /^[1-9]\d{0,8}$/.test(first) ? Number(first) : undefined;
});
const nameFilter = formText.transform((v) => v.slice(0, TEXT_LENGTH.small));

/** Query of GET /api/portal/people (and of the picker's plain GET search form). */
export const personSearchQuery: z.ZodType<PersonSearchQuery, unknown> = z.object({
  leaId: optionalId,
  schoolId: optionalId,
  firstName: nameFilter,
  lastName: nameFilter,
});

/**
 * The picker's selection as posted: `personId` for each ticked person found by search, and the
 * parallel `manualFirstName` / `manualLastName` lists for people added by hand (blank pairs are
 * dropped, incomplete pairs are refused with the field error).
 */
export const personSelectionBody = z
  .object({ personId: z.unknown().optional(), manualFirstName: z.unknown().optional(), manualLastName: z.unknown().optional() })
  .transform((b, ctx) => {
    const list = (v: unknown): string[] =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
    const ids = [...new Set(list(b.personId).filter((x) => /^[1-9]\d{0,8}$/.test(x)).map(Number))];
    const firsts = list(b.manualFirstName);
    const lasts = list(b.manualLastName);
    const manual: { firstName: string; lastName: string }[] = [];
    for (let i = 0; i < Math.max(firsts.length, lasts.length); i += 1) {
      const firstName = (firsts[i] ?? '').trim();
      const lastName = (lasts[i] ?? '').trim();
      if (firstName === '' && lastName === '') continue;
      const errors = manualPersonErrors(firstName, lastName);
      if (errors.firstName) ctx.addIssue({ code: 'custom', path: ['manualFirstName'], message: errors.firstName });
      if (errors.lastName) ctx.addIssue({ code: 'custom', path: ['manualLastName'], message: errors.lastName });
      manual.push({ firstName, lastName });
    }
    return { personIds: ids, manual };
  });
export type PersonSelection = z.infer<typeof personSelectionBody>;
