// A dashboard tile (spec §2 Dashboard): school year, title, icon, description and an Open
// link-button. The button's accessible name adds the title ("Open Dispute Resolution"), so
// four "Open" links stay distinguishable out of context.
import type { ReactElement, ReactNode } from 'react';
import { shellText } from '../../lib/messages.js';
import { Icon, type IconName } from './Icon.js';

export interface TileProps {
  id: string;
  schoolYear: string | null;
  title: string;
  icon: IconName;
  description: string;
  href: string;
}

export function Tile({ id, schoolYear, title, icon, description, href }: TileProps): ReactElement {
  const headingId = `${id}-title`;
  return (
    <li className="usa-card tablet:grid-col-6 desktop:grid-col-3 dashboard-tile">
      <div className="usa-card__container">
        <div className="usa-card__header">
          {schoolYear ? <p className="dashboard-tile__year margin-0 font-ui-2xs text-base-dark">{shellText.schoolYearOf(schoolYear)}</p> : null}
          <h2 className="usa-card__heading" id={headingId}>
            <Icon name={icon} className="dashboard-tile__icon margin-right-1" />
            {title}
          </h2>
        </div>
        <div className="usa-card__body">
          <p>{description}</p>
        </div>
        <div className="usa-card__footer">
          <a className="usa-button" href={href}>
            {shellText.open}
            <span className="usa-sr-only"> {title}</span>
          </a>
        </div>
      </div>
    </li>
  );
}

export function TileGroup({ children }: { children: ReactNode }): ReactElement {
  return <ul className="usa-card-group dashboard-tiles">{children}</ul>;
}
