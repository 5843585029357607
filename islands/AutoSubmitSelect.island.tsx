// A top-bar selector (LEA, school year) that changes a session setting (spec §2 Shell, §4).
//
// No JavaScript: a plain POST form (CSRF field, the select, a visible submit button such as
// "Change LEA"); the server saves the choice and redirects (303).
// With JavaScript: the button is hidden and picking an option with the mouse or touch submits
// the form after a 100 ms debounce (spec §9), showing the overlay ('Refreshing Application...').
// Changing the value with the keyboard does NOT submit on its own: arrowing through a closed
// select fires a change per step in some browsers, and a page reload per step would be an
// unexpected change of context (WCAG 3.2.2). The button comes back instead, and Enter submits.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { PleaseWait } from '../views/components/PleaseWait.js';

export const AUTO_SUBMIT_DELAY_MS = 100;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectGroup {
  /** An <optgroup> label, or null for options outside any group. */
  label: string | null;
  options: SelectOption[];
}

export interface AutoSubmitSelectProps {
  id: string;
  name: string;
  label: string;
  /** Said to screen readers with the select: what changing it does. */
  hint: string;
  action: string;
  csrfToken: string;
  /** The page to come back to (path and query). */
  returnTo: string;
  value: string;
  groups: SelectGroup[];
  buttonLabel: string;
  pendingText: string;
}

const KEYS_THAT_CHANGE = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down)|.)$/u;

export default function AutoSubmitSelect(props: AutoSubmitSelectProps): ReactElement {
  const { id, name, label, hint, action, csrfToken, returnTo, value, groups, buttonLabel, pendingText } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [showButton, setShowButton] = useState(true);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keyboard = useRef(false);

  useEffect(() => {
    setEnhanced(true);
    setShowButton(false);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  // Back from the bfcache after a submit: the overlay must not stay up.
  useEffect(() => {
    const reset = () => setPending(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      formRef.current?.requestSubmit();
      return;
    }
    if (KEYS_THAT_CHANGE.test(event.key)) keyboard.current = true;
  };

  const onChange = () => {
    if (timer.current) clearTimeout(timer.current);
    if (keyboard.current) {
      keyboard.current = false;
      setShowButton(true);
      return;
    }
    timer.current = setTimeout(() => formRef.current?.requestSubmit(), AUTO_SUBMIT_DELAY_MS);
  };

  const hintId = `${id}-hint`;
  return (
    <form ref={formRef} method="post" action={action} className="app-topbar__select-form" onSubmit={() => setPending(true)}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="usa-form-group">
        <label className="usa-label" htmlFor={id}>
          {label}
        </label>
        <span className="usa-sr-only" id={hintId}>
          {hint}
        </span>
        <select
          className="usa-select"
          id={id}
          name={name}
          defaultValue={value}
          aria-describedby={hintId}
          onChange={enhanced ? onChange : undefined}
          onKeyDown={enhanced ? onKeyDown : undefined}
          onMouseDown={() => {
            keyboard.current = false;
          }}
        >
          {groups.map((group, gi) =>
            group.label === null ? (
              group.options.map((o) => (
                <option key={`${gi}-${o.value}`} value={o.value}>
                  {o.label}
                </option>
              ))
            ) : (
              <optgroup key={`${gi}-${group.label}`} label={group.label}>
                {group.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
        <button type="submit" className="usa-button usa-button--outline" hidden={!showButton}>
          {buttonLabel}
        </button>
      </div>
      <PleaseWait visible={pending} text={pendingText} />
    </form>
  );
}
