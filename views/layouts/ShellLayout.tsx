// The signed-in shell (minimal for now: the shell's sidebar, top bar and breadcrumbs build on
// it). The header shows the user's full name and a Sign Out button, a real POST form with the
// CSRF field, so signing out works without JavaScript.
import type { ReactElement, ReactNode } from 'react';
import { coreText, shellText } from '../../lib/messages.js';
import { CsrfField } from '../components/CsrfField.js';
import { useRequestContext } from '../request-context.js';
import { PageFrame, PortalHeader } from './Document.js';

export interface Breadcrumb {
  label: string;
  href?: string;
}

export function SignOutForm({ className }: { className?: string }): ReactElement {
  return (
    <form method="post" action="/auth/logout" className={className ?? 'portal-signout'}>
      <CsrfField />
      <button type="submit" className="usa-button usa-button--outline">
        {shellText.signOut}
      </button>
    </form>
  );
}

function UserControls(): ReactElement | null {
  const { user } = useRequestContext();
  if (!user) return null;
  return (
    <div className="portal-user">
      {/* Sighted users see the name; screen readers hear "Signed in as <name>". */}
      <p className="portal-user__name">
        <span className="usa-sr-only">{coreText.signedInAs('')}</span>
        {user.fullName}
      </p>
      <SignOutForm />
    </div>
  );
}

export function Breadcrumbs({ items }: { items: Breadcrumb[] }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <nav className="usa-breadcrumb grid-container" aria-label={shellText.breadcrumb}>
      <ol className="usa-breadcrumb__list">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className={`usa-breadcrumb__list-item${last ? ' usa-current' : ''}`} aria-current={last ? 'page' : undefined}>
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

export function ShellLayout({ breadcrumbs = [], children }: { breadcrumbs?: Breadcrumb[]; children: ReactNode }): ReactElement {
  return (
    <PageFrame
      header={
        <PortalHeader>
          <UserControls />
        </PortalHeader>
      }
      beforeMain={<Breadcrumbs items={breadcrumbs} />}
    >
      {children}
    </PageFrame>
  );
}
