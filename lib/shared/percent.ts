// Percentages the way the module specs report them: rounded half up from exact integers, never
// from a float (ECO spec §6.5: round(num × 10000 / den, half up) / 100), so 1/8 is 12.50 and
// 121/160 is 75.63 on every machine. DR keeps its own string form in lib/dr/rules.ts.

/** num/den as a percentage rounded half up to `places` decimals; null when den is 0 (no value). */
export function roundedPercent(numerator: number, denominator: number, places = 2): number | null {
  if (denominator === 0) return null;
  // BigInt: numerator × 100 × 10^places / denominator, +½ by doubling, without float drift.
  const scaled = BigInt(numerator) * 100n * 10n ** BigInt(places) * 2n + BigInt(denominator);
  return Number(scaled / (2n * BigInt(denominator))) / 10 ** places;
}

/** A percentage written with its decimals ('12.50'); '' for no value (CSV cells, spec §7). */
export function percentText(value: number | null, places = 2): string {
  return value === null ? '' : value.toFixed(places);
}
