// The sidebar (spec §2 Shell): logo, the menu items the user's permissions allow (none when
// signed out), the Help group and the build version. Wide screens show it as a fixed 250 px
// panel; on handsets it is an off-canvas drawer. Without JavaScript the top bar's menu toggle
// is a link to #main-menu and the drawer opens by :target (styles/portal/_shell.scss); its
// close link goes to the content. With JavaScript the SidebarDrawer island shows it in a
// native <dialog>.
import type { ReactElement } from 'react';
import { buildMenu, type MenuLink } from '../../lib/navigation.js';
import { navText, shellText } from '../../lib/messages.js';
import { Icon } from '../components/Icon.js';
import { CONTENT_ID, MAIN_MENU_ID } from './ids.js';

export interface SidebarProps {
  /** The signed-in user's permissions; null when nobody is signed in. */
  permissions: readonly string[] | null;
  /** The current request path, to mark the current page. */
  path: string;
  version: string;
}

function Item({ link }: { link: MenuLink }): ReactElement {
  return (
    <li className="usa-sidenav__item">
      <a href={link.href} className={link.current ? 'usa-current' : undefined} aria-current={link.current || undefined}>
        {link.label}
      </a>
    </li>
  );
}

export function Sidebar({ permissions, path, version }: SidebarProps): ReactElement {
  const menu = buildMenu(permissions, path);
  const helpHeadingId = `${MAIN_MENU_ID}-help`;
  return (
    <nav id={MAIN_MENU_ID} className="app-sidebar" aria-label={shellText.mainMenu} tabIndex={-1}>
      <div className="app-sidebar__brand">
        <a className="app-brand" href="/" aria-label={shellText.home}>
          <Icon name="account_balance" />
          <span>{shellText.appName}</span>
        </a>
        <a className="app-sidebar__close usa-button usa-button--unstyled" href={`#${CONTENT_ID}`} data-drawer-close="">
          <Icon name="close" />
          <span className="usa-sr-only">{shellText.closeMenu}</span>
        </a>
      </div>
      <div className="app-sidebar__nav">
        {menu.main.length > 0 ? (
          <ul className="usa-sidenav">
            {menu.main.map((entry) =>
              entry.kind === 'link' ? (
                <Item key={entry.id} link={entry} />
              ) : (
                <li key={entry.id} className="usa-sidenav__item">
                  {/* <details> collapses a module's pages without JavaScript; the current module opens. */}
                  <details className="app-sidenav__group" open={entry.containsCurrent}>
                    <summary className={entry.containsCurrent ? 'usa-current' : undefined}>{entry.label}</summary>
                    <ul className="usa-sidenav__sublist">
                      {entry.items.map((item) => (
                        <Item key={item.id} link={item} />
                      ))}
                    </ul>
                  </details>
                </li>
              ),
            )}
          </ul>
        ) : null}
        <h2 className="app-sidebar__heading" id={helpHeadingId}>
          {navText.help}
        </h2>
        <ul className="usa-sidenav" aria-labelledby={helpHeadingId}>
          {menu.help.map((link) => (
            <Item key={link.id} link={link} />
          ))}
        </ul>
      </div>
      <p className="app-sidebar__version">{shellText.version(version)}</p>
    </nav>
  );
}
