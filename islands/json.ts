// Reads the portal's JSON answers to the auth islands ({ ok, message, errors, location,
// retryAfterSeconds }) without trusting them: anything unexpected reads as "no details". The
// checks are written out rather than a zod schema so zod stays out of the browser bundles
// (it would be the largest thing a form page loads after React).
export interface PortalJson {
  ok?: boolean;
  message?: string;
  location?: string;
  retryAfterSeconds?: number;
  errors?: { field: string; message: string }[];
}

type Check = (value: unknown) => boolean;

const isString: Check = (v) => typeof v === 'string';
const FIELDS: Record<keyof PortalJson, Check> = {
  ok: (v) => typeof v === 'boolean',
  message: isString,
  location: isString,
  retryAfterSeconds: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  errors: (v) => Array.isArray(v) && v.every((e) => typeof e === 'object' && e !== null && isString((e as { field?: unknown }).field) && isString((e as { message?: unknown }).message)),
};

/** The known fields of `value`, or {} when it is not an object or any known field has the wrong type. */
export function toPortalJson(value: unknown): PortalJson {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(FIELDS)) {
    const v = input[key];
    if (v === undefined) continue;
    if (!check(v)) return {};
    out[key] = key === 'errors' ? (v as { field: string; message: string }[]).map(({ field, message }) => ({ field, message })) : v;
  }
  return out as PortalJson;
}

export async function readJson(response: Response): Promise<PortalJson> {
  try {
    return toPortalJson(await response.json());
  } catch {
    return {};
  }
}
