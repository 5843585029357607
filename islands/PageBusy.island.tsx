// The shell's global "Please Wait..." overlay (spec §2 Shell: a spinner overlay shows during
// route loading). It shows when the browser leaves for another page of the portal (a link or a
// form of this page) and while an island request (apiFetch) runs, each only once it has taken
// longer than BUSY_DELAY_MS, so quick answers do not flash it. Forms that show their own
// overlay (the top bar's selectors, 'Refreshing Application...') are left to it.
//
// No JavaScript: the browser's own loading indicator does this job; the server renders the
// empty status region only.
import { useEffect, useState, type ReactElement } from 'react';
import { listen } from '../lib/client-events.js';
import { PleaseWait } from '../views/components/PleaseWait.js';
import { BUSY_EVENT } from './api.js';

export const BUSY_DELAY_MS = 300;
/** A navigation that never unloads the page (a download, a 204) must not leave the overlay up. */
export const NAVIGATION_GIVE_UP_MS = 15_000;

export type PageBusyProps = Record<string, never>;

function sameDocument(url: URL): boolean {
  const here = window.location;
  return url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
}

/** A plain left click on a link that loads another page of this site in this tab. */
export function isPageNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return false;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  let url: URL;
  try {
    url = new URL(link.href, window.location.href);
  } catch {
    return false;
  }
  if (url.origin !== window.location.origin) return false;
  // An in-page link (#main-menu, skip links) scrolls; it does not load a page.
  if (url.hash && sameDocument(url)) return false;
  return true;
}

/** A form submission that loads a page, unless the form shows its own overlay. */
export function isPageSubmit(event: SubmitEvent): boolean {
  if (event.defaultPrevented) return false;
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return false;
  const method = (event.submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
  if (method === 'dialog') return false;
  const target = event.submitter?.getAttribute('formtarget') ?? form.target;
  if (target && target !== '_self') return false;
  return form.querySelector('.please-wait-region') === null;
}

export default function PageBusy(_props: PageBusyProps): ReactElement {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let requests = 0;
    let navigating = false;
    let showTimer: ReturnType<typeof setTimeout> | null = null;
    let giveUpTimer: ReturnType<typeof setTimeout> | null = null;

    const schedule = () => {
      showTimer ??= setTimeout(() => {
        showTimer = null;
        setVisible(true);
      }, BUSY_DELAY_MS);
    };
    const settle = () => {
      if (requests > 0 || navigating) return;
      if (showTimer) clearTimeout(showTimer);
      showTimer = null;
      setVisible(false);
    };
    const startNavigation = () => {
      navigating = true;
      schedule();
      if (giveUpTimer) clearTimeout(giveUpTimer);
      giveUpTimer = setTimeout(() => {
        navigating = false;
        settle();
      }, NAVIGATION_GIVE_UP_MS);
    };

    const stopListening = listen<number>(BUSY_EVENT, (delta) => {
      requests = Math.max(0, requests + (delta > 0 ? 1 : -1));
      if (requests > 0) schedule();
      else settle();
    });
    const onClick = (event: MouseEvent) => {
      if (isPageNavigation(event)) startNavigation();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (isPageSubmit(event)) startNavigation();
    };
    // Back from the bfcache: the page is shown again as it was left; nothing is loading.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      navigating = false;
      requests = 0;
      settle();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopListening();
      document.removeEventListener('click', onClick);
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
      if (showTimer) clearTimeout(showTimer);
      if (giveUpTimer) clearTimeout(giveUpTimer);
    };
  }, []);

  return <PleaseWait visible={visible} />;
}
