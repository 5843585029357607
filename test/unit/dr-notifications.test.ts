// DR spec §11: merge fields per template, the deadline reminders of each day, and the pure parts of
// the case notices (the greeting's name, the fields a template gets, the case link, the event types).
import { describe, expect, it } from 'vitest';
import { eventTypeSeeds } from '../../api/seed-data/event-types.js';
import { templateFieldErrors } from '../../lib/templates.js';
import { caseDetailPath, DR_EVENT_TYPES, DR_KNOWN_FIELDS, drAllowedFields, fieldsFor, recipientNameOf, remindersDue, type ReminderDeadline } from '../../lib/dr/notifications.js';

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

describe('DR case notices', () => {
  it('greets one named recipient by name, and a group as all', () => {
    expect(recipientNameOf(['Casey Public Parent'])).toBe('Casey Public Parent');
    expect(recipientNameOf([' Casey Public Parent ', 'Casey Public Parent', null])).toBe('Casey Public Parent');
    expect(recipientNameOf(['Casey', 'Sam'])).toBe('all');
    expect(recipientNameOf([])).toBe('all');
    expect(recipientNameOf([undefined, ''])).toBe('all');
  });

  it('passes a template only the merge fields §11 allows it', () => {
    const fields = { caseNumber: 'SC-2526-001', studentInitials: 'J.D.', deadlineName: 'Report', dueDate: '11/01/2025', withdrawalDecision: 'approved', surveyLink: 'https://x', studentName: 'John Doe' };
    expect(fieldsFor('DR_CASE_CLOSED', fields)).toEqual({ caseNumber: 'SC-2526-001', studentInitials: 'J.D.' });
    expect(fieldsFor('DR_DEADLINE_MISSED', fields)).toEqual({ caseNumber: 'SC-2526-001', studentInitials: 'J.D.', deadlineName: 'Report', dueDate: '11/01/2025' });
    expect(fieldsFor('DR_WITHDRAWAL_DECIDED', fields)).toEqual({ caseNumber: 'SC-2526-001', studentInitials: 'J.D.', withdrawalDecision: 'approved' });
    // A field no template knows (a full name) is never passed on.
    for (const code of ['DR_REQUEST_SUBMITTED', 'DR_SURVEY_INVITATION'] as const) expect(fieldsFor(code, fields)).not.toHaveProperty('studentName');
  });

  it('links to the case detail page', () => {
    expect(caseDetailPath('0b9e7f0e-1111-4222-8333-444455556666')).toBe('/dispute-resolution/cases/0b9e7f0e-1111-4222-8333-444455556666');
  });

  it('sends every event as a seeded DisputeResolution event type', () => {
    for (const name of Object.values(DR_EVENT_TYPES)) {
      expect(eventTypeSeeds.find((t) => t.name === name)?.module, name).toBe('DisputeResolution');
    }
  });
});
