// Count tiles of a module dashboard (MODULES.md "Reports and dashboards": counts that link to the
// filtered list behind them): the number, then a link named by what it counts.
//
//   <CountTiles label="Dispute Resolution" className="dr-tiles" items={[{ label: 'Overdue', value: 3, href: '...' }]} />
import type { ReactElement } from 'react';

export interface CountTile {
  label: string;
  /** A count, or already formatted text ('85.71%'). */
  value: number | string;
  href: string;
}

export interface CountTilesProps {
  /** The list's accessible name. */
  label: string;
  items: readonly CountTile[];
  className?: string;
}

export function CountTiles({ label, items, className }: CountTilesProps): ReactElement {
  return (
    <ul className={`usa-card-group${className ? ` ${className}` : ''}`} aria-label={label}>
      {items.map((i) => (
        <li key={i.label} className="usa-card tablet:grid-col-4 desktop:grid-col-3">
          <div className="usa-card__container">
            <div className="usa-card__body">
              <p className="font-heading-xl margin-0" data-testid="tile-value">
                {i.value}
              </p>
              <p className="margin-top-05">
                <a className="usa-link" href={i.href}>
                  {i.label}
                </a>
              </p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
