// The top bar's user controls (spec §2 Shell): signed in, the user's full name and a user menu
// (a <details> disclosure, so it works without JavaScript) with the account pages and Logout,
// a real POST form with the CSRF field; signed out, a Login link back to this page.
import type { ReactElement } from 'react';
import { shellText, uiText } from '../../lib/messages.js';
import { CsrfField } from '../components/CsrfField.js';
import { Icon } from '../components/Icon.js';

export const LOGOUT_ACTION = '/auth/logout';

export interface UserMenuProps {
  user: { fullName: string } | null;
  /** The current path (with query), for the Login link's returnUrl. */
  returnPath: string;
}

export function loginHref(returnPath: string): string {
  const safe = returnPath.startsWith('/') && !returnPath.startsWith('//') && !returnPath.startsWith('/auth/') ? returnPath : '/';
  return safe === '/' ? '/auth/login' : `/auth/login?returnUrl=${encodeURIComponent(safe)}`;
}

export function UserMenu({ user, returnPath }: UserMenuProps): ReactElement {
  if (!user) {
    return (
      <a className="usa-button app-login-link" href={loginHref(returnPath)}>
        {shellText.login}
      </a>
    );
  }
  return (
    <>
      <span className="app-topbar__user-name">{user.fullName}</span>
      <details className="app-user-menu" data-popup="">
        <summary>
          <Icon name="account_circle" />
          <span className="usa-sr-only">{shellText.userMenu}</span>
        </summary>
        <div className="app-user-menu__panel">
          <ul>
            <li>
              <a className="usa-link" href="/account">
                {shellText.myAccount}
              </a>
            </li>
            <li>
              <a className="usa-link" href="/notification-settings">
                {uiText.notificationSettings}
              </a>
            </li>
            <li>
              <form method="post" action={LOGOUT_ACTION}>
                <CsrfField />
                <button type="submit" className="usa-button usa-button--outline">
                  {shellText.logout}
                </button>
              </form>
            </li>
          </ul>
        </div>
      </details>
    </>
  );
}
