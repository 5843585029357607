// The top bar (spec §2 Shell): menu toggle, the LEA selector when enabled, the School Year
// selector when signed in and enabled, the user's full name and the user menu (Login when
// signed out). It is the "toolbar" region Escape cycles to (ShellKeyboard).
import type { ReactElement } from 'react';
import type { LeaOption } from '../../lib/lea-selection.js';
import { shellText } from '../../lib/messages.js';
import type { SchoolYear } from '../../lib/school-year.js';
import SidebarDrawer from '../../islands/SidebarDrawer.island.js';
import { Island } from '../Island.js';
import { MAIN_MENU_ID, SHELL_ID, TOOLBAR_ID } from './ids.js';
import { LeaSelector } from './LeaSelector.js';
import { SchoolYearSelector } from './SchoolYearSelector.js';
import { UserMenu } from './UserMenu.js';

export interface TopBarProps {
  user: { fullName: string } | null;
  /** The current page, path and query (selectors come back to it; Login returns to it). */
  returnTo: string;
  /** The LEA selector; null or absent when not enabled on this page. */
  lea?: { leas: readonly LeaOption[]; currentLeaId: number | null } | null;
  /** The School Year selector; shown only to a signed-in user. */
  schoolYear?: { years: readonly SchoolYear[]; current: string | null } | null;
}

export function TopBar({ user, returnTo, lea, schoolYear }: TopBarProps): ReactElement {
  const showYear = user !== null && schoolYear;
  return (
    <header className="app-topbar" id={TOOLBAR_ID} tabIndex={-1} aria-label={shellText.toolbar}>
      <Island name="SidebarDrawer" component={SidebarDrawer} props={{ menuId: MAIN_MENU_ID, shellId: SHELL_ID }} />
      {lea || showYear ? (
        <div className="app-topbar__selectors">
          {lea ? <LeaSelector leas={lea.leas} currentLeaId={lea.currentLeaId} returnTo={returnTo} /> : null}
          {showYear ? <SchoolYearSelector years={schoolYear.years} current={schoolYear.current} returnTo={returnTo} /> : null}
        </div>
      ) : null}
      <div className="app-topbar__spacer" />
      <UserMenu user={user} returnPath={returnTo} />
    </header>
  );
}
