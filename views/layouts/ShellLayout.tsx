// The signed-in shell (spec §2 Shell): the sidebar (logo, the menu the user's permissions allow,
// Help, version), the top bar (menu toggle, LEA and School Year selectors, full name, user
// menu), breadcrumbs from route data above the content, and the shell's islands: Escape focus
// cycling, the handset drawer, toasts, the version-mismatch dialog, the session-timeout warning
// and the Please Wait... overlay. Every part works without JavaScript: the menu toggle is a link
// to the menu, the selectors are forms with a button, the user menu is a <details>.
//
// The LEA and school-year lists come from server/shell-context.ts through the request context.
import type { ReactElement, ReactNode } from 'react';
import { coreText, navText, shellText } from '../../lib/messages.js';
import { breadcrumbsFor, type Breadcrumb } from '../../lib/navigation.js';
import PageBusy from '../../islands/PageBusy.island.js';
import SessionTimeoutWarning from '../../islands/SessionTimeoutWarning.island.js';
import ShellKeyboard from '../../islands/ShellKeyboard.island.js';
import Toasts from '../../islands/Toasts.island.js';
import VersionCheck from '../../islands/VersionCheck.island.js';
import { CsrfField } from '../components/CsrfField.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';
import { Breadcrumbs } from '../shell/Breadcrumbs.js';
import { CONTENT_ID, MAIN_MENU_ID, SHELL_ID, TOOLBAR_ID } from '../shell/ids.js';
import { Sidebar } from '../shell/Sidebar.js';
import { TopBar } from '../shell/TopBar.js';
import { FlashRegion } from './Document.js';

export type { Breadcrumb } from '../../lib/navigation.js';
// Public pages with a crumb of their own (the registration page) use the same component.
export { Breadcrumbs } from '../shell/Breadcrumbs.js';

/** A Sign Out button: a real POST form with the CSRF field, so it works without JavaScript. */
export function SignOutForm({ className }: { className?: string }): ReactElement {
  return (
    <form method="post" action="/auth/logout" className={className ?? 'portal-signout'}>
      <CsrfField />
      <button type="submit" className="usa-button usa-button--outline">
        {shellText.signOut}
      </button>
    </form>
  );
}

export interface ShellLayoutProps {
  /** Given by the page; by default they are built from the path (lib/navigation.ts). */
  breadcrumbs?: Breadcrumb[];
  /** The response status: an error page's crumbs are Dashboard \ <its title>. */
  status?: number;
  /** The page title (without the product name). */
  title?: string;
  children: ReactNode;
}

export function shellBreadcrumbs(path: string, options: { breadcrumbs?: Breadcrumb[]; status?: number; title?: string }): Breadcrumb[] {
  if (options.breadcrumbs) return options.breadcrumbs;
  if (options.status !== undefined && options.status >= 400 && options.title) {
    return [{ label: navText.dashboard, href: '/' }, { label: options.title }];
  }
  return breadcrumbsFor(path);
}

export function ShellLayout({ breadcrumbs, status, title, children }: ShellLayoutProps): ReactElement {
  const ctx = useRequestContext();
  const { user, path, config, flash } = ctx;
  const shell = ctx.shell ?? null;
  const returnTo = shell?.returnTo ?? path;
  const crumbs = shellBreadcrumbs(path, { breadcrumbs, status, title });
  // Spec §2: the LEA selector when enabled, i.e. when there is a choice to make.
  const lea = shell && shell.leas.length > 1 ? { leas: shell.leas, currentLeaId: shell.currentLeaId } : null;
  const schoolYear = shell && shell.schoolYears.length > 0 ? { years: shell.schoolYears, current: shell.schoolYear } : null;
  return (
    <>
      <a className="usa-skipnav" href={`#${CONTENT_ID}`}>
        {coreText.skipToMain}
      </a>
      <Island name="ShellKeyboard" component={ShellKeyboard} props={{ contentId: CONTENT_ID, menuId: MAIN_MENU_ID, toolbarId: TOOLBAR_ID }} />
      <div className="app-shell" id={SHELL_ID}>
        <Sidebar permissions={user?.permissions ?? null} path={path} version={config.version} />
        {/* Behind the no-JavaScript drawer on handsets: a click outside it closes it. */}
        <a className="app-scrim" href={`#${CONTENT_ID}`} tabIndex={-1} aria-hidden="true" />
        <div className="app-main">
          <TopBar user={user} returnTo={returnTo} lea={lea} schoolYear={schoolYear} />
          <main id={CONTENT_ID} className="app-content" tabIndex={-1}>
            <Breadcrumbs items={crumbs} />
            <FlashRegion flash={flash} />
            {children}
          </main>
          <footer className="app-footer">
            {/* Only with the session's timeout known (shell-context ran for this request). */}
            {user && shell ? (
              <Island name="SessionTimeoutWarning" component={SessionTimeoutWarning} props={{ idleSeconds: shell.idleSeconds, csrfToken: ctx.csrfToken }} />
            ) : null}
            <Island name="Toasts" component={Toasts} props={{}} />
            <Island name="VersionCheck" component={VersionCheck} props={{ buildId: config.buildId }} />
            <Island name="PageBusy" component={PageBusy} props={{}} />
          </footer>
        </div>
      </div>
    </>
  );
}
