// The exit form's live category line (ECO spec §3.5) from the raw form values: the same line on
// the server's render and in the browser island (islands/EcoCategoryLine.island.tsx), both through
// lib/eco/categories.ts categoryPreview. Browser-safe: no zod, no server imports.
import { categoryPreview } from './categories.js';
import type { NewSkills, Outcome, YearSettings } from './codes.js';

export type ScaleSettings = Pick<YearSettings, 'ageExpectedMin' | 'scaleMin' | 'scaleMax'>;

/** A whole rating within the scale, else null. */
export function ratingOf(text: string | number | null | undefined, scale: ScaleSettings): number | null {
  const s = String(text ?? '').trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const n = Number(s);
  return n >= scale.scaleMin && n <= scale.scaleMax ? n : null;
}

/** 'Progress category: …' or 'This combination is not possible: …'; null until the entry rating, exit rating and answer are all given. */
export function categoryLine(outcome: Outcome, entry: number | null, exitText: string | null | undefined, newSkillsText: string | null | undefined, scale: ScaleSettings): string | null {
  const exit = ratingOf(exitText, scale);
  const answer: NewSkills | null = newSkillsText === 'Y' || newSkillsText === 'N' ? newSkillsText : null;
  if (entry === null || exit === null || answer === null) return null;
  return categoryPreview(outcome, entry, exit, answer, scale);
}
