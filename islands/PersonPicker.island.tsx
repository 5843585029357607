// The person picker (spec §2 Person picker, §3, §4, §5): search people by district, school,
// first and last name; tick people in a table (columns options, id, last name, first name);
// add people who are not in the list by first and last name (both required; Enter or the Add
// Person button). People added by hand get negative ids; a person already listed is not added
// again. The search form is disabled while a search loads.
//
// Search endpoint (added by the route that hosts the picker):
//   GET /api/portal/people?leaId&schoolId&firstName&lastName  →  { people: [{ id, firstName, lastName }] }
//   query parsed with personSearchQuery, answer with peopleResponse (lib/person-picker.ts).
//
// No JavaScript: the search is a plain GET form to `searchAction` (the hosting page renders
// the results into `people`); the table is a POST form to `selectAction` with a checkbox
// `personId` per person and the two name fields posted as `manualFirstName` /
// `manualLastName`, read by personSelectionBody. With JavaScript the same forms are used; the
// search runs in place and hand-added people become rows posted as hidden name pairs.
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { peopleResponse } from '../lib/browser-contract.js';
import { reportServerResponse } from '../lib/client-events.js';
import { errorMessages, shellText, uiText } from '../lib/messages.js';
import {
  addManualPerson,
  mergePeople,
  personSearchParams,
  selectedPeople,
  toggleSelected,
  toPerson,
  type ManualPersonErrors,
  type Person,
  type PersonSearchQuery,
} from '../lib/person-picker.js';
import { TextField } from '../views/components/form/TextField.js';
import { apiFetch } from './api.js';

export const PEOPLE_ENDPOINT = '/api/portal/people';

export interface PickerLea {
  id: number;
  name: string;
}

export interface PickerSchool {
  id: number;
  leaId: number;
  name: string;
}

export interface PersonPickerProps {
  id: string;
  leas: PickerLea[];
  schools: PickerSchool[];
  /** The search the page was rendered for. */
  query: { leaId?: number; schoolId?: number; firstName: string; lastName: string };
  /** Whether `people` holds search results (a 'No results' row shows when it is empty). */
  searched: boolean;
  /** Results of the search and people already chosen (selected: true; negative ids: added by hand). */
  people: { id: number; firstName: string; lastName: string; selected?: boolean }[];
  searchAction: string;
  selectAction: string;
  csrfToken: string;
  submitLabel?: string;
}

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; count: number } | { kind: 'error'; message: string };

