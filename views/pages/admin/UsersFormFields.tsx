// The parts of the Manage Users and Manage Roles forms that the shared form components do not
// cover: a labelled select, and a fieldset of checkboxes with one error message for the group
// (USWDS markup, the same error wiring as TextField and CheckboxField); the account fields the
// create and edit forms share; and a POST that asks for confirmation first.
import type { ReactElement, ReactNode } from 'react';
import { adminUsersText as t, uiText } from '../../../lib/messages.js';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from '../../../lib/validation/admin-users.js';
import { errorFor, type FieldError } from '../../../lib/validation/auth.js';
import ConfirmDialog from '../../../islands/ConfirmDialog.island.js';
import { CheckboxField } from '../../components/form/CheckboxField.js';
import { TextField } from '../../components/form/TextField.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';
import { roleLabel } from '../../../lib/role-label.js';

// The labelled select and error text moved to views/components/form/SelectField.tsx, for every area.
export { FieldErrorText, SelectField, type SelectOption } from '../../components/form/SelectField.js';
import { FieldErrorText, HintAndError, SelectField, describedBy } from '../../components/form/SelectField.js';

export interface CheckboxOption {
  value: string;
  label: string;
  description?: string;
}

export interface CheckboxGroupProps {
  /** The fieldset's id; each checkbox is `${id}-${index}`. */
  id: string;
  name: string;
  legend: ReactNode;
  options: readonly CheckboxOption[];
  checked: readonly string[];
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
  /** A long list scrolls inside a box instead of stretching the page. */
  scroll?: boolean;
  legendClassName?: string;
}

/** The id of a group's first checkbox: where an error summary link should land. */
export function firstCheckboxId(groupId: string): string {
  return `${groupId}-0`;
}

export function CheckboxGroup(props: CheckboxGroupProps): ReactElement {
  const { id, name, legend, options, checked, error, hint, disabled, scroll, legendClassName } = props;
  const isChecked = new Set(checked);
  return (
    <fieldset
      className={`usa-fieldset usa-form-group admin-checkbox-group${error ? ' usa-form-group--error' : ''}`}
      id={id}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className={legendClassName ?? 'usa-legend'}>{legend}</legend>
      <HintAndError id={id} hint={hint} error={error} />
      {options.length === 0 ? (
        <p className="admin-checkbox-group__empty">{t.none}</p>
      ) : (
        <div className={scroll ? 'admin-checkbox-group__scroll' : undefined}>
          {options.map((o, i) => (
            <CheckboxField
              key={o.value}
              id={`${id}-${i}`}
              name={name}
              value={o.value}
              checked={isChecked.has(o.value)}
              disabled={disabled}
              label={
                o.description ? (
                  <>
                    {o.label}
                    <span className="usa-checkbox__label-description">{o.description}</span>
                  </>
                ) : (
                  o.label
                )
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The values an account form shows (entered values on a re-render). */
export interface UserFormValues {
  fullName: string;
  email: string;
  jobTitle: string;
  phoneNumber: string;
  leaId: string;
  leaIds: string[];
  roles: string[];
}

export interface LeaChoice {
  id: number;
  name: string;
  leaCode: string;
}

/** How the error summary names each field (the labels of UserFields). */
export const userFieldLabels: Readonly<Record<string, string>> = {
  fullName: uiText.fullNameLabel,
  email: t.email,
  jobTitle: t.jobTitle,
  phoneNumber: t.phoneNumber,
  leaId: t.primaryLea,
  leaIds: t.leas,
  roles: t.roles,
};

/** Where each field's error summary link lands. */
export const userFieldIds: Readonly<Record<string, string>> = {
  leaIds: firstCheckboxId('leaIds'),
  roles: firstCheckboxId('roles'),
};

export interface UserFieldsProps {
  values: UserFormValues;
  errors: readonly FieldError[];
  leas: readonly LeaChoice[];
  /** Offer role checkboxes (the create form); null leaves them out. */
  roles: readonly string[] | null;
}

/** Full name, email, job title, phone, primary LEA and LEAs (and roles when creating). */
export function UserFields({ values, errors, leas, roles }: UserFieldsProps): ReactElement {
  const leaLabel = (l: LeaChoice) => `${l.name} (${l.leaCode})`;
  return (
    <>
      <TextField id="fullName" label={uiText.fullNameLabel} value={values.fullName} error={errorFor(errors, 'fullName')} required autoComplete="off" maxLength={200} />
      <TextField id="email" label={t.email} type="email" value={values.email} error={errorFor(errors, 'email')} required autoComplete="off" maxLength={EMAIL_MAX_LENGTH} />
      <TextField id="jobTitle" label={t.jobTitle} value={values.jobTitle} error={errorFor(errors, 'jobTitle')} autoComplete="off" maxLength={200} />
      <TextField id="phoneNumber" label={t.phoneNumber} type="tel" value={values.phoneNumber} error={errorFor(errors, 'phoneNumber')} autoComplete="off" maxLength={PHONE_MAX_LENGTH} />
      <SelectField
        id="leaId"
        label={t.primaryLea}
        hint={t.primaryLeaHint}
        value={values.leaId}
        error={errorFor(errors, 'leaId')}
        options={[{ value: '', label: t.noPrimaryLea }, ...leas.map((l) => ({ value: String(l.id), label: leaLabel(l) }))]}
      />
      <CheckboxGroup
        id="leaIds"
        name="leaIds"
        legend={t.leas}
        scroll={leas.length > 8}
        options={leas.map((l) => ({ value: String(l.id), label: leaLabel(l) }))}
        checked={values.leaIds}
        error={errorFor(errors, 'leaIds')}
      />
      {roles ? (
        <CheckboxGroup
          id="roles"
          name="roles"
          legend={t.roles}
          options={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
          checked={values.roles}
          error={errorFor(errors, 'roles')}
        />
      ) : null}
    </>
  );
}

export interface ConfirmActionProps {
  /** The trigger's text (and the accessible name of the button or link). */
  triggerLabel: string;
  triggerClass: string;
  message: string;
  okLabel: string;
  /**
   * Where Ok posts. The same path answers GET with the confirmation page, which is where the
   * trigger leads without JavaScript.
   */
  action: string;
}

/** A POST that asks first: the ConfirmDialog island, with a confirmation page as its fallback. */
export function ConfirmAction({ triggerLabel, triggerClass, message, okLabel, action }: ConfirmActionProps): ReactElement {
  const { csrfToken } = useRequestContext();
  return (
    <Island
      name="ConfirmDialog"
      component={ConfirmDialog}
      props={{ triggerLabel, triggerClass, message, okLabel, action, csrfToken, fallbackHref: action }}
    />
  );
}
