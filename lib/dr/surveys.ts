// Satisfaction survey results and the survey life cycle (DR spec §4.7, §5.3, §8, §14): per
// question n, the Likert mean (one decimal), percent Agree (4 or 5), percent Yes, text answers
// without identifiers, and breakdowns hidden under 3 responses; activating a survey retires the
// other Active one of the same type and audience. Pure.
import { surveyMessages } from './messages.js';
import { percent } from './rules.js';

export const PRIVACY_THRESHOLD = 3;

export type QuestionType = 'Likert5' | 'YesNo' | 'Text';
export type Answer = number | boolean | string | null;

export interface QuestionResult {
  n: number;
  /** Likert: mean of 1-5, one decimal; '' otherwise or without answers. */
  mean: string;
  /** Likert: answers of 4 or 5 over n; YesNo: yes over n. 'N/A' without answers. */
  percentAgree: string;
  percentYes: string;
  texts: string[];
}

/** One question's results over the answers given (null: not answered). */
export function questionResult(type: QuestionType, answers: readonly Answer[]): QuestionResult {
  const given = answers.filter((a): a is number | boolean | string => a !== null && a !== '');
  const n = given.length;
  if (type === 'Likert5') {
    const scores = given.filter((a): a is number => typeof a === 'number' && Number.isInteger(a) && a >= 1 && a <= 5);
    // One decimal, half up: sum × 10 / count is exact at the halves (27.5), so Math.round is.
    const mean = scores.length ? (Math.round((scores.reduce((s, x) => s + x, 0) * 10) / scores.length) / 10).toFixed(1) : '';
    return { n: scores.length, mean, percentAgree: percent(scores.filter((s) => s >= 4).length, scores.length, 1), percentYes: '', texts: [] };
  }
  if (type === 'YesNo') {
    const yes = given.filter((a) => a === true).length;
    return { n, mean: '', percentAgree: '', percentYes: percent(yes, n, 1), texts: [] };
  }
  return { n, mean: '', percentAgree: '', percentYes: '', texts: given.filter((a): a is string => typeof a === 'string') };
}

/** A breakdown (by type, LEA or year) is shown only from 3 responses; otherwise the notice. */
export function breakdownVisible(responses: number): { visible: true } | { visible: false; notice: string } {
  return responses >= PRIVACY_THRESHOLD ? { visible: true } : { visible: false, notice: surveyMessages.hiddenForPrivacy };
}

export type SurveyStatus = 'Draft' | 'Active' | 'Retired';

export interface SurveySummary {
  id: string;
  disputeTypes: readonly string[];
  audience: 'Parent' | 'LEA' | 'All';
  status: SurveyStatus;
  questionCount: number;
  responses: number;
}

/** Activating: refused without questions; otherwise the ids of the Active surveys it retires. */
export function activation(survey: SurveySummary, all: readonly SurveySummary[]): { error: string } | { retires: string[] } {
  if (survey.questionCount === 0) return { error: surveyMessages.activateEmpty };
  const overlaps = (a: SurveySummary) => a.audience === survey.audience && a.disputeTypes.some((t) => survey.disputeTypes.includes(t));
  return { retires: all.filter((s) => s.id !== survey.id && s.status === 'Active' && overlaps(s)).map((s) => s.id) };
}

/** A survey with responses is not edited (a copy is); null when editing is allowed. */
export function editError(survey: Pick<SurveySummary, 'responses'>): string | null {
  return survey.responses > 0 ? surveyMessages.answeredNoEdit : null;
}
