// Pieces the admin-org pages (LEAs, schools, text blocks, email logs, lists, notification events,
// utilities) share: a textarea and a radio group with the same USWDS error wiring as TextField,
// the error summary of a form whose errors may belong to no field, the "Last updated by" line,
// the form's buttons, a table of every row (no paging), and a Delete button that asks first (a dialog with JavaScript, a
// confirmation page without it).
import type { ReactElement, ReactNode } from 'react';
import { adminOrgText as t, uiText } from '../../../lib/messages.js';
import { defaultTableState, type TableConfig } from '../../../lib/table-query.js';
import type { FieldError } from '../../../lib/validation/admin-org.js';
import ConfirmDialog from '../../../islands/ConfirmDialog.island.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { Island } from '../../Island.js';
import { useRequestContext } from '../../request-context.js';

function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }): ReactElement {
  return (
    <>
      {hint ? (
        <span className="usa-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="usa-error-message" id={`${id}-error`}>
          <span className="usa-sr-only">{uiText.errorPrefix}</span>
          {error}
        </span>
      ) : null}
    </>
  );
}

export interface TextareaFieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  rows?: number;
  /** A wider, taller box for markup. */
  code?: boolean;
}

export function TextareaField({ id, name = id, label, value, error, hint, required, maxLength, rows, code }: TextareaFieldProps): ReactElement {
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <textarea
        className={`usa-textarea${error ? ' usa-input--error' : ''}${code ? ' admin-org-code' : ''}`}
        id={id}
        name={name}
        defaultValue={value}
        required={required}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
        maxLength={maxLength}
        rows={rows}
        spellCheck={code ? false : undefined}
      />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: string;
}

export interface RadioGroupProps {
  /** The fieldset's id; each radio is `${id}-${value}`. */
  id: string;
  name?: string;
  legend: string;
  options: readonly RadioOption[];
  value: string;
  error?: string | undefined;
  hint?: string;
}

/** The id of a radio group's first option: where an error summary link lands. */
export function firstRadioId(id: string, options: readonly RadioOption[]): string {
  return `${id}-${options[0]?.value ?? ''}`;
}

export function RadioGroup({ id, name = id, legend, options, value, error, hint }: RadioGroupProps): ReactElement {
  return (
    <fieldset
      className={`usa-fieldset usa-form-group${error ? ' usa-form-group--error' : ''}`}
      id={id}
      aria-describedby={describedBy(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined)}
    >
      <legend className="usa-legend">{legend}</legend>
      <FieldMessages id={id} hint={hint} error={error} />
      {options.map((o) => (
        <div className="usa-radio" key={o.value}>
          <input
            className="usa-radio__input"
            id={`${id}-${o.value}`}
            type="radio"
            name={name}
            value={o.value}
            defaultChecked={o.value === value}
            aria-invalid={error ? true : undefined}
          />
          <label className="usa-radio__label" htmlFor={`${id}-${o.value}`}>
            {o.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The error summary of a form; errors of the form as a whole ('form') link nowhere. */
export function FormErrors({ errors, fieldIds }: { errors: readonly FieldError[]; fieldIds?: Readonly<Record<string, string>> }): ReactElement | null {
  return (
    <ErrorSummary
      errors={errors.map((e) => (e.field === 'form' ? { message: e.message } : { field: e.field, message: e.message }))}
      fieldIds={fieldIds}
    />
  );
}

/** "Last updated by … on …" from the API's audit log; nothing when the log has no entry. */
export function LastUpdated({ text }: { text: string | null }): ReactElement | null {
  if (!text) return null;
  return <p className="usa-hint admin-org-last-updated">{text}</p>;
}

/** The submit button and a Cancel link back to where the user came from. */
export function FormActions({ submitLabel, cancelHref, children }: { submitLabel: string; cancelHref: string; children?: ReactNode }): ReactElement {
  return (
    <div className="button-row">
      <button type="submit" className="usa-button">
        {submitLabel}
      </button>
      {children}
      <a className="usa-button usa-button--outline" href={cancelHref}>
        {uiText.cancel}
      </a>
    </div>
  );
}

export interface DeleteButtonProps {
  /** The visible label (Delete, Remove). */
  label?: string;
  message: string;
  okLabel?: string;
  /** Where the confirmed POST goes; GET on the same path is the no-JavaScript confirmation page. */
  action: string;
  secondary?: boolean;
}

/** A Delete that asks first: ConfirmDialog island with JavaScript, the confirmation page without. */
export function DeleteButton({ label = t.delete, message, okLabel, action, secondary = true }: DeleteButtonProps): ReactElement {
  const { csrfToken } = useRequestContext();
  return (
    <div className="admin-org-delete">
      <Island
        name="ConfirmDialog"
        component={ConfirmDialog}
        props={{
          triggerLabel: label,
          triggerClass: secondary ? 'usa-button--secondary' : 'usa-button--unstyled',
          message,
          okLabel: okLabel ?? label,
          action,
          csrfToken,
          fallbackHref: action,
        }}
      />
    </div>
  );
}

/** Every row on one page: no sorting or paging links. */
const everyRow: TableConfig = { sortable: [], pageSizes: ['all'], defaultPageSize: 'all' };

export interface ListTableProps<T> {
  id: string;
  caption: string;
  captionHidden?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
}

/** A short table shown whole (an LEA's contacts, a list's items), with 'No results' when empty. */
export function ListTable<T>({ id, caption, captionHidden = true, columns, rows, rowKey }: ListTableProps<T>): ReactElement {
  return (
    <DataTable
      id={id}
      caption={caption}
      captionHidden={captionHidden}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      state={defaultTableState(everyRow)}
      config={everyRow}
      total={rows.length}
      basePath=""
      enhance={false}
    />
  );
}

/** An "Edit" link whose accessible name says what it edits. */
export function EditLink({ href, name }: { href: string; name: string }): ReactElement {
  return (
    <a className="usa-link" href={href}>
      {t.edit}
      <span className="usa-sr-only"> {name}</span>
    </a>
  );
}

/** The column that names a row and links to its page (the row header). */
export function linkColumn<T>(key: string, label: string, href: (row: T) => string, text: (row: T) => string, rowHeader = true): DataTableColumn<T> {
  return {
    key,
    label,
    rowHeader,
    render: (row) => (
      <a className="usa-link" href={href(row)}>
        {text(row)}
      </a>
    ),
  };
}

/** Yes or No for a flag in a table cell. */
export const yesNo = (value: boolean): string => (value ? t.yes : t.no);
