// Breadcrumbs above the content (spec §2 Shell), built from route data (lib/navigation.ts
// breadcrumbsFor). The backslash separator is drawn by CSS (styles/portal/_base.scss) with
// empty alternative text, so screen readers hear only the labels; the last crumb is the
// current page.
import type { ReactElement } from 'react';
import { shellText } from '../../lib/messages.js';
import type { Breadcrumb } from '../../lib/navigation.js';

export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <nav className="usa-breadcrumb" aria-label={shellText.breadcrumb}>
      <ol className="usa-breadcrumb__list">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li
              key={`${i}-${item.label}`}
              className={`usa-breadcrumb__list-item${last ? ' usa-current' : ''}`}
              aria-current={last ? 'page' : undefined}
            >
              {item.href && !last ? (
                <a className="usa-breadcrumb__link" href={item.href}>
                  <span>{item.label}</span>
                </a>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
