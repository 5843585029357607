// /contact (spec §2: Help group of the sidebar): the 'contact-page' text block.
import type { ReactElement } from 'react';
import type { TextBlock } from '../../lib/contract.js';
import { navText } from '../../lib/messages.js';
import { HelpPage } from './HelpPage.js';

export const CONTACT_BLOCK_CODE = 'contact-page';

export function ContactPage({ block }: { block: TextBlock | null }): ReactElement {
  return <HelpPage heading={navText.contact} block={block} />;
}
