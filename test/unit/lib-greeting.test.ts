import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from '../../lib/greeting.js';

// 2026-03-03 in America/Chicago is UTC-6 (before DST starts on 8 March).
const chicago = (hh: number, mm: number) => new Date(Date.UTC(2026, 2, 3, hh + 6, mm));

describe('dashboard greeting (spec §1, §9: boundaries 12 and 17)', () => {
  it('says Good Morning up to 11:59 and Good Afternoon from 12:00 in the agency time zone', () => {
    expect(greeting(chicago(0, 0), 'America/Chicago')).toBe('Good Morning');
    expect(greeting(chicago(11, 59), 'America/Chicago')).toBe('Good Morning');
    expect(greeting(chicago(12, 0), 'America/Chicago')).toBe('Good Afternoon');
  });

  it('says Good Afternoon up to 16:59 and Good Evening from 17:00', () => {
    expect(greeting(chicago(16, 59), 'America/Chicago')).toBe('Good Afternoon');
    expect(greeting(chicago(17, 0), 'America/Chicago')).toBe('Good Evening');
    expect(greeting(chicago(23, 59), 'America/Chicago')).toBe('Good Evening');
  });

  it('uses the zone, not UTC: the same instant greets differently in two zones', () => {
    const instant = new Date(Date.UTC(2026, 2, 3, 17, 30)); // 17:30 UTC = 11:30 in Chicago
    expect(greeting(instant, 'UTC')).toBe('Good Evening');
    expect(greeting(instant, 'America/Chicago')).toBe('Good Morning');
  });

  it('follows daylight saving time', () => {
    // 2026-07-01 16:30 UTC is 11:30 CDT (UTC-5)
    expect(greeting(new Date(Date.UTC(2026, 6, 1, 16, 30)), 'America/Chicago')).toBe('Good Morning');
    expect(greeting(new Date(Date.UTC(2026, 6, 1, 17, 0)), 'America/Chicago')).toBe('Good Afternoon');
  });

  it('maps hours', () => {
    expect([0, 11, 12, 16, 17, 23].map(greetingForHour)).toEqual([
      'Good Morning',
      'Good Morning',
      'Good Afternoon',
      'Good Afternoon',
      'Good Evening',
      'Good Evening',
    ]);
  });
});
