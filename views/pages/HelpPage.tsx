// The Help pages of the sidebar (Contact, FAQ): a heading and the administrators' text block.
// When the block is missing or hidden the page says the information is not available.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../lib/contract.js';
import { shellText } from '../../lib/messages.js';
import { TextBlock } from '../components/TextBlock.js';
import { PageHeader } from '../shell/PageHeader.js';

export interface HelpPageProps {
  heading: string;
  block: TextBlockData | null;
}

export function HelpPage({ heading, block }: HelpPageProps): ReactElement {
  return (
    <>
      <PageHeader title={heading} />
      {block?.isVisible ? (
        <TextBlock block={block} className="help-page__text" />
      ) : (
        <p className="usa-intro">{shellText.helpTextUnavailable}</p>
      )}
    </>
  );
}
