// DR surveys (§4.7, §5.3, §8, §14): results per question, the privacy threshold, activation.
import { describe, expect, it } from 'vitest';
import { surveyMessages } from '../../lib/dr/messages.js';
import { activation, breakdownVisible, editError, questionResult, type SurveySummary } from '../../lib/dr/surveys.js';

describe('results per question', () => {
  it('Likert: n, the mean with one decimal (half up) and percent Agree (4 or 5)', () => {
    expect(questionResult('Likert5', [5, 4, 2, null])).toEqual({ n: 3, mean: '3.7', percentAgree: '66.7%', percentYes: '', texts: [] });
    expect(questionResult('Likert5', [3, 2, 3, 3])).toMatchObject({ mean: '2.8', percentAgree: '0.0%' });
    expect(questionResult('Likert5', [])).toMatchObject({ n: 0, mean: '', percentAgree: 'N/A' });
  });

  it('Yes/No: percent Yes; text answers listed as given', () => {
    expect(questionResult('YesNo', [true, false, true, null])).toMatchObject({ n: 3, percentYes: '66.7%' });
    expect(questionResult('Text', ['Helpful', null, ''])).toMatchObject({ n: 1, texts: ['Helpful'] });
  });
});

describe('privacy and life cycle', () => {
  it('hides a breakdown under 3 responses', () => {
    expect(breakdownVisible(2)).toEqual({ visible: false, notice: 'Fewer than 3 responses: results hidden to protect privacy.' });
    expect(breakdownVisible(3)).toEqual({ visible: true });
  });

  const survey = (id: string, extra: Partial<SurveySummary> = {}): SurveySummary => ({ id, disputeTypes: ['MED'], audience: 'Parent', status: 'Active', questionCount: 4, responses: 0, ...extra });

  it('activating retires the other Active survey with the same type and audience, and needs a question', () => {
    const next = survey('new', { status: 'Draft' });
    expect(activation(next, [survey('old'), survey('lea', { audience: 'LEA' }), survey('iepf', { disputeTypes: ['IEPF'] }), next])).toEqual({ retires: ['old'] });
    expect(activation(survey('empty', { status: 'Draft', questionCount: 0 }), [])).toEqual({ error: surveyMessages.activateEmpty });
  });

  it('a survey with responses is copied, not edited', () => {
    expect(editError({ responses: 12 })).toBe('This survey has responses. Copy it to make changes.');
    expect(editError({ responses: 0 })).toBeNull();
  });
});
