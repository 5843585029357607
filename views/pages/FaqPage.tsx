// /faq (spec §2: Help group of the sidebar): the 'faq-page' text block.
import type { ReactElement } from 'react';
import type { TextBlock } from '../../lib/contract.js';
import { navText } from '../../lib/messages.js';
import { HelpPage } from './HelpPage.js';

export const FAQ_BLOCK_CODE = 'faq-page';

export function FaqPage({ block }: { block: TextBlock | null }): ReactElement {
  return <HelpPage heading={navText.faq} block={block} />;
}
