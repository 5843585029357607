// The status a user list and a user page show for an account.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { adminUsersText as t } from '../../lib/messages.js';
import { UserStatusTags } from '../../views/pages/admin/UsersListPage.js';

const statusOf = (user: { isEnabled: boolean; isLockedOut: boolean; emailConfirmed: boolean }) =>
  renderToStaticMarkup(createElement(UserStatusTags, { user })).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('UserStatusTags', () => {
  it.each([
    [{ isEnabled: true, isLockedOut: false, emailConfirmed: true }, t.active],
    // Registered but never verified: cannot sign in yet, so not "Active" like a verified account.
    [{ isEnabled: true, isLockedOut: false, emailConfirmed: false }, t.notVerified],
    [{ isEnabled: false, isLockedOut: false, emailConfirmed: false }, t.disabled],
    [{ isEnabled: true, isLockedOut: true, emailConfirmed: true }, `${t.active} ${t.locked}`],
  ])('%o reads "%s"', (user, expected) => {
    expect(statusOf(user)).toBe(expected);
  });

  it('uses the catalogue words', () => {
    expect(t.notVerified).toBe('Not verified');
  });
});
