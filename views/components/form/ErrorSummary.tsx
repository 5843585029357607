// The error summary at the top of a form (GOV.UK pattern, USWDS alert styling): announced as
// an alert, focused when the page loads so keyboard and screen reader users start there, and
// each message links to its field.
import type { ReactElement } from 'react';
import { uiText } from '../../../lib/messages.js';

export interface SummaryError {
  /** The field's element id (the link target); omit for an error that belongs to no field. */
  field?: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly SummaryError[];
  /** Maps a field name to its element id when they differ. */
  fieldIds?: Readonly<Record<string, string>>;
  /**
   * Each field's label: the summary names the field before its message ("Email: A value is
   * required."), so two equal messages still say which field each is; the field keeps the bare text.
   */
  fieldLabels?: Readonly<Record<string, string>>;
  /** Focus the summary when it appears (on by default; islands that manage focus turn it off). */
  autoFocus?: boolean;
  id?: string;
}

export function ErrorSummary({ errors, fieldIds, fieldLabels, autoFocus = true, id = 'error-summary' }: ErrorSummaryProps): ReactElement | null {
  if (errors.length === 0) return null;
  const titleId = `${id}-title`;
  return (
    <div
      className="usa-alert usa-alert--error error-summary"
      role="alert"
      aria-labelledby={titleId}
      id={id}
      tabIndex={-1}
      autoFocus={autoFocus}
      data-testid="error-summary"
    >
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading" id={titleId}>
          {uiText.errorSummaryTitle}
        </h2>
        <ul className="usa-list usa-list--unstyled error-summary__list">
          {errors.map((error, i) => (
            <li key={`${error.field ?? 'form'}-${i}`}>
              {error.field ? (
                <a href={`#${fieldIds?.[error.field] ?? error.field}`}>
                  {fieldLabels?.[error.field] ? `${fieldLabels[error.field]}: ${error.message}` : error.message}
                </a>
              ) : (
                error.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
