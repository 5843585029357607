// Reads the portal's JSON answers to the auth islands ({ ok, message, errors, location,
// retryAfterSeconds }) without trusting them: anything unexpected reads as "no details".
import { z } from 'zod';

const portalJson = z
  .object({
    ok: z.boolean().optional(),
    message: z.string().optional(),
    location: z.string().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .catch({});

export type PortalJson = z.infer<typeof portalJson>;

export async function readJson(response: Response): Promise<PortalJson> {
  try {
    return portalJson.parse(await response.json());
  } catch {
    return {};
  }
}
