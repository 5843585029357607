// Step 6, review (DR spec §4.2): every answer by section with an Edit link back to its step.
import type { ReactElement } from 'react';
import type { TextBlock as TextBlockData } from '../../../../lib/contract.js';
import type { DrRespondents } from '../../../../lib/dr/contract.js';
import { ISSUE_CATEGORIES, REQUESTER_TYPES, stepsFor, type DraftState } from '../../../../lib/dr/request.js';
import { OPTION_TITLES, type RequesterType } from '../../../../lib/dr/request-rules.js';
import { wizardText as t } from '../../../../lib/dr/wizard-text.js';
import { TextBlock } from '../../../components/TextBlock.js';
import { WIZARD_PATH } from './paths.js';

export interface ReviewStepProps {
  state: DraftState;
  respondents: DrRespondents;
  intro: TextBlockData | null;
}

type Row = readonly [label: string, value: string | undefined];

const yesNo = (v: boolean | undefined): string => (v === true ? t.yes : v === false ? t.no : t.notAnswered);
const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim() !== '').join(', ');

function Section({ step, rows }: { step: number; rows: readonly Row[] }): ReactElement {
  const title = t.stepNames[step - 1] ?? '';
  return (
    <section className="margin-bottom-3" aria-labelledby={`review-${step}`}>
      <div className="display-flex flex-justify flex-align-center">
        <h3 id={`review-${step}`}>{title}</h3>
        <a className="usa-link" href={`${WIZARD_PATH}?step=${step}`}>
          {t.edit}
          <span className="usa-sr-only">{` ${title}`}</span>
        </a>
      </div>
      <dl className="dr-review">
        {rows.map(([label, value], i) => (
          <div key={`${label}-${i}`}>
            <dt className="text-bold">{label}</dt>
            <dd className="margin-left-0 margin-bottom-1">{value && value.trim() !== '' ? value : t.notAnswered}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ReviewStep({ state, respondents, intro }: ReviewStepProps): ReactElement {
  const d = state.data;
  const r = d.requester ?? {};
  const s = d.student ?? {};
  const lea = respondents.leas.find((l) => l.id === state.leaId);
  const school = s.schoolId === 'other' ? s.schoolNameOther : respondents.schools.find((x) => String(x.id) === s.schoolId)?.name;
  const sections: Record<number, Row[]> = {
    1: [
      [t.requesterType, state.requesterType ? REQUESTER_TYPES[state.requesterType as RequesterType] : undefined],
      [t.fullName, r.fullName],
      [t.email, r.email],
      [t.phone, r.phone],
      [t.street, joined(r.street, r.city, r.state, r.zip)],
      [t.preferredLanguage, r.preferredLanguage],
      [t.interpreterNeeded, yesNo(r.interpreterNeeded)],
      [t.accommodations, r.accommodations],
      ...(state.requesterType === 6 ? ([[t.parentName, d.otherParty?.name], [t.email, d.otherParty?.email], [t.street, joined(d.otherParty?.street, d.otherParty?.city, d.otherParty?.state, d.otherParty?.zip)]] as Row[]) : []),
    ],
    2: [[t.option, state.option ? OPTION_TITLES[state.option] : undefined]],
    3: [
      ...(state.option === 'SC' ? ([[t.concernsSpecificStudent, yesNo(d.concernsSpecificStudent)]] as Row[]) : []),
      [t.firstName, s.firstName],
      [t.lastName, s.lastName],
      [t.dateOfBirth, s.dateOfBirth],
      [t.isHomeless, yesNo(s.isHomeless)],
      [s.isHomeless ? t.homelessContact : t.residenceAddress, s.isHomeless ? s.homelessContact : s.residenceAddress],
      [t.lea, lea?.name],
      [t.school, school],
      [t.grade, s.grade],
    ],
    4: [
      ...(state.option === 'SC'
        ? (d.allegations ?? []).flatMap((a, i): Row[] => [
            [`${t.allegation(i + 1)}: ${t.requirement}`, a.requirement],
            [t.facts, a.facts],
            [t.violationDate, a.violationDate],
          ])
        : []),
      [state.option === 'SC' ? t.issuesOptional : t.issues, (d.issues ?? []).map((c) => ISSUE_CATEGORIES.find((i) => i.code === c)?.label ?? c).join(', ')],
      ...(state.option === 'SC' ? [] : ([[t.problemDescription, d.problemDescription]] as Row[])),
      [t.proposedResolution, d.proposedResolutionUnknown ? t.proposedResolutionUnknown : d.proposedResolution],
      ...(state.option === 'IEPF' ? ([[t.iepMeetingDate, d.iepMeetingDate], [t.iepMeetingType, d.iepMeetingType]] as Row[]) : []),
      ...(state.option === 'DP' ? ([[t.knewDate, d.knewDate]] as Row[]) : []),
    ],
    5: [
      [t.q1, yesNo(d.dpAnswers?.q1Expedited)],
      [t.q2, yesNo(d.dpAnswers?.q2RequestMediation)],
      [t.q3, yesNo(d.dpAnswers?.q3HasAttorney)],
      ...(d.dpAnswers?.q3HasAttorney ? ([[t.attorneyName, d.attorney?.name], [t.attorneyFirm, d.attorney?.firm], [t.attorneyEmail, d.attorney?.email], [t.attorneyPhone, d.attorney?.phone]] as Row[]) : []),
    ],
  };
  return (
    <>
      <TextBlock block={intro} headingLevel={3} />
      {stepsFor(state.option ?? null)
        .filter((step) => step <= 5)
        .map((step) => (
          <Section key={step} step={step} rows={sections[step] ?? []} />
        ))}
    </>
  );
}
