// /dr-public (DR spec §4.11): the public dispute resolution page, signed in or not. The text block
// dr-public-portal, the four options compared, where to start (create an account or sign in),
// and the published redacted hearing and review decisions with their downloads.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { formatDay } from '../../../lib/dates.js';
import type { DrPublicDecision, DrPublicOption } from '../../../lib/dr/documents.js';
import { publicText as t } from '../../../lib/dr/public-text.js';
import { ScrollTable } from '../../components/ScrollTable.js';
import { TextBlock } from '../../components/TextBlock.js';

export const SIGN_IN_HREF = '/auth/login?returnUrl=/dispute-resolution/request';

export interface DrPublicPageProps {
  textBlock: TextBlockData | null;
  /** null when the API could not answer. */
  options: readonly DrPublicOption[] | null;
  decisions: readonly DrPublicDecision[] | null;
}

export function DrPublicPage({ textBlock, options, decisions }: DrPublicPageProps): ReactElement {
  return (
    <div className="grid-row">
      <div className="grid-col-12">
        <h1>{t.title}</h1>
        <TextBlock block={textBlock} headingLevel={2} className="dr-prose" />

        <section aria-labelledby="options-heading">
          <h2 id="options-heading">{t.optionsHeading}</h2>
          {options ? (
            <ScrollTable caption={t.optionsCaption} headers={[t.columns.option, t.columns.who, t.columns.timeline, t.columns.cost]} stacked>
              {options.map((o) => (
                <tr key={o.code}>
                  <th scope="row" data-label={t.columns.option}>{o.title}</th>
                  <td data-label={t.columns.who}>{o.whoMayFile}</td>
                  <td data-label={t.columns.timeline}>{o.timeline}</td>
                  <td data-label={t.columns.cost}>{o.cost}</td>
                </tr>
              ))}
            </ScrollTable>
          ) : (
            <p>{t.unavailable}</p>
          )}
        </section>

        <section aria-labelledby="start-heading">
          <h2 id="start-heading">{t.startHeading}</h2>
          <ul className="usa-button-group">
            <li className="usa-button-group__item">
              <a className="usa-button" href="/dr-request">{t.createAccount}</a>
            </li>
            <li className="usa-button-group__item">
              <a className="usa-button usa-button--outline" href={SIGN_IN_HREF}>{t.signIn}</a>
            </li>
          </ul>
        </section>

        <section aria-labelledby="decisions-heading">
          <h2 id="decisions-heading">{t.decisionsHeading}</h2>
          <p>{t.decisionsIntro}</p>
          {!decisions ? (
            <p>{t.unavailable}</p>
          ) : !decisions.length ? (
            <p>{t.noDecisions}</p>
          ) : (
            <ScrollTable caption={t.decisionsCaption} headers={[t.decisionColumns.year, t.decisionColumns.caseNumber, t.decisionColumns.lea, t.decisionColumns.decisionDate, t.decisionColumns.download]} stacked>
              {decisions.map((d) => (
                <tr key={d.documentId}>
                  <td data-label={t.decisionColumns.year}>{d.schoolYear ?? ''}</td>
                  <th scope="row" data-label={t.decisionColumns.caseNumber}>{d.caseNumber}</th>
                  <td data-label={t.decisionColumns.lea}>{d.leaName ?? ''}</td>
                  <td data-label={t.decisionColumns.decisionDate}>{d.decisionDate ? formatDay(d.decisionDate) : ''}</td>
                  <td data-label={t.decisionColumns.download}>
                    <a className="usa-link" href={`/dr-public/decisions/${d.documentId}`} download>{t.download(d.caseNumber)}</a>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </section>
      </div>
    </div>
  );
}
