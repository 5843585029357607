// Pieces the ECO child pages share (ECO spec §3.2, §3.3, §3.6): a record's status with its reason,
// the due date (red when past), the flag chips, a checkbox group, and the record columns.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { ecoChildText as t } from '../../../lib/eco/child-text.js';
import type { EcoRecordListItem } from '../../../lib/eco/contract.js';
import { messageDate } from '../../../lib/shared/messages.js';
import type { DataTableColumn } from '../../components/DataTable.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { TextField } from '../../components/form/TextField.js';
import { TextBlock } from '../../components/TextBlock.js';

export const statusPath = (childId: number): string => `/child-search/status/${childId}`;

export function StatusText({ label, reason }: { label: string; reason: string | null }): ReactElement {
  return <>{reason ? t.statusWithReason(label, reason) : label}</>;
}

export function DueDate({ day, overdue }: { day: string | null; overdue: boolean }): ReactElement | null {
  if (!day) return null;
  return overdue ? (
    <span className="text-error-dark" data-testid="overdue">
      {messageDate(day)}
      <span className="usa-sr-only"> ({t.overdue})</span>
    </span>
  ) : (
    <>{messageDate(day)}</>
  );
}

export function FlagChips({ flags }: { flags: readonly string[] }): ReactElement | null {
  if (!flags.length) return null;
  return (
    <>
      {flags.map((f) => (
        <span key={f} className="usa-tag margin-right-05">
          {f}
        </span>
      ))}
    </>
  );
}

export function CheckboxGroup({ id, name, legend, options, checked }: { id: string; name: string; legend: string; options: readonly { value: string; label: string }[]; checked: readonly string[] }): ReactElement {
  return (
    <fieldset className="usa-fieldset usa-form-group">
      <legend className="usa-legend">{legend}</legend>
      {options.map((o) => (
        <div key={o.value} className="usa-checkbox">
          <input className="usa-checkbox__input" type="checkbox" id={`${id}-${o.value}`} name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
          <label className="usa-checkbox__label" htmlFor={`${id}-${o.value}`}>
            {o.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

const assessment = (s: string | null): string => t.assessmentStatus[s ?? 'none'] ?? '';

/** The child list's columns (§3.2), masked state student ID first; the LEA column when asked. */
export function recordColumns(withLea: boolean): DataTableColumn<EcoRecordListItem>[] {
  const c = t.columns;
  const name = (r: EcoRecordListItem) => `${r.lastName}, ${r.firstName}`;
  return [
    { key: 'ssid', label: c.ssid, render: (r) => r.ssidMasked },
    { key: 'name', label: c.name, rowHeader: true, render: (r) => <a href={statusPath(r.childId)}>{name(r)}</a> },
    { key: 'birthDate', label: c.birthDate, render: (r) => messageDate(r.birthDate) },
    { key: 'school', label: c.school, render: (r) => r.schoolName ?? '' },
    ...(withLea ? [{ key: 'lea', label: c.lea, render: (r: EcoRecordListItem) => r.leaName }] : []),
    { key: 'entryDate', label: c.entryDate, render: (r) => messageDate(r.entryDate) },
    {
      key: 'entry',
      label: c.entry,
      render: (r) => (
        <a href={`/child-search/entryscore/${r.recordId}`}>
          {assessment(r.entryStatus)}
          <span className="usa-sr-only">
            {' '}
            {c.entry} {name(r)}
          </span>
        </a>
      ),
    },
    { key: 'exitDate', label: c.exitDate, render: (r) => (r.exitDate ? messageDate(r.exitDate) : '') },
    {
      key: 'exit',
      label: c.exit,
      render: (r) => (
        <a href={`/child-search/exitscore/${r.recordId}`}>
          {assessment(r.exitStatus)}
          <span className="usa-sr-only">
            {' '}
            {c.exit} {name(r)}
          </span>
        </a>
      ),
    },
    { key: 'status', label: c.status, render: (r) => <StatusText label={r.statusLabel} reason={r.notIncludedLabel} /> },
    { key: 'due', label: c.due, render: (r) => <DueDate day={r.dueDate} overdue={r.overdue} /> },
    { key: 'flags', label: c.flags, render: (r) => <FlagChips flags={r.flags} /> },
  ];
}


type Errors = readonly { field: string; message: string }[];

/** The error summary (form-level errors link nowhere) and the page's instructions. */
export function ErrorsAndInstructions({ errors, instructions }: { errors: Errors; instructions: TextBlockData | null }): ReactElement {
  return (
    <>
      <ErrorSummary errors={errors.map((e) => ({ field: e.field === 'form' || e.field === 'body' ? undefined : e.field, message: e.message }))} />
      <TextBlock block={instructions} />
    </>
  );
}

/** The identifying search fields both searches start with: state student ID, last name, birth date. */
export function ChildKeyFields({ values, errors }: { values: { ssid: string; lastName: string; birthDate: string }; errors: Errors }): ReactElement {
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
  return (
    <>
      <input type="hidden" name="action" value="search" />
      <TextField id="ssid" label={t.ssid} value={values.ssid} error={fieldError('ssid')} inputMode="numeric" maxLength={10} />
      <TextField id="lastName" label={t.lastName} value={values.lastName} error={fieldError('lastName')} maxLength={50} />
      <TextField id="birthDate" label={t.birthDate} type="date" value={values.birthDate} error={fieldError('birthDate')} />
    </>
  );
}

/** 'Search' and 'Clear' (a link: the server forgets the saved criteria). */
export function SearchButtons({ path }: { path: string }): ReactElement {
  return (
    <>
      <button type="submit" className="usa-button">
        {t.search}
      </button>
      <a className="usa-button usa-button--outline" href={`${path}?action=clear`}>
        {t.clear}
      </a>
    </>
  );
}
