// Escape moves focus between the shell's regions (spec §2 Shell): content → menu → toolbar →
// content. Focus outside the three (the page body, a footer link) counts as content.
export type ShellRegion = 'content' | 'menu' | 'toolbar';

const ORDER: readonly ShellRegion[] = ['content', 'menu', 'toolbar'];

export function nextRegion(current: ShellRegion | null): ShellRegion {
  const from = current ?? 'content';
  return ORDER[(ORDER.indexOf(from) + 1) % ORDER.length] ?? 'content';
}
