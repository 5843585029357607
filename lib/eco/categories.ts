// The progress category engine (ECO spec §6.3): one pure function the server, the report and the
// exit form's live preview all call, so a screen and the APR can never disagree.
import { categoryLabels, DEFAULT_YEAR_SETTINGS, type Category, type NewSkills, type Outcome, type YearSettings } from './codes.js';
import { ecoScoreText, ecoValidationMessages } from './messages.js';

export type CategoryResult = { ok: true; category: Category } | { ok: false; invalid: true };

type Scale = Pick<YearSettings, 'ageExpectedMin' | 'scaleMin'>;

/**
 * Category a-e from entry E, exit X and the new-skills answer P; the order of the rules matters
 * (OSEP: e depends on the ratings alone, so it is tested before the answer can refuse).
 */
export function progressCategory(entry: number, exit: number, newSkills: NewSkills, scale: Scale = DEFAULT_YEAR_SETTINGS): CategoryResult {
  const T = scale.ageExpectedMin;
  const m = scale.scaleMin;
  if (entry >= T && exit >= T) return { ok: true, category: 'e' };
  // 'No new skills' while the rating held or rose is impossible, except at the floor of the scale.
  if (newSkills === 'N' && exit >= entry && !(entry === m && exit === m)) return { ok: false, invalid: true };
  if (entry < T && exit >= T) return { ok: true, category: 'd' };
  if (exit > entry) return { ok: true, category: 'c' };
  if (newSkills === 'Y') return { ok: true, category: 'b' };
  return { ok: true, category: 'a' };
}

/** The refusal of an impossible combination, for the submit rule of §5. */
export function impossibleCombinationMessage(outcome: Outcome, entry: number, exit: number): string {
  return ecoValidationMessages.impossibleCombination(outcome, exit, entry);
}

/** The exit form's live line (§3.5): the category with its label, or why it is not possible. */
export function categoryPreview(outcome: Outcome, entry: number, exit: number, newSkills: NewSkills, scale: Scale = DEFAULT_YEAR_SETTINGS): string {
  const r = progressCategory(entry, exit, newSkills, scale);
  if (r.ok) return ecoScoreText.progressCategory(r.category, categoryLabels[r.category]);
  return ecoScoreText.notPossible(impossibleCombinationMessage(outcome, entry, exit));
}
