// A plain table with its caption and column headers in a scrollable, labelled region (keyboard
// users can scroll it): for short lists that need no sorting or paging (DataTable does those).
import type { ReactElement, ReactNode } from 'react';

export interface ScrollTableProps {
  caption: string;
  headers: readonly string[];
  /** USWDS stacked rows on narrow screens (cells carry data-label). */
  stacked?: boolean;
  children: ReactNode;
}

export function ScrollTable({ caption, headers, stacked, children }: ScrollTableProps): ReactElement {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className={`usa-table usa-table--borderless${stacked ? ' usa-table--stacked' : ''} width-full`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
