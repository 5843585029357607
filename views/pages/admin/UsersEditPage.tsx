// /admin/manage-users/:id: one account. Managers edit the details (saved as JSON Patch of the
// changed fields only) and, on the same form with the same Save Changes, the roles when they may
// assign them (one save for what the page shows: a role ticked is never silently dropped); someone
// who may assign roles only gets a roles form of its own. Managers act on the account:
// enable or disable, unblock, send a password reset email, set a password, delete. Disable and
// delete ask first: a dialog with JavaScript, a confirmation page without. Someone who may only
// view users sees the same facts without the forms.
import type { ReactElement } from 'react';
import type { User } from '../../../lib/contract.js';
import { adminUsersText as t, uiText } from '../../../lib/messages.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import { CsrfField } from '../../components/CsrfField.js';
import { Button } from '../../components/form/Button.js';
import { ErrorSummary, type SummaryError } from '../../components/form/ErrorSummary.js';
import { PageHeader } from '../../shell/PageHeader.js';
import { CheckboxGroup, ConfirmAction, userFieldIds, userFieldLabels, UserFields, type LeaChoice, type UserFormValues } from './UsersFormFields.js';
import { USERS_PATH, userHref, UserStatusTags } from './UsersListPage.js';
import { roleLabel, roleLabels } from '../../../lib/role-label.js';

/**
 * Marks a details form that showed the role checkboxes: with none ticked the browser sends no
 * `roles`, and that must read as "no roles", not as "roles not on the form".
 */
export const ROLES_SHOWN_FIELD = 'rolesShown';

/** The values the admin saw when the form was first shown (hidden `was_*` fields). */
export type OriginalValues = Omit<UserFormValues, 'roles'>;

export interface HistoryItem {
  id: number;
  action: string;
  by: string;
  when: string;
}

export interface UsersEditPageProps {
  user: User;
  values: UserFormValues;
  was: OriginalValues;
  errors: readonly FieldError[];
  /** A refusal that belongs to no single field (the agency API's message). */
  formError?: string | undefined;
  leas: readonly LeaChoice[];
  /** Role names to choose from; null when the viewer may not assign roles. */
  roles: readonly string[] | null;
  checkedRoles: readonly string[];
  canManage: boolean;
  isSelf: boolean;
  created: string;
  updated: string;
  history: readonly HistoryItem[] | null;
}

