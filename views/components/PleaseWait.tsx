// The "Please Wait..." overlay (spec §2 Shell; styles/portal/_overlay.scss). The status region
// is always in the page and the overlay is put inside it when shown, so screen readers announce
// the text. Pure: islands show it while they load or submit.
import type { ReactElement } from 'react';
import { uiText } from '../../lib/messages.js';

export interface PleaseWaitProps {
  visible: boolean;
  /** 'Please Wait...' unless told otherwise ('Refreshing Application...'). */
  text?: string;
}

export function PleaseWait({ visible, text = uiText.pleaseWait }: PleaseWaitProps): ReactElement {
  return (
    <div role="status" className="please-wait-region">
      {visible ? (
        <div className="please-wait" data-testid="please-wait">
          <div className="please-wait__box">
            <span className="please-wait__spinner" aria-hidden="true" />
            {text}
          </div>
        </div>
      ) : null}
    </div>
  );
}
