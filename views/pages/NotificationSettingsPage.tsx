// /notification-settings (spec §2 Notification settings): the user's subscription to each
// notification event type in a table (actions, name, description, subscription), paged on the
// server 25 / 50 / 100 rows at a time. Each row's actions are the SubscriptionDialog island:
// the Manage Subscription dialog and the unsubscribe confirmation, or links to their
// no-JavaScript pages.
import type { ReactElement } from 'react';
import type { Subscription } from '../../lib/contract.js';
import { subscriptionText, uiText } from '../../lib/messages.js';
import { subscriptionLabel } from '../../lib/subscription-rules.js';
import type { TableConfig, TableState } from '../../lib/table-query.js';
import SubscriptionDialog from '../../islands/SubscriptionDialog.island.js';
import { DataTable, type DataTableColumn } from '../components/DataTable.js';
import { Flash } from '../components/Flash.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';
import { PageHeader } from '../shell/PageHeader.js';

export const NOTIFICATION_SETTINGS_PATH = '/notification-settings';
export const SUBSCRIPTION_TABLE: TableConfig = { sortable: [], pageSizes: [25, 50, 100], defaultPageSize: 25 };

export const manageSubscriptionHref = (typeId: number): string => `${NOTIFICATION_SETTINGS_PATH}/${typeId}`;
export const unsubscribeHref = (typeId: number): string => `${NOTIFICATION_SETTINGS_PATH}/${typeId}/unsubscribe`;
export const subscriptionStatusId = (typeId: number): string => `subscription-status-${typeId}`;

export interface NotificationSettingsPageProps {
  /** The rows of the current page. */
  rows: readonly Subscription[];
  total: number;
  state: TableState;
  /** The subscriptions could not be loaded (spec §8: only logged; the page says so plainly). */
  loadFailed: boolean;
}

export function NotificationSettingsPage({ rows, total, state, loadFailed }: NotificationSettingsPageProps): ReactElement {
  const { csrfToken } = useRequestContext();
  const columns: DataTableColumn<Subscription>[] = [
    {
      key: 'actions',
      label: subscriptionText.actions,
      hideLabel: true,
      className: 'subscription-table__actions',
      render: (row) => (
        <Island
          name="SubscriptionDialog"
          component={SubscriptionDialog}
          props={{
            subscription: row,
            manageHref: manageSubscriptionHref(row.eventNotificationTypeId),
            unsubscribeHref: unsubscribeHref(row.eventNotificationTypeId),
            unsubscribeAction: unsubscribeHref(row.eventNotificationTypeId),
            statusId: subscriptionStatusId(row.eventNotificationTypeId),
            csrfToken,
          }}
        />
      ),
    },
    { key: 'name', label: subscriptionText.name, rowHeader: true, render: (row) => row.name },
    { key: 'description', label: subscriptionText.description, render: (row) => row.description },
    {
      key: 'subscription',
      label: subscriptionText.subscription,
      render: (row) => <span id={subscriptionStatusId(row.eventNotificationTypeId)}>{subscriptionLabel(row)}</span>,
    },
  ];
  return (
    <div className="notification-settings">
      <PageHeader title={uiText.notificationSettings} />
      {loadFailed ? <Flash messages={[{ type: 'error', text: subscriptionText.loadFailed }]} /> : null}
      <DataTable
        id="subscriptions"
        caption={subscriptionText.tableCaption}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.eventNotificationTypeId}
        state={state}
        config={SUBSCRIPTION_TABLE}
        total={total}
        basePath={NOTIFICATION_SETTINGS_PATH}
      />
    </div>
  );
}
