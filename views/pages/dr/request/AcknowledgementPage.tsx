// After 'Submit Request' (DR spec §4.2): the acknowledgement text block, the case number, the
// received date and the first legal dates of the case.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { TextBlock } from '../../../components/TextBlock.js';
import { PageHeader } from '../../../shell/PageHeader.js';

export interface AcknowledgementPageProps {
  block: TextBlockData | null;
  caseNumber: string;
  /** Already written for people ('Saturday, 1st November 2025'). */
  receivedDate: string;
  dates: readonly { label: string; date: string }[];
  linkedMediation: string | null;
}

export function AcknowledgementPage({ block, caseNumber, receivedDate, dates, linkedMediation }: AcknowledgementPageProps): ReactElement {
  return (
    <>
      <PageHeader title={t.submitted} />
      <TextBlock block={block} headingLevel={2} />
      <dl className="dr-acknowledgement">
        {[{ label: t.caseNumber, date: caseNumber }, { label: t.receivedDate, date: receivedDate }, ...dates, ...(linkedMediation ? [{ label: t.linkedMediation, date: linkedMediation }] : [])].map((row) => (
          <div key={row.label}>
            <dt className="text-bold">{row.label}</dt>
            <dd className="margin-left-0 margin-bottom-1">{row.date}</dd>
          </div>
        ))}
      </dl>
      <a className="usa-button" href="/dispute-resolution/dashboard">
        {t.dashboard}
      </a>
    </>
  );
}
