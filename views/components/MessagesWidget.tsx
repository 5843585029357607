// The dashboard's Messages widget (spec §2 Dashboard, §4 Message): each message shows its short
// date, a New badge while its status is New, its text, and Dismiss. Opening a message marks it
// Viewed and then follows its openUrl, so it is a POST (state change) to the portal, which
// redirects; Dismiss is a POST too. Both work without JavaScript. A link leads to Notification
// Settings; with no messages the widget says 'You do not have any system messages.'
import type { ReactElement } from 'react';
import { MessageStatus, type NotificationMessage } from '../../lib/contract.js';
import { formatShortDate } from '../../lib/dates.js';
import { shellText, uiText } from '../../lib/messages.js';
import { CsrfField } from './CsrfField.js';

export const messageViewAction = (id: number): string => `/messages/${id}/view`;
export const messageDismissAction = (id: number): string => `/messages/${id}/dismiss`;

export interface MessagesWidgetProps {
  messages: readonly NotificationMessage[];
  /** The agency's time zone, for the dates. */
  timeZone: string;
}

export function MessagesWidget({ messages, timeZone }: MessagesWidgetProps): ReactElement {
  const headingId = 'messages-widget-title';
  return (
    <section className="usa-card messages-widget" aria-labelledby={headingId}>
      <div className="usa-card__container">
        <div className="usa-card__header">
          <h2 className="usa-card__heading" id={headingId}>
            {shellText.messages}
          </h2>
        </div>
        <div className="usa-card__body">
          {messages.length === 0 ? (
            <p className="messages-widget__empty">{uiText.noSystemMessages}</p>
          ) : (
            <ul className="usa-list usa-list--unstyled messages-widget__list">
              {messages.map((m) => {
                const date = formatShortDate(m.createdOn, timeZone);
                return (
                  <li key={m.id} className="messages-widget__item border-bottom-1px border-base-lighter padding-y-1">
                    <div className="messages-widget__meta display-flex flex-align-center">
                      <time dateTime={m.createdOn} className="text-base-dark font-ui-2xs">
                        {date}
                      </time>
                      {m.status === MessageStatus.New ? <span className="usa-tag margin-left-1">{shellText.newBadge}</span> : null}
                    </div>
                    <form method="post" action={messageViewAction(m.id)} className="messages-widget__open">
                      <CsrfField />
                      <button type="submit" className="usa-button usa-button--unstyled text-left">
                        {m.message}
                      </button>
                    </form>
                    <form method="post" action={messageDismissAction(m.id)} className="messages-widget__dismiss">
                      <CsrfField />
                      <button type="submit" className="usa-button usa-button--unstyled font-ui-2xs" aria-label={shellText.dismissMessage(date)}>
                        {shellText.dismiss}
                      </button>
                    </form>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="usa-card__footer">
          <a className="usa-link" href="/notification-settings">
            {uiText.notificationSettings}
          </a>
        </div>
      </div>
    </section>
  );
}
