// The resend lock countdown text: "please wait m:ss minutes to resend" (spec §2, §9: 300 s).
import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from '../../lib/format-countdown.js';
import { uiText } from '../../lib/messages.js';

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [65, '1:05'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [0.2, '0:01'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
    [3600, '60:00'],
  ])('formats %s seconds as %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });

  it('reads as the spec sentence', () => {
    expect(uiText.resendWait(formatCountdown(272))).toBe('please wait 4:32 minutes to resend');
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(310_000, 10_000)).toBe(300);
    expect(secondsUntil(5_000, 10_000)).toBe(0);
  });
});
