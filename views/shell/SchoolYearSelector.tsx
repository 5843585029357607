// The School Year selector of the top bar (spec §2 Shell, §4 School year change: saved, then
// the application reloads with 'Refreshing Application...').
import type { ReactElement } from 'react';
import type { SchoolYear } from '../../lib/school-year.js';
import { shellText, uiText } from '../../lib/messages.js';
import AutoSubmitSelect from '../../islands/AutoSubmitSelect.island.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';

export const SCHOOL_YEAR_CHANGE_ACTION = '/session/school-year';

export interface SchoolYearSelectorProps {
  years: readonly SchoolYear[];
  current: string | null;
  returnTo: string;
}

export function SchoolYearSelector({ years, current, returnTo }: SchoolYearSelectorProps): ReactElement | null {
  const { csrfToken } = useRequestContext();
  if (years.length === 0) return null;
  return (
    <Island
      name="AutoSubmitSelect"
      component={AutoSubmitSelect}
      props={{
        id: 'current-school-year',
        name: 'schoolYear',
        label: shellText.schoolYear,
        hint: shellText.schoolYearChangeHint,
        action: SCHOOL_YEAR_CHANGE_ACTION,
        csrfToken,
        returnTo,
        value: current ?? '',
        groups: [{ label: null, options: years.map((y) => ({ value: y.key, label: y.label })) }],
        buttonLabel: shellText.changeSchoolYear,
        pendingText: uiText.refreshingApplication,
      }}
    />
  );
}
