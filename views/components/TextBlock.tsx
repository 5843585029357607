// An administrator-edited text block (spec §3): plain (Div) or a titled card (Card), hidden
// when not visible. The HTML is sanitised again at render, whatever the API stored.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../lib/contract.js';
import { sanitizeHtml } from '../../lib/sanitize.js';

export interface TextBlockProps {
  block: TextBlockData | null | undefined;
  /** Heading level of a Card's title, so it fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function TextBlock({ block, headingLevel = 2, className }: TextBlockProps): ReactElement | null {
  if (!block || !block.isVisible) return null;
  const html = { __html: sanitizeHtml(block.html) };
  const extra = className ? ` ${className}` : '';
  if (block.format === 'Card') {
    const Heading = `h${headingLevel}` as const;
    return (
      <div className={`usa-card text-block text-block--card${extra}`} data-block-code={block.blockCode}>
        <div className="usa-card__container">
          {block.title ? (
            <div className="usa-card__header">
              <Heading className="usa-card__heading">{block.title}</Heading>
            </div>
          ) : null}
          <div className="usa-card__body usa-prose" dangerouslySetInnerHTML={html} />
        </div>
      </div>
    );
  }
  return <div className={`text-block usa-prose${extra}`} data-block-code={block.blockCode} dangerouslySetInnerHTML={html} />;
}
