// The user DTO: names, configuration defaults, lockout flag, dates.
import { describe, expect, it } from 'vitest';
import { user as userSchema } from '../../lib/contract.js';
import { parseConfiguration, splitFullName, toUserDto, type UserRow } from '../../api/users.js';
import { passwordReasons } from '../../api/password-reasons.js';

const row: UserRow = {
  id: '6f1c5a8e-3b7d-4c2a-9e1f-0a2b3c4d5e6f',
  user_name: 'pat@example.org',
  email: 'pat@example.org',
  full_name: 'Pat  de la Cruz',
  job_title: 'Coordinator',
  phone_number: '402-555-0100',
  lea_id: 7,
  configuration: { language: 'es', homeUrl: '/child-search' },
  is_enabled: true,
  is_deleted: false,
  email_confirmed: true,
  locked_until: '2025-03-01T10:15:00Z',
  created_at: new Date('2025-01-01T00:00:00Z'),
  updated_at: '2025-02-01T00:00:00Z',
};

describe('toUserDto', () => {
  it('builds the contract user, splitting the full name on its first space', () => {
    const dto = toUserDto(row, ['Local User'], [{ id: 7, name: 'Prairie View', leaCode: '55-0101-000' }], new Date('2025-03-01T10:00:00Z'));
    expect(userSchema.parse(dto)).toEqual(dto);
    expect(dto).toMatchObject({ firstName: 'Pat', lastName: 'de la Cruz', isLockedOut: true, createdAt: '2025-01-01T00:00:00.000Z' });
    expect(dto.configuration).toEqual({ language: 'es', homeUrl: '/child-search', showSelfAssessmentIntro: true });
    expect(toUserDto(row, [], [], new Date('2025-03-01T10:15:00Z')).isLockedOut).toBe(false);
  });

  it('handles single names and broken configuration', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(parseConfiguration('not json')).toEqual({ language: 'en', homeUrl: '/', showSelfAssessmentIntro: true });
    expect(parseConfiguration({ language: 5 })).toEqual({ language: 'en', homeUrl: '/', showSelfAssessmentIntro: true });
  });
});

describe('passwordReasons', () => {
  it('words each unmet rule as ASP.NET Identity does', () => {
    expect(passwordReasons('Good-Password-1')).toEqual([]);
    expect(passwordReasons('')).toEqual([
      'Passwords must be at least 12 characters.',
      'Passwords must have at least one non alphanumeric character.',
      "Passwords must have at least one digit ('0'-'9').",
      "Passwords must have at least one uppercase ('A'-'Z').",
      "Passwords must have at least one lowercase ('a'-'z').",
    ]);
  });
});
