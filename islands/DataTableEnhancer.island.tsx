// Loads a DataTable's sort links, page links and page-size form in place (progressive
// enhancement of views/components/DataTable.tsx).
//
// No JavaScript: nothing to do. The server renders the table for every URL; links and the
// page-size form (with its Apply button) are ordinary navigation. This island renders only an
// empty status region on the server.
// With JavaScript: the same URLs are fetched and the table's markup is swapped for the one the
// server rendered, the address bar gets the URL (back and forward work), focus stays on the
// activated sort header (or moves to the table), and the new state is announced. The page-size
// select applies on change. If anything goes wrong, or the new rows hold islands that would
// need hydrating, it falls back to loading the URL as a full page.
import { useEffect, useState, type ReactElement } from 'react';
import { reportServerResponse } from '../lib/client-events.js';
import { shellText } from '../lib/messages.js';

export interface DataTableEnhancerProps {
  tableId: string;
}

interface HistoryState {
  dataTable?: string;
}

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export default function DataTableEnhancer({ tableId }: DataTableEnhancerProps): ReactElement {
  const [message, setMessage] = useState('');

  useEffect(() => {
    const container = document.getElementById(tableId);
    if (!container) return undefined;
    let controller: AbortController | null = null;

    const hideApply = () => {
      for (const b of container.querySelectorAll<HTMLElement>('[data-table-apply]')) b.hidden = true;
    };

    const announce = (sortKey: string | null) => {
      const range = container.querySelector('[data-table-status]')?.textContent ?? '';
      let sorted = '';
      if (sortKey) {
        const th = container.querySelector(`[data-sort-key="${CSS.escape(sortKey)}"]`)?.closest('th');
        const label = th?.textContent?.trim() ?? '';
        const dir = th?.getAttribute('aria-sort');
        if (dir === 'ascending') sorted = shellText.sortedAscending(label);
        if (dir === 'descending') sorted = shellText.sortedDescending(label);
      }
      setMessage([sorted, range].filter(Boolean).join('. '));
    };

    const load = async (url: string, push: boolean, sortKey: string | null) => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      container.setAttribute('aria-busy', 'true');
      setMessage(shellText.loadingTable);
      try {
        const response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin', signal: current.signal });
        reportServerResponse(response);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        const fresh = doc.getElementById(tableId);
        if (!fresh || fresh.querySelector('[data-island]')) throw new Error('cannot swap in place');
        // Same-origin markup rendered (and escaped) by our own server for this very table.
        container.innerHTML = fresh.innerHTML;
        hideApply();
        if (push) window.history.pushState({ dataTable: tableId } satisfies HistoryState, '', url);
        const focusTarget = sortKey
          ? container.querySelector<HTMLElement>(`[data-sort-key="${CSS.escape(sortKey)}"]`)
          : container.querySelector<HTMLElement>('table');
        focusTarget?.focus();
        announce(sortKey);
      } catch {
        if (current.signal.aborted) return;
        window.location.assign(url);
      } finally {
        if (controller === current) container.removeAttribute('aria-busy');
      }
    };

    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[data-table-link]');
      if (!link || !container.contains(link) || !isPlainClick(e)) return;
      e.preventDefault();
      void load(link.href, true, link.dataset.sortKey ?? null);
    };

    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      if (!form.matches('[data-table-page-size]')) return;
      e.preventDefault();
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === 'string') params.append(k, v);
      const action = new URL(form.action, window.location.href);
      action.search = params.toString();
      void load(action.pathname + action.search, true, null);
    };

    const onChange = (e: Event) => {
      const select = e.target as HTMLElement;
      if (select.matches('select[name="pageSize"]')) select.closest('form')?.requestSubmit();
    };

    const onPopState = (e: PopStateEvent) => {
      const state = e.state as HistoryState | null;
      if (state?.dataTable === tableId) void load(window.location.href, false, null);
    };

    // Mark the entry we started on, so going back to it reloads the first view in place.
    window.history.replaceState({ ...((window.history.state as object | null) ?? {}), dataTable: tableId }, '');
    hideApply();
    container.addEventListener('click', onClick);
    container.addEventListener('submit', onSubmit);
    container.addEventListener('change', onChange);
    window.addEventListener('popstate', onPopState);
    return () => {
      controller?.abort();
      container.removeEventListener('click', onClick);
      container.removeEventListener('submit', onSubmit);
      container.removeEventListener('change', onChange);
      window.removeEventListener('popstate', onPopState);
    };
  }, [tableId]);

  return (
    <div className="usa-sr-only" role="status" aria-live="polite" data-testid={`${tableId}-status`}>
      {message}
    </div>
  );
}
