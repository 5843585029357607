// The menu toggle of the top bar and the handset drawer (spec §2 Shell: the sidebar is an
// overlay dialog on handset screens and a fixed side panel otherwise).
//
// No JavaScript: the toggle is a link to #main-menu. On handsets the sidebar opens by :target
// and its close link goes back to the content; on wide screens the link just moves focus to
// the menu, which is always shown.
// With JavaScript: on handsets the toggle moves the sidebar into a native <dialog> opened with
// showModal() (focus stays inside, Escape closes, the page behind is inert) and puts it back
// when the dialog closes; on wide screens it collapses and expands the side panel
// (data-sidebar on the shell element).
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { listen, OPEN_MENU_EVENT } from '../lib/client-events.js';
import { shellText } from '../lib/messages.js';
import { Icon } from '../views/components/Icon.js';
import { HANDSET_QUERY } from '../views/shell/ids.js';

export interface SidebarDrawerProps {
  menuId: string;
  shellId: string;
}

function isHandset(): boolean {
  return window.matchMedia(HANDSET_QUERY).matches;
}

function firstMenuLink(menu: HTMLElement): HTMLElement | null {
  return menu.querySelector<HTMLElement>('[aria-current="page"]') ?? menu.querySelector<HTMLElement>('.app-sidebar__nav a[href]');
}

export default function SidebarDrawer({ menuId, shellId }: SidebarDrawerProps): ReactElement {
  const [enhanced, setEnhanced] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const marker = useRef<Comment | null>(null);

  const openDrawer = useCallback(() => {
    const menu = document.getElementById(menuId);
    const dialog = dialogRef.current;
    if (!menu || !dialog || dialog.open) return;
    const place = document.createComment(menuId);
    menu.before(place);
    marker.current = place;
    dialog.appendChild(menu);
    dialog.showModal();
    setExpanded(true);
    firstMenuLink(menu)?.focus();
  }, [menuId]);

  // The dialog closed (Escape, close link, backdrop, resize): the sidebar goes back in place.
  const restore = useCallback(() => {
    const menu = document.getElementById(menuId);
    if (menu && marker.current) marker.current.replaceWith(menu);
    marker.current = null;
    setExpanded(false);
  }, [menuId]);

  useEffect(() => {
    setEnhanced(true);
    const shell = document.getElementById(shellId);
    setExpanded(!isHandset() && shell?.dataset.sidebar !== 'collapsed');
  }, [shellId]);

  useEffect(() => {
    if (!enhanced) return undefined;
    const dialog = dialogRef.current;
    const menu = document.getElementById(menuId);
    const media = window.matchMedia(HANDSET_QUERY);
    const onClose = () => {
      restore();
      toggleRef.current?.focus();
    };
    // A click on the dialog itself (not its content) is a click on the backdrop.
    const onDialogClick = (e: MouseEvent) => {
      if (e.target === dialog) dialog?.close();
    };
    const onCloseLink = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest('[data-drawer-close]');
      if (link && dialog?.open) {
        e.preventDefault();
        dialog.close();
      }
    };
    const onMedia = () => {
      if (!media.matches && dialog?.open) dialog.close();
      const shell = document.getElementById(shellId);
      setExpanded(media.matches ? Boolean(dialog?.open) : shell?.dataset.sidebar !== 'collapsed');
    };
    dialog?.addEventListener('close', onClose);
    dialog?.addEventListener('click', onDialogClick);
    menu?.addEventListener('click', onCloseLink);
    media.addEventListener('change', onMedia);
    const stopListening = listen<null>(OPEN_MENU_EVENT, openDrawer);
    return () => {
      dialog?.removeEventListener('close', onClose);
      dialog?.removeEventListener('click', onDialogClick);
      menu?.removeEventListener('click', onCloseLink);
      media.removeEventListener('change', onMedia);
      stopListening();
    };
  }, [enhanced, menuId, shellId, openDrawer, restore]);

  const toggle = () => {
    if (isHandset()) {
      openDrawer();
      return;
    }
    const shell = document.getElementById(shellId);
    if (!shell) return;
    const collapse = shell.dataset.sidebar !== 'collapsed';
    shell.dataset.sidebar = collapse ? 'collapsed' : 'open';
    setExpanded(!collapse);
  };

  const content = (
    <>
      <Icon name="menu" />
      <span>{shellText.menu}</span>
    </>
  );

  if (!enhanced) {
    return (
      <a className="usa-button usa-button--outline app-menu-toggle" href={`#${menuId}`}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="usa-button usa-button--outline app-menu-toggle"
        aria-controls={menuId}
        aria-expanded={expanded}
        onClick={toggle}
      >
        {content}
      </button>
      <dialog ref={dialogRef} className="app-drawer" aria-label={shellText.mainMenu} />
    </>
  );
}
