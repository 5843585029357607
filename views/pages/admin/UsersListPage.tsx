// /admin/manage-users: find users by name or email, LEA and role, in a server-sorted,
// server-paged table. The search form is a GET form, so every state of the page is a URL that
// works without JavaScript. Managers get the Add User button; someone who may only view users
// of their own jurisdiction is told so, since the list is filtered for them by the agency API.
import type { ReactElement } from 'react';
import type { User } from '../../../lib/contract.js';
import { adminUsersText as t } from '../../../lib/messages.js';
import { defaultTableState, type TableConfig, type TableState } from '../../../lib/table-query.js';
import { userListFilterParams, type UserListFilters } from '../../../lib/validation/admin-users.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { TextField } from '../../components/form/TextField.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { SelectField, type LeaChoice } from './UsersFormFields.js';
import { roleLabel, roleLabels } from '../../../lib/role-label.js';

export interface UsersListPageProps {
  heading: string;
  rows: readonly User[];
  total: number;
  state: TableState;
  config: TableConfig;
  filters: UserListFilters;
  leas: readonly LeaChoice[];
  /** Role names for the role filter; null when the viewer may not read roles. */
  roles: readonly string[] | null;
  canManage: boolean;
  jurisdictionOnly: boolean;
}

export const USERS_PATH = '/admin/manage-users';

export function userHref(id: string): string {
  return `${USERS_PATH}/${encodeURIComponent(id)}`;
}

export function UserStatusTags({ user }: { user: Pick<User, 'isEnabled' | 'isLockedOut' | 'emailConfirmed'> }): ReactElement {
  // An enabled account whose owner never verified the address cannot sign in yet: not "Active".
  const [label, tone] = !user.isEnabled ? [t.disabled, 'disabled'] : user.emailConfirmed ? [t.active, 'active'] : [t.notVerified, 'unverified'];
  return (
    <span className="admin-status">
      <span className={`usa-tag admin-status--${tone}`}>{label}</span>
      {user.isLockedOut ? <span className="usa-tag admin-status--locked">{t.locked}</span> : null}
    </span>
  );
}

/** A short information line above a screen's content. */
export function AdminNotice({ text }: { text: string }): ReactElement {
  return (
    <div className="usa-alert usa-alert--info usa-alert--slim usa-alert--no-icon admin-notice">
      <div className="usa-alert__body">
        <p className="usa-alert__text">{text}</p>
      </div>
    </div>
  );
}

export function UsersListPage(props: UsersListPageProps): ReactElement {
  const { heading, rows, total, state, config, filters, leas, roles, canManage, jurisdictionOnly } = props;
  const columns: DataTableColumn<User>[] = [
    {
      key: 'fullName',
      label: t.name,
      rowHeader: true,
      render: (u) => (
        <a className="usa-link" href={userHref(u.id)}>
          {u.fullName || u.userName}
        </a>
      ),
    },
    { key: 'email', label: t.email, render: (u) => u.email },
    { key: 'leas', label: t.leas, render: (u) => (u.leaData.length ? u.leaData.map((l) => l.name).join(', ') : t.none) },
    { key: 'roles', label: t.roles, render: (u) => (u.roles.length ? roleLabels(u.roles) : t.none) },
    { key: 'isEnabled', label: t.status, render: (u) => <UserStatusTags user={u} /> },
  ];
  const keep = userListFilterParams(filters);
  const filtered = Object.keys(keep).length > 0;
  const defaults = defaultTableState(config);
  return (
    <>
      <PageHeader
        title={heading}
        actions={
          canManage ? (
            <a className="usa-button" href={`${USERS_PATH}/new`}>
              {t.addUser}
            </a>
          ) : undefined
        }
      />
      {jurisdictionOnly ? <AdminNotice text={t.jurisdictionOnly} /> : null}
      {!canManage ? <AdminNotice text={t.viewOnly} /> : null}
      <form method="get" action={USERS_PATH} className="admin-filters" role="search" aria-label={t.filters}>
        <div className="admin-filters__fields">
          <TextField id="search" label={t.search} type="search" value={filters.search} maxLength={200} />
          <SelectField
            id="leaId"
            label={t.lea}
            value={filters.leaId === null ? '' : String(filters.leaId)}
            options={[{ value: '', label: t.anyLea }, ...leas.map((l) => ({ value: String(l.id), label: l.name }))]}
          />
          {roles ? (
            <SelectField id="role" label={t.role} value={filters.role} options={[{ value: '', label: t.anyRole }, ...roles.map((r) => ({ value: r, label: roleLabel(r) }))]} />
          ) : null}
          <SelectField
            id="status"
            label={t.status}
            value={filters.status ?? ''}
            options={[
              { value: '', label: t.anyStatus },
              { value: 'enabled', label: t.enabledOnly },
              { value: 'disabled', label: t.disabledOnly },
            ]}
          />
        </div>
        {/* A new search keeps the sort and page size but starts again at page 1. */}
        {state.sort !== null && (state.sort !== defaults.sort || state.dir !== defaults.dir) ? (
          <>
            <input type="hidden" name="sort" value={state.sort} />
            <input type="hidden" name="dir" value={state.dir} />
          </>
        ) : null}
        {state.pageSize !== defaults.pageSize ? <input type="hidden" name="pageSize" value={String(state.pageSize)} /> : null}
        <div className="button-row">
          <button type="submit" className="usa-button">
            {t.applyFilters}
          </button>
          {filtered ? (
            <a className="usa-button usa-button--outline" href={USERS_PATH}>
              {t.clearFilters}
            </a>
          ) : null}
        </div>
      </form>
      <DataTable
        id="users-table"
        caption={t.caption}
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        state={state}
        config={config}
        total={total}
        basePath={USERS_PATH}
        keep={keep}
      />
    </>
  );
}
