// The USWDS step indicator, server-rendered: 'Step N of 7' and the step's name, the steps before
// it marked completed for screen readers.
import type { ReactElement } from 'react';
import { WIZARD_STEPS } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';

export function StepIndicator({ step }: { step: number }): ReactElement {
  return (
    <div className="usa-step-indicator usa-step-indicator--counters-sm">
      <ol className="usa-step-indicator__segments">
        {t.stepNames.map((name, i) => {
          const n = i + 1;
          const state = n < step ? 'complete' : n === step ? 'current' : null;
          return (
            <li key={name} className={`usa-step-indicator__segment${state ? ` usa-step-indicator__segment--${state}` : ''}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="usa-step-indicator__segment-label">
                {name}
                {state !== 'current' ? <span className="usa-sr-only">{` ${state === 'complete' ? t.completed : t.notCompleted}`}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="usa-step-indicator__header">
        <h2 className="usa-step-indicator__heading">
          <span className="usa-step-indicator__heading-counter">
            {'Step '}
            <span className="usa-step-indicator__current-step">{step}</span>
            <span className="usa-step-indicator__total-steps">{` of ${WIZARD_STEPS}`}</span>
          </span>
          <span className="usa-step-indicator__heading-text">{t.stepNames[step - 1]}</span>
        </h2>
      </div>
    </div>
  );
}
