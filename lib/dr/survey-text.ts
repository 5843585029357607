// The survey manager's and the public survey's words (DR spec §4.7, §4.11, §7 'Surveys'); the
// spec's own messages come from lib/dr/messages.ts surveyMessages.
import { surveyMessages } from './messages.js';

export { surveyMessages };

export const SURVEY_AUDIENCES = ['Parent', 'LEA', 'All'] as const;
export const QUESTION_TYPES = ['Likert5', 'YesNo', 'Text'] as const;
export const SURVEY_OUTCOMES: readonly number[] = [11, 12, 21, 22, 31, 41, 44, 45];
/** A survey link lasts 30 days (§8). */
export const SURVEY_TOKEN_DAYS = 30;

export const LIKERT_LABELS: Readonly<Record<number, string>> = {
  1: 'Strongly disagree',
  2: 'Disagree',
  3: 'Neither agree nor disagree',
  4: 'Agree',
  5: 'Strongly agree',
};

export const QUESTION_TYPE_LABELS: Readonly<Record<(typeof QUESTION_TYPES)[number], string>> = {
  Likert5: 'Agree/disagree (1-5)',
  YesNo: 'Yes or no',
  Text: 'Text',
};

export const surveyText = {
  newSurvey: 'New survey',
  newSurveyName: 'New survey',
  copy: 'Copy',
  activate: 'Activate',
  retire: 'Retire',
  name: 'Name',
  types: 'Types',
  audience: 'Audience',
  status: 'Status',
  version: 'Version',
  invitations: 'Invitations',
  responses: 'Responses',
  responseRate: 'Response rate',
  none: 'No surveys yet.',
  surveyDetails: 'Survey details',
  save: 'Save',
  questions: 'Questions',
  noQuestions: 'This survey has no questions yet.',
  addQuestion: 'Add question',
  questionText: 'Question',
  questionType: 'Answer type',
  required: 'Required',
  optional: 'Optional',
  moveUp: 'Move up',
  moveDown: 'Move down',
  delete: 'Delete',
  results: 'Results',
  n: 'n',
  mean: 'Mean',
  percentAgree: 'Agree',
  percentYes: 'Yes',
  textAnswers: 'Answers',
  noTextAnswers: 'No answers yet.',
  breakdowns: 'Breakdowns',
  byType: 'By dispute type',
  byLea: 'By LEA',
  byYear: 'By school year',
  group: 'Group',
  yes: 'Yes',
  no: 'No',
  submit: 'Submit',
  publicTitle: 'Satisfaction survey',
  publicIntro: 'Your answers are recorded without your name or your case.',
  requiredMark: '(required)',
  backToManager: 'Back to the survey manager',
  // Flash messages and errors of our own (not in the spec's §7 table).
  created: 'Survey created.',
  saved: 'Survey saved.',
  copied: 'A new draft version was created.',
  activated: 'Survey activated.',
  retired: 'Survey retired.',
  notFound: 'No such survey.',
  answerRequired: 'Answer this question.',
  notDraft: 'Only a draft survey can be activated.',
  alreadyRetired: 'This survey is already retired.',
  nameRequired: 'Enter the survey name.',
  typesRequired: 'Select at least one dispute type.',
  questionRequired: 'Enter the question.',
  invitationSubject: (typeName: string) => `Tell us about your ${typeName.toLowerCase()} experience`,
  invitationBody: (typeName: string) =>
    `Your ${typeName.toLowerCase()} case has closed. Please take a few minutes to answer a short survey. Your answers are recorded without your name or your case. The link works once and expires in ${SURVEY_TOKEN_DAYS} days.`,
} as const;