function ReadOnlyDetails({ user }: { user: User }): ReactElement {
  const rows: [string, string][] = [
    [uiText.fullNameLabel, user.fullName],
    [t.email, user.email],
    [t.jobTitle, user.jobTitle || t.none],
    [t.phoneNumber, user.phoneNumber || t.none],
    [t.primaryLea, user.leaData.find((l) => l.id === user.leaId)?.name ?? t.none],
    [t.leas, user.leaData.map((l) => l.name).join(', ') || t.none],
    [t.roles, roleLabels(user.roles) || t.none],
  ];
  return (
    <dl className="admin-details">
      {rows.map(([label, value]) => (
        <div key={label} className="admin-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActionForm({ action, label, variant = 'outline' }: { action: string; label: string; variant?: 'outline' | 'primary' }): ReactElement {
  return (
    <form method="post" action={action}>
      <CsrfField />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </form>
  );
}

function AccountActions({ user, isSelf }: { user: User; isSelf: boolean }): ReactElement {
  const base = userHref(user.id);
  const name = user.fullName || user.userName;
  return (
    <section aria-labelledby="account-actions-title" className="admin-section">
      <h2 id="account-actions-title">{t.accountActions}</h2>
      {user.isLockedOut ? <p>{t.lockedNote}</p> : null}
      {isSelf ? <p>{t.selfNote}</p> : null}
      <ul className="usa-button-group admin-actions">
        {!user.isEnabled ? (
          <li className="usa-button-group__item">
            <ActionForm action={`${base}/enable`} label={t.enable} variant="primary" />
          </li>
        ) : null}
        {user.isLockedOut ? (
          <li className="usa-button-group__item">
            <ActionForm action={`${base}/unblock`} label={t.unblock} variant="primary" />
          </li>
        ) : null}
        <li className="usa-button-group__item">
          <ActionForm action={`${base}/reset-password`} label={t.sendResetEmail} />
        </li>
        <li className="usa-button-group__item">
          <a className="usa-button usa-button--outline" href={`${base}/password`}>
            {t.setPassword}
          </a>
        </li>
        {user.isEnabled && !isSelf ? (
          <li className="usa-button-group__item">
            <ConfirmAction triggerLabel={t.disable} triggerClass="usa-button--secondary" message={t.disableQuestion(name)} okLabel={t.disable} action={`${base}/disable`} />
          </li>
        ) : null}
        {!isSelf ? (
          <li className="usa-button-group__item">
            <ConfirmAction triggerLabel={t.delete} triggerClass="usa-button--secondary" message={t.deleteQuestion(name)} okLabel={t.delete} action={`${base}/delete`} />
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function History({ items }: { items: readonly HistoryItem[] }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="admin-section">
      <h2 id="history-title">{t.history}</h2>
      <table className="usa-table usa-table--borderless usa-table--compact usa-table--stacked">
        <caption className="usa-sr-only">{t.historyCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.historyAction}</th>
            <th scope="col">{t.historyBy}</th>
            <th scope="col">{t.historyWhen}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((h) => (
            <tr key={h.id}>
              <td data-label={t.historyAction}>{h.action}</td>
              <td data-label={t.historyBy}>{h.by}</td>
              <td data-label={t.historyWhen}>{h.when}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function UsersEditPage(props: UsersEditPageProps): ReactElement {
  const { user, values, was, errors, formError, leas, roles, checkedRoles, canManage, isSelf, created, updated, history } = props;
  const base = userHref(user.id);
  const summary: SummaryError[] = formError ? [...errors, { message: formError }] : [...errors];
  return (
    <>
      <PageHeader title={t.editUser(user.fullName || user.userName)} backHref={USERS_PATH} />
      <ErrorSummary errors={summary} fieldIds={userFieldIds} fieldLabels={userFieldLabels} />
      <section aria-labelledby="account-title" className="admin-section">
        <h2 id="account-title">{t.account}</h2>
        <p className="admin-account-line">
          <UserStatusTags user={user} />
          <span className="usa-tag admin-status--info">{user.emailConfirmed ? t.emailVerified : t.emailNotVerified}</span>
        </p>
        <p className="usa-hint">
          {t.created(created)}. {t.updated(updated)}.
        </p>
      </section>

      {canManage ? (
        <section aria-labelledby="details-title" className="admin-section">
          <h2 id="details-title">{t.details}</h2>
          <form method="post" action={base} className="usa-form usa-form--large admin-form" noValidate>
            <CsrfField />
            {Object.entries(was).flatMap(([k, v]: [string, string | string[]]) =>
              (typeof v === 'string' ? [v] : v).map((one, i) => <input key={`${k}-${i}`} type="hidden" name={`was_${k}`} value={one} />),
            )}
            {roles ? <input type="hidden" name={ROLES_SHOWN_FIELD} value="1" /> : null}
            <UserFields values={{ ...values, roles: [...checkedRoles] }} errors={errors} leas={leas} roles={roles} />
            <div className="button-row">
              <Button type="submit">{t.saveChanges}</Button>
            </div>
          </form>
        </section>
      ) : (
        <section aria-labelledby="details-title" className="admin-section">
          <h2 id="details-title">{t.details}</h2>
          <ReadOnlyDetails user={user} />
        </section>
      )}

      {/* Someone who may assign roles but not edit details gets the roles on a form of their own. */}
      {roles && !canManage ? (
        <section aria-labelledby="roles-title" className="admin-section">
          <h2 id="roles-title">{t.roles}</h2>
          <form method="post" action={`${base}/roles`} className="usa-form usa-form--large admin-form" noValidate>
            <CsrfField />
            <CheckboxGroup
              id="roles"
              name="roles"
              legend={t.roles}
              legendClassName="usa-legend usa-sr-only"
              options={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
              checked={checkedRoles}
              error={errorFor(errors, 'roles')}
            />
            <div className="button-row">
              <Button type="submit">{t.saveRoles}</Button>
            </div>
          </form>
        </section>
      ) : canManage && !roles ? (
        <p>{t.rolesViewOnly}</p>
      ) : null}

      {canManage ? <AccountActions user={user} isSelf={isSelf} /> : null}
      {history ? <History items={history} /> : null}
    </>
  );
}
