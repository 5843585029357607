// The LEA selector of the top bar (spec §2 Shell, §4 LEA change). Districts and Charters are
// option groups. The change posts to LEA_CHANGE_ACTION with the page to come back to; the
// handler saves it and redirects per afterLeaChange (lib/lea-selection.ts).
import type { ReactElement } from 'react';
import { afterLeaChange, groupLeas, type LeaOption } from '../../lib/lea-selection.js';
import { shellText, uiText } from '../../lib/messages.js';
import AutoSubmitSelect from '../../islands/AutoSubmitSelect.island.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';

export const LEA_CHANGE_ACTION = '/session/lea';

export interface LeaSelectorProps {
  leas: readonly LeaOption[];
  currentLeaId: number | null;
  /** The current page, path and query. */
  returnTo: string;
}

export function LeaSelector({ leas, currentLeaId, returnTo }: LeaSelectorProps): ReactElement | null {
  const { csrfToken } = useRequestContext();
  if (leas.length === 0) return null;
  const groups = groupLeas(leas).map((g) => ({
    label: g.label,
    options: g.leas.map((l) => ({ value: String(l.id), label: l.name })),
  }));
  return (
    <Island
      name="AutoSubmitSelect"
      component={AutoSubmitSelect}
      props={{
        id: 'current-lea',
        name: 'leaId',
        label: shellText.lea,
        hint: shellText.leaChangeHint,
        action: LEA_CHANGE_ACTION,
        csrfToken,
        returnTo,
        value: currentLeaId === null ? '' : String(currentLeaId),
        groups,
        buttonLabel: shellText.changeLea,
        // The overlay says where the change leads: 'Redirecting to Dashboard.' or 'Please Wait...'.
        pendingText: afterLeaChange(returnTo).message ?? uiText.pleaseWait,
      }}
    />
  );
}
