// /monitoring/visit, the Integrated Monitoring Review visit (spec §2 Side navigation, Person
// picker): its "Visit details" step (VisitDetailsSection.tsx) comes first; its "Select people
// for the review" step hosts the PersonPicker island (search by
// district, school, first and last name; tick people; add people not in the list), and lists
// the people selected so far, each with a Remove button. Everything works without JavaScript:
// the picker's search is a GET form, its selection and every Remove a POST form.
import type { ReactElement } from 'react';
import { monitoringText, navText, shellText } from '../../lib/messages.js';
import PersonPicker, { type PersonPickerProps } from '../../islands/PersonPicker.island.js';
import { CsrfField } from '../components/CsrfField.js';
import { Flash } from '../components/Flash.js';
import { ErrorSummary, type SummaryError } from '../components/form/ErrorSummary.js';
import { Island } from '../Island.js';
import { useRequestContext } from '../request-context.js';
import { PageHeader } from '../shell/PageHeader.js';
import { VisitDetailsSection, type VisitDetailsSectionProps } from './VisitDetailsSection.js';

export const VISIT_PATH = '/monitoring/visit';
export const VISIT_PEOPLE_PATH = `${VISIT_PATH}/people`;
export const PICKER_ID = 'visit-people';
export const removePersonAction = (id: number): string => `${VISIT_PEOPLE_PATH}/${id}/remove`;

export interface SelectedPerson {
  /** The person's external id; negative for people added by hand. */
  id: number;
  firstName: string;
  lastName: string;
}

export interface MonitoringVisitPageProps {
  selected: readonly SelectedPerson[];
  /** The picker's props; null when the user may only look at the selection. */
  picker: Omit<PersonPickerProps, 'id' | 'searchAction' | 'selectAction' | 'csrfToken'> | null;
  /** The search could not run (the API failed); the picker still shows. */
  searchFailed?: boolean;
  errors?: readonly SummaryError[];
  /** The "Visit details" step; null for users who may neither view nor start visits. */
  details: VisitDetailsSectionProps | null;
}

function personLabel(p: SelectedPerson): string {
  return `${p.lastName}, ${p.firstName}`;
}

export function MonitoringVisitPage({ selected, picker, searchFailed, errors = [], details }: MonitoringVisitPageProps): ReactElement {
  const { csrfToken } = useRequestContext();
  return (
    <div className="monitoring-visit">
      <PageHeader title={navText.integratedMonitoringReview} />

      {details ? <VisitDetailsSection {...details} /> : null}

      <section className="monitoring-visit__step" aria-labelledby="select-people-title">
        <h2 id="select-people-title">{monitoringText.selectPeopleStep}</h2>
        {picker ? (
          <>
            <p className="usa-prose">{monitoringText.selectPeopleIntro}</p>
            <ErrorSummary errors={errors} />
            {searchFailed ? <Flash messages={[{ type: 'error', text: monitoringText.searchUnavailable }]} /> : null}
            <Island
              name="PersonPicker"
              component={PersonPicker}
              props={{ ...picker, id: PICKER_ID, searchAction: VISIT_PATH, selectAction: VISIT_PEOPLE_PATH, csrfToken }}
            />
          </>
        ) : (
          <p className="usa-prose">{monitoringText.viewOnly}</p>
        )}
      </section>

      <section className="monitoring-visit__selected" aria-labelledby="selected-people-title">
        <h2 id="selected-people-title">{monitoringText.selectedPeople}</h2>
        {selected.length === 0 ? (
          <p>{monitoringText.noPeopleSelected}</p>
        ) : (
          <ul className="usa-list usa-list--unstyled selected-people" data-testid="selected-people">
            {selected.map((p) => (
              <li key={p.id} className="selected-people__item">
                <span className="selected-people__name">
                  {personLabel(p)}{' '}
                  <span className="selected-people__id">({p.id > 0 ? `${shellText.id} ${p.id}` : monitoringText.addedByHand})</span>
                </span>
                {picker ? (
                  <form method="post" action={removePersonAction(p.id)} className="selected-people__remove">
                    <CsrfField />
                    <button type="submit" className="usa-button usa-button--unstyled" aria-label={monitoringText.removePerson(`${p.firstName} ${p.lastName}`)}>
                      {monitoringText.remove}
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
