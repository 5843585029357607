// Step 1, who is filing (DR spec §4.2): the requester type (fixed for a district user, who also
// names the parent), contact details prefilled from the account, language, interpreter and
// accommodations.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import { LANGUAGES, REQUESTER_TYPES, type DraftState } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { SelectField } from '../../../components/form/SelectField.js';
import { TextBlock } from '../../../components/TextBlock.js';
import { RadioGroup } from '../../admin/AdminOrgFields.js';
import { PathField, PathTextarea, type StepErrors } from './fields.js';

export interface WhoStepProps {
  state: DraftState;
  errors: StepErrors;
  /** A district user files as type 6 and names the parent. */
  filerIsLea: boolean;
  intro: TextBlockData | null;
}

const ADDRESS = [
  ['street', t.street, 'street-address'],
  ['city', t.city, 'address-level2'],
  ['state', t.state, 'address-level1'],
  ['zip', t.zip, 'postal-code'],
] as const;

export function WhoStep({ state, errors, filerIsLea, intro }: WhoStepProps): ReactElement {
  const r = state.data.requester ?? {};
  const p = state.data.otherParty ?? {};
  return (
    <>
      <TextBlock block={intro} headingLevel={3} />
      {filerIsLea ? (
        <p>{t.requesterTypeFixed}</p>
      ) : (
        <RadioGroup
          id="requesterType"
          legend={t.requesterType}
          value={state.requesterType ? String(state.requesterType) : ''}
          options={Object.entries(REQUESTER_TYPES)
            .filter(([k]) => k !== '6')
            .map(([value, label]) => ({ value, label }))}
          error={errors.requesterType}
        />
      )}
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t.contact}</legend>
        <PathField path="requester.fullName" errors={errors} label={t.fullName} value={r.fullName} autoComplete="name" maxLength={200} />
        <PathField path="requester.email" errors={errors} label={t.email} value={r.email} type="email" autoComplete="email" maxLength={256} />
        <PathField path="requester.phone" errors={errors} label={t.phone} value={r.phone} type="tel" autoComplete="tel" maxLength={20} />
        {ADDRESS.map(([key, label, auto]) => (
          <PathField key={key} path={`requester.${key}`} errors={errors} label={label} value={r[key]} autoComplete={auto} maxLength={key === 'state' ? 2 : key === 'zip' ? 10 : 200} />
        ))}
        <SelectField
          id="requester-preferredLanguage"
          name="requester.preferredLanguage"
          label={t.preferredLanguage}
          value={r.preferredLanguage ?? 'English'}
          options={LANGUAGES.map((l) => ({ value: l, label: l }))}
          error={errors['requester-preferredLanguage']}
        />
        <CheckboxField id="requester-interpreterNeeded" name="requester.interpreterNeeded" label={t.interpreterNeeded} checked={r.interpreterNeeded === true} />
        <PathTextarea path="requester.accommodations" errors={errors} label={t.accommodations} value={r.accommodations} maxLength={600} />
      </fieldset>
      {filerIsLea ? (
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t.otherParty}</legend>
          <p className="usa-hint">{t.otherPartyHint}</p>
          <PathField path="otherParty.name" errors={errors} label={t.parentName} value={p.name} maxLength={200} />
          <PathField path="otherParty.email" errors={errors} label={t.email} value={p.email} type="email" maxLength={256} />
          <PathField path="otherParty.phone" errors={errors} label={t.phone} value={p.phone} type="tel" maxLength={20} />
          {ADDRESS.map(([key, label]) => (
            <PathField key={key} path={`otherParty.${key}`} errors={errors} label={label} value={p[key]} maxLength={key === 'state' ? 2 : key === 'zip' ? 10 : 200} />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
