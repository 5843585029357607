// DR spec §11: merge fields per template, and the deadline reminders of each day.
import { describe, expect, it } from 'vitest';
import { templateFieldErrors } from '../../lib/templates.js';
import { DR_KNOWN_FIELDS, drAllowedFields, remindersDue, type ReminderDeadline } from '../../lib/dr/notifications.js';

describe('merge fields (§11)', () => {
  it('the deadline fields only in the two deadline templates, the links only in theirs', () => {
    expect(drAllowedFields('DR_DEADLINE_MISSED')).toEqual(expect.arrayContaining(['caseNumber', 'deadlineName', 'dueDate', 'daysLeft']));
    expect(drAllowedFields('DR_CASE_CLOSED')).not.toContain('dueDate');
    expect(drAllowedFields('DR_SIGNATURE_REQUEST')).toContain('signLink');
    expect(drAllowedFields('DR_HO_CHOICE_REQUEST')).toContain('signLink');
    expect(drAllowedFields('DR_SURVEY_INVITATION')).toEqual([...drAllowedFields('DR_CASE_CLOSED'), 'surveyLink']);
    expect(drAllowedFields('DR_WITHDRAWAL_DECIDED')).toContain('withdrawalDecision');
  });

  it('names an unknown field and one not allowed in this template with the spec’s messages', () => {
    const errors = templateFieldErrors('Case {{caseNumber}}: {{surveyLink}} {{studentName}}', drAllowedFields('DR_CASE_CLOSED'), DR_KNOWN_FIELDS);
    expect(errors.map((e) => e.message)).toEqual(['The merge field {{surveyLink}} cannot be used in this template.', 'Unknown merge field: {{studentName}}.']);
  });
});

describe('deadline reminders (§11)', () => {
  const deadline = (extra: Partial<ReminderDeadline> = {}): ReminderDeadline => ({ caseId: 'c1', code: 'SC_DECISION', dueDate: '2025-11-01', state: 'Pending', ...extra });

  it.each([
    ['2025-10-24', []],
    ['2025-10-25', ['approaching-7']],
    ['2025-10-29', ['approaching-7']],
    ['2025-10-30', ['approaching-2']],
    ['2025-11-01', ['approaching-2']],
    ['2025-11-02', ['missed']],
  ])('due 2025-11-01, on %s: %j', (today, kinds) => {
    expect(remindersDue([deadline()], today).map((r) => r.kind)).toEqual(kinds);
  });

  it('keys each reminder once per due date, and sends nothing for a met, suspended or undated deadline', () => {
    const [a] = remindersDue([deadline()], '2025-10-25');
    const [b] = remindersDue([deadline()], '2025-10-26');
    expect(a!.key).toBe(b!.key);
    expect(a).toMatchObject({ template: 'DR_DEADLINE_APPROACHING', key: 'c1:SC_DECISION:2025-11-01:approaching-7' });
    expect(remindersDue([deadline({ dueDate: '2025-12-01' })], '2025-11-25')[0]!.key).not.toBe(a!.key);
    for (const state of ['Met', 'Met late', 'Suspended', 'Not applicable', 'Calendar missing', 'Missed'] as const) {
      expect(remindersDue([deadline({ state })], '2025-10-31')).toEqual([]);
    }
    expect(remindersDue([deadline({ dueDate: null })], '2025-10-31')).toEqual([]);
    expect(remindersDue([deadline({ state: 'Overdue' })], '2025-11-03')[0]).toMatchObject({ kind: 'missed', template: 'DR_DEADLINE_MISSED' });
  });
});