export default function PersonPicker(props: PersonPickerProps): ReactElement {
  const { id, leas, schools, searchAction, selectAction, csrfToken, submitLabel = shellText.saveSelection } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [query, setQuery] = useState<PersonSearchQuery>({
    leaId: props.query.leaId,
    schoolId: props.query.schoolId,
    firstName: props.query.firstName,
    lastName: props.query.lastName,
  });
  const [people, setPeople] = useState<Person[]>(() => props.people.map((p) => toPerson(p, p.selected ?? false)));
  const [searched, setSearched] = useState(props.searched);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [manual, setManual] = useState({ firstName: '', lastName: '' });
  const [manualErrors, setManualErrors] = useState<ManualPersonErrors>({});
  const searchFormRef = useRef<HTMLFormElement>(null);
  const firstNameRef = useRef<HTMLDivElement>(null);

  useEffect(() => setEnhanced(true), []);

  const loading = status.kind === 'loading';
  // With JavaScript the school list follows the chosen district.
  const schoolOptions = useMemo(
    () => (enhanced && query.leaId !== undefined ? schools.filter((s) => s.leaId === query.leaId) : schools),
    [enhanced, query.leaId, schools],
  );
  const chosen = selectedPeople(people);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const params = personSearchParams(query);
    setStatus({ kind: 'loading' });
    let response: Response;
    try {
      response = await apiFetch(`${PEOPLE_ENDPOINT}?${params.toString()}`);
    } catch {
      setStatus({ kind: 'error', message: errorMessages.noNetwork });
      return;
    }
    reportServerResponse(response);
    const parsed = response.ok ? peopleResponse.safeParse(await response.json().catch(() => null)) : null;
    if (!parsed?.success) {
      // The in-place search is unavailable: run the same search as a page load. The fieldset
      // must be enabled again first, or its disabled fields would not be submitted.
      flushSync(() => setStatus({ kind: 'idle' }));
      searchFormRef.current?.submit();
      return;
    }
    const found = parsed.data.people.map((p) => toPerson(p));
    setPeople((list) => mergePeople(selectedPeople(list), found));
    setSearched(true);
    setStatus({ kind: 'done', count: found.length });
    const target = new URL(searchAction, window.location.href);
    if (target.pathname === window.location.pathname) {
      window.history.replaceState(window.history.state, '', `${target.pathname}${params.size ? `?${params.toString()}` : ''}`);
    }
  };

  const addManual = () => {
    const result = addManualPerson(people, manual.firstName, manual.lastName);
    if (!result.ok) {
      setManualErrors(result.errors);
      return;
    }
    setPeople(result.list);
    setManual({ firstName: '', lastName: '' });
    setManualErrors({});
    firstNameRef.current?.querySelector('input')?.focus();
  };

  const addOnEnter = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (enhanced && e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      addManual();
    }
  };

  const statusText =
    status.kind === 'loading'
      ? shellText.searching
      : status.kind === 'done'
        ? `${shellText.peopleFound(status.count)}. ${shellText.selectedCount(chosen.length)}`
        : shellText.selectedCount(chosen.length);

  return (
    <div className="person-picker" id={id}>
      <form
        ref={searchFormRef}
        method="get"
        action={searchAction}
        role="search"
        aria-label={shellText.searchPeople}
        onSubmit={(e) => void search(e)}
        aria-busy={loading || undefined}
      >
        <fieldset className="usa-fieldset" disabled={loading}>
          <legend className="usa-legend usa-legend--large">{shellText.searchPeople}</legend>
          <div className="grid-row grid-gap">
            <div className="usa-form-group tablet:grid-col-6">
              <label className="usa-label" htmlFor={`${id}-lea`}>
                {shellText.district}
              </label>
              <select
                className="usa-select"
                id={`${id}-lea`}
                name="leaId"
                value={query.leaId === undefined ? '' : String(query.leaId)}
                onChange={(e) => {
                  const leaId = e.target.value === '' ? undefined : Number(e.target.value);
                  setQuery((q) => ({
                    ...q,
                    leaId,
                    schoolId: schools.some((s) => s.id === q.schoolId && s.leaId === leaId) ? q.schoolId : undefined,
                  }));
                }}
              >
                <option value="">{shellText.anyDistrict}</option>
                {leas.map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="usa-form-group tablet:grid-col-6">
              <label className="usa-label" htmlFor={`${id}-school`}>
                {shellText.school}
              </label>
              <select
                className="usa-select"
                id={`${id}-school`}
                name="schoolId"
                value={query.schoolId === undefined ? '' : String(query.schoolId)}
                onChange={(e) => setQuery((q) => ({ ...q, schoolId: e.target.value === '' ? undefined : Number(e.target.value) }))}
              >
                <option value="">{shellText.anySchool}</option>
                {schoolOptions.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id={`${id}-first-name`}
              name="firstName"
              label={shellText.firstName}
              value={query.firstName}
              autoComplete="off"
              maxLength={200}
              className="tablet:grid-col-6"
              onChange={(e) => setQuery((q) => ({ ...q, firstName: e.target.value }))}
            />
            <TextField
              id={`${id}-last-name`}
              name="lastName"
              label={shellText.lastName}
              value={query.lastName}
              autoComplete="off"
              maxLength={200}
              className="tablet:grid-col-6"
              onChange={(e) => setQuery((q) => ({ ...q, lastName: e.target.value }))}
            />
          </div>
          <button type="submit" className="usa-button margin-top-2">
            {loading ? shellText.searching : shellText.search}
          </button>
        </fieldset>
      </form>

      <div role="alert">
        {status.kind === 'error' ? (
          <div className="usa-alert usa-alert--error usa-alert--slim">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{status.message}</p>
            </div>
          </div>
        ) : null}
      </div>

      <form method="post" action={selectAction} className="person-picker__selection">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="table-scroll">
          <table className="usa-table usa-table--borderless width-full">
            <caption>{shellText.people}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="usa-sr-only">{shellText.options}</span>
                </th>
                <th scope="col">{shellText.id}</th>
                <th scope="col">{shellText.lastName}</th>
                <th scope="col">{shellText.firstName}</th>
              </tr>
            </thead>
            <tbody>
              {people.length === 0 ? (
                <tr>
                  <td colSpan={4} className="data-table__empty">
                    {searched ? uiText.noResults : ''}
                  </td>
                </tr>
              ) : (
                people.map((p) => {
                  const boxId = `${id}-person-${p.id < 0 ? `m${-p.id}` : p.id}`;
                  return (
                    <tr key={p.id}>
                      <td>
                        <div className="usa-checkbox">
                          <input
                            className="usa-checkbox__input"
                            type="checkbox"
                            id={boxId}
                            // People added by hand are posted as name pairs, not ids.
                            name={p.id > 0 ? 'personId' : undefined}
                            value={p.id > 0 ? String(p.id) : undefined}
                            checked={p.selected}
                            onChange={() => setPeople((list) => toggleSelected(list, p.id))}
                          />
                          {/* The zero-width space gives the label a line box, so the drawn box
                              (label::before) has a clickable label of its own height. */}
                          <label className="usa-checkbox__label margin-top-0" htmlFor={boxId}>
                            <span className="usa-sr-only">{shellText.selectPerson(p.fullName)}</span>
                            {'\u200B'}
                          </label>
                        </div>
                        {p.id < 0 && p.selected ? (
                          <>
                            <input type="hidden" name="manualFirstName" value={p.firstName} />
                            <input type="hidden" name="manualLastName" value={p.lastName} />
                          </>
                        ) : null}
                      </td>
                      <td>{p.id > 0 ? p.id : ''}</td>
                      <td>{p.lastName}</td>
                      <td>{p.firstName}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>

        <fieldset className="usa-fieldset person-picker__add" onKeyDown={addOnEnter}>
          <legend className="usa-legend">{shellText.addAnotherPerson}</legend>
          <div className="grid-row grid-gap" ref={firstNameRef}>
            <TextField
              id={`${id}-manual-first-name`}
              // Without JavaScript these post with the selection; with it they only feed Add Person.
              name={enhanced ? '' : 'manualFirstName'}
              label={shellText.firstName}
              value={manual.firstName}
              error={manualErrors.firstName ?? null}
              autoComplete="off"
              maxLength={200}
              className="tablet:grid-col-6"
              onChange={(e) => setManual((m) => ({ ...m, firstName: e.target.value }))}
            />
            <TextField
              id={`${id}-manual-last-name`}
              name={enhanced ? '' : 'manualLastName'}
              label={shellText.lastName}
              value={manual.lastName}
              error={manualErrors.lastName ?? null}
              autoComplete="off"
              maxLength={200}
              className="tablet:grid-col-6"
              onChange={(e) => setManual((m) => ({ ...m, lastName: e.target.value }))}
            />
          </div>
          {enhanced ? (
            <button type="button" className="usa-button usa-button--outline margin-top-2" onClick={addManual}>
              {shellText.addPerson}
            </button>
          ) : null}
        </fieldset>

        <p className="person-picker__status" role="status" aria-live="polite">
          {statusText}
        </p>
        <button type="submit" className="usa-button">
          {submitLabel}
        </button>
      </form>
    </div>
  );
}
