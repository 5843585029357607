// The wire shapes islands read in the browser, written with zod/mini: a few kilobytes where
// classic zod would add 25 KB gzip to every page with such an island (README, Performance
// budgets). lib/contract.ts builds its classic schemas from the same shapes, so each is said once.
import * as zm from 'zod/mini';

const frequencyValue = zm.int().check(zm.gte(0), zm.lte(4));

export const Frequency = { None: 0, Immediately: 1, Daily: 2, Weekly: 3, Monthly: 4 } as const;

/** One event type as the user's subscription to it (spec §3 Subscription fields). */
export const subscriptionShape = {
  eventNotificationSubscriptionId: zm.nullable(zm.int()),
  eventNotificationTypeId: zm.int(),
  name: zm.string(),
  description: zm.string(),
  isSubscribed: zm.boolean(),
  isEmail: zm.boolean(),
  isInApp: zm.boolean(),
  frequency: frequencyValue,
  subscribedLeaIds: zm.array(zm.int()),
  supportedFrequency: zm.array(frequencyValue),
  isSupportsEmail: zm.boolean(),
  isSupportsInApp: zm.boolean(),
  isEventNotificationTypeRequired: zm.boolean(),
  hasLea: zm.boolean(),
  hasSpecificDate: zm.boolean(),
};
export const subscriptionMini = zm.object(subscriptionShape);
export type Subscription = zm.infer<typeof subscriptionMini>;

/** The LEAs a subscription may cover, as GET /api/leas/users answers (only id and name are read). */
export const leaChoiceList = zm.array(zm.object({ id: zm.int(), name: zm.string() }));

/** The portal's 401 answer to an island's call: where to sign in again. */
export const sessionExpiredBody = zm.object({ location: zm.string().check(zm.startsWith('/')) });

/** Response of the person picker's GET /api/portal/people. */
export const peopleResponse = zm.object({
  people: zm.array(zm.object({ id: zm.int(), firstName: zm.string(), lastName: zm.string() })),
});
export type PeopleResponse = zm.infer<typeof peopleResponse>;
