// The exit form's live line per outcome (ECO spec §3.5): 'Progress category: {letter}, {label}'
// or 'This combination is not possible: {reason}'. The server renders it with the saved values;
// in the browser it listens to its form's changes and recomputes with the same function
// (lib/eco/score-line.ts → lib/eco/categories.ts). No zod here: the island stays tiny.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Outcome } from '../lib/eco/codes.js';
import { categoryLine, type ScaleSettings } from '../lib/eco/score-line.js';

export interface EcoCategoryLineProps {
  outcome: Outcome;
  entry: number | null;
  exit: string;
  newSkills: string;
  scale: ScaleSettings;
}

const valueOf = (form: HTMLFormElement, name: string): string => {
  const el = form.elements.namedItem(name) as RadioNodeList | HTMLInputElement | null;
  return el ? el.value : '';
};

export default function EcoCategoryLine({ outcome, entry, exit, newSkills, scale }: EcoCategoryLineProps): ReactElement {
  const [values, setValues] = useState({ exit, newSkills });
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const update = () => setValues({ exit: valueOf(form, `rating${outcome}`), newSkills: valueOf(form, `newSkills${outcome}`) });
    form.addEventListener('change', update);
    return () => form.removeEventListener('change', update);
  }, [outcome]);
  const line = categoryLine(outcome, entry, values.exit, values.newSkills, scale);
  return (
    <p ref={ref} className="eco-category-line" id={`category-${outcome}`} aria-live="polite" data-testid={`category-${outcome}`}>
      {line ?? ''}
    </p>
  );
}
