// Step 3, student and district (DR spec §4.2): whether a state complaint is about one student,
// the student, the respondent LEA (Districts and Charters groups), the school from that LEA's
// schools or 'Not listed' with its name, and the grade. Without JavaScript the schools follow
// the LEA once the step is saved.
import type { ReactElement } from 'react';
import type { DrRespondents } from '../../../../lib/dr/contract.js';
import { GRADES, type CaseData, type DraftState } from '../../../../lib/dr/request.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { CheckboxField } from '../../../components/form/CheckboxField.js';
import { describedBy, HintAndError, SelectField } from '../../../components/form/SelectField.js';
import { PathField, PathTextarea, YesNo, type StepErrors } from './fields.js';

export interface StudentStepProps {
  state: DraftState;
  errors: StepErrors;
  respondents: DrRespondents;
}

function LeaSelect({ state, errors, respondents }: StudentStepProps): ReactElement {
  const error = errors.leaId;
  const groups = [
    { label: t.districts, leas: respondents.leas.filter((l) => l.leaType === 'District') },
    { label: t.charters, leas: respondents.leas.filter((l) => l.leaType === 'Charter') },
  ].filter((g) => g.leas.length > 0);
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor="leaId">
        {t.lea}
      </label>
      <HintAndError id="leaId" hint={t.leaHint} error={error} />
      <select className={`usa-select${error ? ' usa-input--error' : ''}`} id="leaId" name="leaId" defaultValue={state.leaId ? String(state.leaId) : ''} aria-invalid={error ? true : undefined} aria-describedby={describedBy('leaId', t.leaHint, error)}>
        <option value="">{t.choose}</option>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.leas.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

export function StudentStep(props: StudentStepProps): ReactElement {
  const { state, errors, respondents } = props;
  const s: NonNullable<CaseData['student']> = state.data.student ?? {};
  return (
    <>
      {state.option === 'SC' ? <YesNo path="concernsSpecificStudent" errors={errors} legend={t.concernsSpecificStudent} value={state.data.concernsSpecificStudent} /> : null}
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t.student}</legend>
        <PathField path="student.firstName" errors={errors} label={t.firstName} value={s.firstName} maxLength={100} />
        <PathField path="student.lastName" errors={errors} label={t.lastName} value={s.lastName} maxLength={100} />
        <PathField path="student.dateOfBirth" errors={errors} label={t.dateOfBirth} value={s.dateOfBirth} type="date" />
        <CheckboxField id="student-isHomeless" name="student.isHomeless" label={t.isHomeless} checked={s.isHomeless === true} />
        <PathTextarea path="student.residenceAddress" errors={errors} label={t.residenceAddress} value={s.residenceAddress} maxLength={600} />
        <PathTextarea path="student.homelessContact" errors={errors} label={t.homelessContact} hint={t.homelessContactHint} value={s.homelessContact} maxLength={600} />
        <SelectField
          id="student-grade"
          name="student.grade"
          label={t.grade}
          value={s.grade ?? ''}
          options={[{ value: '', label: t.choose }, ...GRADES.map((g) => ({ value: g, label: g }))]}
          error={errors['student-grade']}
        />
      </fieldset>
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t.district}</legend>
        <LeaSelect {...props} />
        <SelectField
          id="student-schoolId"
          name="student.schoolId"
          label={t.school}
          hint={respondents.schools.length === 0 ? t.schoolHint : undefined}
          value={s.schoolId ?? ''}
          options={[{ value: '', label: t.choose }, ...respondents.schools.map((x) => ({ value: String(x.id), label: x.name })), { value: 'other', label: t.notListed }]}
          error={errors['student-schoolId']}
        />
        <PathField path="student.schoolNameOther" errors={errors} label={t.schoolNameOther} value={s.schoolNameOther} maxLength={200} />
      </fieldset>
    </>
  );
}
