// Manage Notification Events (/admin/manage-notification): the event types users subscribe to
// (spec §3 Subscription: supported frequencies, email and in-system support, required, per LEA,
// specific date), each linking to its page; and Send System Message.
import type { ReactElement } from 'react';
import type { EventNotificationType } from '../../../lib/contract.js';
import { adminOrgText as t, navText, subscriptionText, uiText } from '../../../lib/messages.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { linkColumn, ListTable, yesNo } from './AdminOrgFields.js';

/** Frequency labels by value (spec §3: Immediately 1, Daily 2, Weekly 3, Monthly 4). */
export const frequencyLabels: Readonly<Record<string, string>> = {
  '1': subscriptionText.immediately,
  '2': subscriptionText.daily,
  '3': t.frequencyWeekly,
  '4': t.frequencyMonthly,
};

const columns: DataTableColumn<EventNotificationType>[] = [
  linkColumn('name', t.name, (e) => `/admin/manage-notification/${e.id}`, (e) => e.name),
  { key: 'module', label: t.module, render: (e) => e.module },
  { key: 'supportedFrequency', label: t.frequencies, render: (e) => e.supportedFrequency.map((f) => frequencyLabels[String(f)] ?? String(f)).join(', ') },
  { key: 'isSupportsEmail', label: uiText.subscriptionEmail, render: (e) => yesNo(e.isSupportsEmail) },
  { key: 'isSupportsInApp', label: uiText.subscriptionInSystem, render: (e) => yesNo(e.isSupportsInApp) },
  { key: 'isRequired', label: t.required, render: (e) => yesNo(e.isRequired) },
  { key: 'hasLea', label: t.hasLea, render: (e) => yesNo(e.hasLea) },
  { key: 'hasSpecificDate', label: t.hasSpecificDate, render: (e) => yesNo(e.hasSpecificDate) },
  { key: 'subscriberCount', label: t.subscribers, render: (e) => e.subscriberCount, className: 'admin-org-number' },
];

export function NotificationEventListPage({ events }: { events: readonly EventNotificationType[] }): ReactElement {
  return (
    <>
      <PageHeader
        title={navText.manageNotificationEvents}
        actions={
          <>
            <a className="usa-button" href="/admin/manage-notification/new">
              {t.addEvent}
            </a>
            <a className="usa-button usa-button--outline" href="/admin/manage-notification/message">
              {t.sendMessage}
            </a>
          </>
        }
      />
      <ListTable id="notification-events" caption={t.eventsCaption} columns={columns} rows={events} rowKey={(e) => e.id} />
    </>
  );
}
