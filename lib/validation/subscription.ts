// The Manage Subscription form as posted without JavaScript (server side). The form's rules
// are in lib/subscription-rules.ts, which the island uses without zod.
import { z } from 'zod';
import type { SubscriptionFormValues } from '../subscription-rules.js';

const checkbox = z.unknown().optional().transform((v) => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return first === 'on' || first === 'true' || first === true;
});
const intList = z.unknown().optional().transform((v): number[] => {
  const list: unknown[] = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list
    .filter((x): x is string => typeof x === 'string' && /^\d{1,9}$/.test(x))
    .map(Number);
});
const intValue = z.unknown().optional().transform((v): number => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && /^\d{1,2}$/.test(first) ? Number(first) : -1;
});

/** The subscription form as posted without JavaScript (checkboxes 'on', repeated leaId fields). */
export const subscriptionFormBody = z
  .object({ isEmail: checkbox, isInApp: checkbox, frequency: intValue, leaId: intList })
  .transform(
    (b): SubscriptionFormValues => ({
      isEmail: b.isEmail,
      isInApp: b.isInApp,
      frequency: b.frequency,
      subscribedLeaIds: b.leaId,
    }),
  );
