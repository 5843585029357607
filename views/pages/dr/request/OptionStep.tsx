// Step 2, choose an option (DR spec §4.2): four cards as radio tiles, each with who may file,
// the typical timeline and 'No cost to parents'.
import type { ReactElement } from 'react';
import { REQUEST_OPTIONS, type DraftState } from '../../../../lib/dr/request.js';
import { OPTION_TITLES } from '../../../../lib/dr/request-rules.js';
import { OPTION_CARDS, wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { HintAndError } from '../../../components/form/SelectField.js';
import type { StepErrors } from './fields.js';

export function OptionStep({ state, errors }: { state: DraftState; errors: StepErrors }): ReactElement {
  const error = errors.option;
  return (
    <fieldset className={`usa-fieldset usa-form-group${error ? ' usa-form-group--error' : ''}`} aria-describedby={error ? 'option-error' : undefined}>
      <legend className="usa-legend usa-legend--large">{t.option}</legend>
      <HintAndError id="option" error={error} />
      {REQUEST_OPTIONS.map((o) => (
        <div className="usa-radio" key={o}>
          <input className="usa-radio__input usa-radio__input--tile" id={`option-${o}`} type="radio" name="option" value={o} defaultChecked={state.option === o} aria-invalid={error ? true : undefined} />
          <label className="usa-radio__label" htmlFor={`option-${o}`}>
            <strong>{OPTION_TITLES[o]}</strong>
            <span className="usa-checkbox__label-description">
              {`${t.whoMayFile}: ${OPTION_CARDS[o].who}`}
              <br />
              {`${t.timeline}: ${OPTION_CARDS[o].timeline}`}
              <br />
              {t.noCost}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}
