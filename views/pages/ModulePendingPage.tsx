// A page of the side navigation whose module screens are not built yet. It exists, behind the
// page's guard, with its breadcrumbs and page header, and says plainly that the screen is not
// available in the portal yet, with Go Back (to the dashboard) and Help Links (Contact, FAQ).
import type { ReactElement } from 'react';
import { navText, shellText } from '../../lib/messages.js';
import { PageHeader } from '../shell/PageHeader.js';

export interface ModulePendingPageProps {
  /** The page's heading (its menu label). */
  heading: string;
  /** The module's name as the menu shows it; null for pages outside the modules. */
  moduleLabel: string | null;
}

export const HELP_LINKS = [
  { label: navText.contact, href: '/contact' },
  { label: navText.faq, href: '/faq' },
] as const;

export function ModulePendingPage({ heading, moduleLabel }: ModulePendingPageProps): ReactElement {
  const text = shellText.modulePending(moduleLabel ? `${moduleLabel} ${heading}` : heading);
  return (
    <>
      <PageHeader title={heading} helpLinks={HELP_LINKS} backHref="/" />
      <div className="usa-alert usa-alert--info module-pending">
        <div className="usa-alert__body">
          <h2 className="usa-alert__heading">{shellText.notAvailableYet}</h2>
          <p className="usa-alert__text">{text}</p>
          <p className="usa-alert__text">{shellText.modulePendingHelp}</p>
        </div>
      </div>
    </>
  );
}
