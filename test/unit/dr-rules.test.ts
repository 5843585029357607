// DR spec §8's worked examples: rotation, the parent's choice of three, related mediations,
// survey response rates, the median days to close and the report percentages.
import { describe, expect, it } from 'vitest';
import {
  ineligibility,
  isMediationRelatedToHearing,
  medianOf,
  neutralMessages,
  percent,
  proposeFromChoice,
  responseRate,
  rotationOrder,
  type Neutral,
  type RotationRequest,
} from '../../lib/dr/rules.js';

const neutral = (userId: string, lastAssignedAt: string | null, extra: Partial<Neutral> = {}): Neutral => ({
  userId,
  active: true,
  holdsRole: true,
  activeCases: 1,
  maxActiveCases: 5,
  leaIds: [],
  trainedOn: '2025-06-01',
  languages: ['English'],
  lastAssignedAt,
  ...extra,
});
const req: RotationRequest = { respondentLeaId: 7, needsTraining: false, preferredLanguage: 'English', today: '2025-10-01' };

describe('rotation (§8)', () => {
  const A = neutral('a', '2025-09-01');
  const B = neutral('b', '2025-08-15', { activeCases: 5 });
  const C = neutral('c', '2025-08-20');
  const D = neutral('d', null);

  it('picks D (never assigned), then C (B is full)', () => {
    expect(rotationOrder([A, B, C, D], req).map((n) => n.userId)).toEqual(['d', 'c', 'a']);
    const afterD = [A, B, C, { ...D, lastAssignedAt: '2025-10-01' }];
    expect(rotationOrder(afterD, req)[0]!.userId).toBe('c');
  });

  it('ties by user id; prefers speakers of the requester’s language when there are any', () => {
    expect(rotationOrder([neutral('z', null), neutral('m', null)], req).map((n) => n.userId)).toEqual(['m', 'z']);
    const spanish = { ...req, preferredLanguage: 'Spanish' };
    expect(rotationOrder([A, neutral('s', '2025-09-30', { languages: ['English', 'Spanish'] })], spanish).map((n) => n.userId)).toEqual(['s']);
    expect(rotationOrder([A, C], spanish).map((n) => n.userId)).toEqual(['c', 'a']);
  });

  it('never proposes a person of the respondent district, nor a hearing officer whose training is over a year old', () => {
    expect(ineligibility(neutral('x', null, { leaIds: [7] }), req)).toBe(neutralMessages.worksForRespondent);
    const ho = { ...req, needsTraining: true };
    expect(ineligibility(neutral('x', null, { trainedOn: '2024-09-30' }), ho)).toBe(neutralMessages.trainingOverdue);
    expect(ineligibility(neutral('x', null, { trainedOn: '2024-10-01' }), ho)).toBeNull();
    expect(ineligibility(neutral('x', null, { trainedOn: null }), ho)).toBe(neutralMessages.trainingOverdue);
  });
});

describe('the parent’s choice of three (§8)', () => {
  it('offered D, C, A; ranked C, A, D; C declines: A is proposed', () => {
    expect(proposeFromChoice(['d', 'c', 'a'], ['c', 'a', 'd'], new Set(['c']))).toBe('a');
  });
  it('no answer: D, the first offered, is proposed', () => {
    expect(proposeFromChoice(['d', 'c', 'a'], null, new Set())).toBe('d');
  });
});

describe('related mediation (§8)', () => {
  it('a MED received 2025-03-01 linked to an open DP received 2025-02-10 is related; one received 2025-02-05 is not', () => {
    expect(isMediationRelatedToHearing('2025-03-01', [{ receivedDate: '2025-02-10', closedDate: null }])).toBe(true);
    expect(isMediationRelatedToHearing('2025-02-05', [{ receivedDate: '2025-02-10', closedDate: null }])).toBe(false);
    expect(isMediationRelatedToHearing('2025-03-01', [{ receivedDate: '2025-02-10', closedDate: '2025-02-20' }])).toBe(false);
  });
});

describe('figures (§8)', () => {
  it.each([
    [12, 40, '30.0%'],
    [5, 8, '62.5%'],
    [0, 0, 'N/A'],
  ])('response rate %i of %i = %s', (responses, sent, expected) => {
    expect(responseRate(responses, sent)).toBe(expected);
  });

  it.each([
    [[10, 20, 35, 60], '27.5'],
    [[5, 9, 30], '9.0'],
    [[], 'N/A'],
  ])('median days to close of %j = %s', (values, expected) => {
    expect(medianOf(values)).toBe(expected);
  });

  it.each([
    [2, 6, '33.33%'],
    [8, 11, '72.73%'],
    [1, 8, '12.50%'],
    [1, 0, 'N/A'],
    // Half up on the exact value: 1/200 = 0.5% exactly; 1/16 = 6.25%; 5/8000 = 0.0625% → 0.06%.
    [1, 200, '0.50%'],
    [5, 8000, '0.06%'],
  ])('%i of %i = %s', (n, d, expected) => {
    expect(percent(n, d)).toBe(expected);
  });
});
