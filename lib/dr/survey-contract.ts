// The survey answers of the agency API (api/dr/surveys.ts) as the portal reads them.
import { z } from 'zod';
import { QUESTION_TYPES, SURVEY_AUDIENCES } from './survey-text.js';

export const surveyQuestion = z.object({ seq: z.number().int(), text: z.string(), type: z.enum(QUESTION_TYPES), required: z.boolean() });
export type SurveyQuestionDto = z.infer<typeof surveyQuestion>;

export const surveyAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  disputeTypes: z.array(z.number().int()),
  audience: z.enum(SURVEY_AUDIENCES),
  status: z.enum(['Draft', 'Active', 'Retired']),
  version: z.number().int(),
  questions: z.array(surveyQuestion),
  invitations: z.number().int(),
  responses: z.number().int(),
  responseRate: z.string(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswer>;
export const surveyList = z.array(surveyAnswer);

const questionResult = z.object({
  seq: z.number().int(), text: z.string(), type: z.enum(QUESTION_TYPES), n: z.number().int(), mean: z.string(), percentAgree: z.string(), percentYes: z.string(),
});
const breakdownGroup = z.union([
  z.object({ label: z.string(), responses: z.number().int(), hidden: z.literal(false), questions: z.array(questionResult) }),
  z.object({ label: z.string(), responses: z.null(), hidden: z.literal(true), notice: z.string() }),
]);
export const surveyResultsAnswer = z.object({
  surveyId: z.number().int(),
  invitations: z.number().int(),
  responses: z.number().int(),
  responseRate: z.string(),
  questions: z.array(questionResult.extend({ texts: z.array(z.string()) })),
  breakdowns: z.object({ type: z.array(breakdownGroup), lea: z.array(breakdownGroup), year: z.array(breakdownGroup) }),
});
export type SurveyResultsAnswer = z.infer<typeof surveyResultsAnswer>;
export type BreakdownGroup = z.infer<typeof breakdownGroup>;

export const publicSurveyAnswer = z.object({ name: z.string(), disputeType: z.number().int(), questions: z.array(surveyQuestion) });
export type PublicSurveyAnswer = z.infer<typeof publicSurveyAnswer>;
