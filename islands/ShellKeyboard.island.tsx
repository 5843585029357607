// Escape cycles focus between the shell's regions (spec §2 Shell): content → menu → toolbar
// → content. On handsets, going to the menu opens the drawer (SidebarDrawer, through
// OPEN_MENU_EVENT). Escape is left alone where it already means something: inside an open
// dialog (closes it) and inside an open <details data-popup> menu (closes that menu first).
//
// No JavaScript: Escape does nothing special; the server renders skip links to the menu and
// the toolbar (next to the layout's "Skip to main content"), reachable from the top of every
// page, and the regions are landmarks a screen reader can jump between.
import { useEffect, type ReactElement } from 'react';
import { emit, OPEN_MENU_EVENT } from '../lib/client-events.js';
import { nextRegion, type ShellRegion } from '../lib/focus-cycle.js';
import { shellText } from '../lib/messages.js';
import { HANDSET_QUERY } from '../views/shell/ids.js';

export interface ShellKeyboardProps {
  contentId: string;
  menuId: string;
  toolbarId: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type="hidden"]), summary, [tabindex]:not([tabindex="-1"])';

export default function ShellKeyboard({ contentId, menuId, toolbarId }: ShellKeyboardProps): ReactElement {
  useEffect(() => {
    const ids: Record<ShellRegion, string> = { content: contentId, menu: menuId, toolbar: toolbarId };

    const regionOf = (el: Element | null): ShellRegion | null => {
      for (const region of ['menu', 'toolbar', 'content'] as const) {
        if (el?.closest(`#${CSS.escape(ids[region])}`)) return region;
      }
      return null;
    };

    const focusRegion = (region: ShellRegion) => {
      const root = document.getElementById(ids[region]);
      if (!root) return;
      if (region === 'menu') {
        if (window.matchMedia(HANDSET_QUERY).matches) {
          emit(OPEN_MENU_EVENT, null);
          return;
        }
        const target = root.querySelector<HTMLElement>('[aria-current="page"]') ?? root.querySelector<HTMLElement>(FOCUSABLE);
        (target ?? root).focus();
        return;
      }
      if (region === 'toolbar') {
        (root.querySelector<HTMLElement>(FOCUSABLE) ?? root).focus();
        return;
      }
      root.focus();
    };

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const active = document.activeElement;
      if (active?.closest('dialog') || document.querySelector('dialog[open]')) return;
      // A disclosure popup (user menu, help links) closes first; sidebar groups are not popups.
      const openDetails = active?.closest('details[open][data-popup]');
      if (openDetails) {
        openDetails.removeAttribute('open');
        openDetails.querySelector<HTMLElement>('summary')?.focus();
        e.preventDefault();
        return;
      }
      e.preventDefault();
      focusRegion(nextRegion(regionOf(active)));
    };

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [contentId, menuId, toolbarId]);

  return (
    <div className="shell-skiplinks">
      <a className="usa-skipnav" href={`#${menuId}`}>
        {shellText.skipToMenu}
      </a>
      <a className="usa-skipnav" href={`#${toolbarId}`}>
        {shellText.skipToToolbar}
      </a>
    </div>
  );
}
