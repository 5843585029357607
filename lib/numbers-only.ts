// Numbers-only inputs (spec §5) keep the digits of what was typed or pasted and drop the rest.
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Whether a value is made of digits only (an empty value counts: required is checked apart). */
export function isDigitsOnly(value: string): boolean {
  return /^\d*$/.test(value);
}
