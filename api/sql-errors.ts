// Recognising database errors by SQLSTATE, the same on node-postgres and PGlite.
export function sqlState(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const code = (err as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';
