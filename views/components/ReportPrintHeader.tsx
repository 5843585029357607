// The header of a printed report (MODULES.md "Reports and dashboards": print CSS, no shell, page
// header with report name, filters and generation time). It is hidden on screen, where the page's
// own heading and filter form say the same, and shown on paper, where the shell is not
// (styles/portal/_print.scss).
//
//   <ReportPrintHeader reportName="Table 7" filters={[{ label: 'School year', value: '2024-2025' }]} generatedAt={now} />
import type { ReactElement } from 'react';
import { formatDateTime } from '../../lib/dates.js';
import { AGENCY_TIME_ZONE } from '../../lib/day.js';
import { printText } from '../../lib/shared/messages.js';

export interface ReportFilter {
  label: string;
  value: string;
}

export interface ReportPrintHeaderProps {
  reportName: string;
  filters: readonly ReportFilter[];
  generatedAt: Date | string;
  /** The agency's zone by default (MODULES.md: "today" is Pacific time). */
  timeZone?: string;
}

export function ReportPrintHeader({ reportName, filters, generatedAt, timeZone = AGENCY_TIME_ZONE }: ReportPrintHeaderProps): ReactElement {
  return (
    <div className="report-print-header print-only">
      <p className="report-print-header__name">{reportName}</p>
      <dl className="report-print-header__facts">
        <div>
          <dt>{printText.filters}</dt>
          <dd>{filters.length ? filters.map((f) => `${f.label}: ${f.value}`).join('; ') : printText.noFilters}</dd>
        </div>
        <div>
          <dt>{printText.generatedAt}</dt>
          <dd>
            <time dateTime={new Date(generatedAt).toISOString()}>{formatDateTime(generatedAt, timeZone)}</time>
          </dd>
        </div>
      </dl>
    </div>
  );
}
