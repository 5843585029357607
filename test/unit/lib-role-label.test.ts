import { describe, expect, it } from 'vitest';
import { roleLabel, roleLabels } from '../../lib/role-label.js';
import { PUBLIC_DR_ROLE } from '../../lib/permissions.js';

describe('roleLabel', () => {
  it.each([
    [PUBLIC_DR_ROLE, 'Dispute Resolution Public User'],
    ['Site Admin', 'Site Admin'],
    ['Post-School Outcomes Vendor', 'Post-School Outcomes Vendor'],
    ['LEAReviewer', 'LEA Reviewer'],
    ['Auditor', 'Auditor'],
  ])('shows %s as %s', (name, label) => {
    expect(roleLabel(name)).toBe(label);
  });

  it('joins several for a list cell', () => {
    expect(roleLabels(['Local User', PUBLIC_DR_ROLE])).toBe('Local User, Dispute Resolution Public User');
  });
});
