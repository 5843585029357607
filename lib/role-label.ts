// Role names are identifiers the API and routing rely on (the public dispute resolution role is
// 'DisputeResolutionPublicUser'); people read them as words. The name stays the value of every
// form field and filter; only what is shown is spaced out.

/** 'DisputeResolutionPublicUser' → 'Dispute Resolution Public User'; names with spaces as they are. */
export function roleLabel(name: string): string {
  if (/\s/.test(name)) return name;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

/** Role names as a reader sees them, comma separated. */
export function roleLabels(names: readonly string[]): string {
  return names.map(roleLabel).join(', ');
}
