import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../lib/contract.js';
import {
  canSaveSubscription,
  frequencyOptions,
  initialSubscriptionValues,
  subscriptionLabel,
  subscriptionLocks,
  toSaveRequest,
  validateSubscription,
} from '../../lib/subscription-rules.js';
import { subscriptionFormBody } from '../../lib/validation/subscription.js';

const sub = (over: Partial<Subscription> = {}): Subscription => ({
  eventNotificationSubscriptionId: 5,
  eventNotificationTypeId: 9,
  name: 'Incident created',
  description: 'When an incident is recorded',
  isSubscribed: false,
  isEmail: false,
  isInApp: false,
  frequency: 0,
  subscribedLeaIds: [],
  supportedFrequency: [1, 2, 3, 4],
  isSupportsEmail: true,
  isSupportsInApp: true,
  isEventNotificationTypeRequired: false,
  hasLea: false,
  hasSpecificDate: false,
  ...over,
});

describe('subscription form rules (spec §5)', () => {
  it('offers only Immediately and Daily, as far as the type supports them', () => {
    expect(frequencyOptions(sub())).toEqual([
      { value: 1, label: 'Immediately' },
      { value: 2, label: 'Daily' },
    ]);
    expect(frequencyOptions(sub({ supportedFrequency: [2, 3] }))).toEqual([{ value: 2, label: 'Daily' }]);
    expect(frequencyOptions(sub({ supportedFrequency: [0, 3, 4] }))).toEqual([]);
  });

  it('locks the email option and LEA selection of a required type, not frequency or in-system', () => {
    expect(subscriptionLocks(sub({ isEventNotificationTypeRequired: true }))).toEqual({
      email: true,
      leas: true,
      inApp: false,
      frequency: false,
    });
    expect(subscriptionLocks(sub())).toEqual({ email: false, leas: false, inApp: false, frequency: false });
    expect(subscriptionLocks(sub({ isSupportsInApp: false, isSupportsEmail: false }))).toMatchObject({ email: true, inApp: true });
  });

  it('is valid with a delivery method, an offered frequency, and LEAs for a per-LEA type', () => {
    const s = sub({ hasLea: true });
    expect(validateSubscription(s, { isEmail: true, isInApp: false, frequency: 1, subscribedLeaIds: [3] })).toEqual([]);
    expect(canSaveSubscription(s, { isEmail: false, isInApp: true, frequency: 2, subscribedLeaIds: [3] })).toBe(true);
  });

  it('disables Save without a delivery method, frequency or LEA', () => {
    const s = sub({ hasLea: true });
    const errors = validateSubscription(s, { isEmail: false, isInApp: false, frequency: 3, subscribedLeaIds: [] });
    expect(errors).toEqual([
      { field: 'delivery', message: 'Choose Email, In-System or both.' },
      { field: 'frequency', message: 'A value must be selected from the list' },
      { field: 'subscribedLeaIds', message: 'Select at least one LEA.' },
    ]);
    expect(canSaveSubscription(s, { isEmail: true, isInApp: false, frequency: 0, subscribedLeaIds: [1] })).toBe(false);
    expect(
      validateSubscription(s, { isEmail: true, isInApp: false, frequency: 1, subscribedLeaIds: [1, 7] }, [1, 2]).map((e) => e.field),
    ).toEqual(['subscribedLeaIds']);
  });

  it('does not ask for LEAs on a required type, and keeps its locked values whatever is posted', () => {
    const s = sub({ hasLea: true, isEventNotificationTypeRequired: true, isEmail: true, subscribedLeaIds: [4] });
    const posted = { isEmail: false, isInApp: false, frequency: 2, subscribedLeaIds: [] };
    expect(validateSubscription(s, posted)).toEqual([]); // email stays on: locked
    expect(toSaveRequest(s, posted)).toEqual({
      isInApp: false,
      isEmail: true,
      frequency: 2,
      isSubscribed: true,
      eventNotificationSubscriptionId: 5,
      eventNotificationTypeId: 9,
      subscribedLeaIds: [4],
    });
  });

  it('does not accept a method the type does not support', () => {
    const s = sub({ isSupportsInApp: false });
    expect(validateSubscription(s, { isEmail: false, isInApp: true, frequency: 1, subscribedLeaIds: [] }).map((e) => e.field)).toEqual([
      'delivery',
    ]);
  });

  it('always subscribes on save and sends no LEAs for a type without LEAs', () => {
    const req = toSaveRequest(sub(), { isEmail: true, isInApp: true, frequency: 1, subscribedLeaIds: [1, 1] });
    expect(req.isSubscribed).toBe(true);
    expect(req.subscribedLeaIds).toEqual([]);
    expect(toSaveRequest(sub({ hasLea: true }), { isEmail: true, isInApp: true, frequency: 1, subscribedLeaIds: [1, 1, 2] }).subscribedLeaIds).toEqual([
      1, 2,
    ]);
  });

  it('opens with the saved values, and a default frequency when the saved one is not offered', () => {
    expect(initialSubscriptionValues(sub({ isEmail: true, frequency: 3, subscribedLeaIds: [2] }))).toEqual({
      isEmail: true,
      isInApp: false,
      frequency: 1,
      subscribedLeaIds: [2],
    });
  });

  it('labels the subscription column', () => {
    expect(subscriptionLabel({ isSubscribed: true, isEmail: true, isInApp: false })).toBe('Email');
    expect(subscriptionLabel({ isSubscribed: true, isEmail: false, isInApp: true })).toBe('In-System');
    expect(subscriptionLabel({ isSubscribed: true, isEmail: true, isInApp: true })).toBe('Email and In-System');
    expect(subscriptionLabel({ isSubscribed: false, isEmail: true, isInApp: true })).toBe('None');
    expect(subscriptionLabel({ isSubscribed: true, isEmail: false, isInApp: false })).toBe('None');
  });

  it('reads the form posted without JavaScript', () => {
    expect(subscriptionFormBody.parse({ isEmail: 'on', frequency: '2', leaId: ['3', '4', 'x'] })).toEqual({
      isEmail: true,
      isInApp: false,
      frequency: 2,
      subscribedLeaIds: [3, 4],
    });
    expect(subscriptionFormBody.parse({ frequency: { a: 1 }, leaId: '7' })).toEqual({
      isEmail: false,
      isInApp: false,
      frequency: -1,
      subscribedLeaIds: [7],
    });
  });
});
