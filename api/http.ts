// Request parsing and error responses shared by every API route. Every failure leaves as JSON
// { message, errors? } (lib/contract.ts apiErrorBody); bad input is a 400, never a 5xx.
import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { ApiErrorBody } from '../lib/contract.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<ApiErrorBody, 'message'> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Omit<ApiErrorBody, 'message'>) => new ApiError(400, message, details);
export const unauthorized = (message = 'Authentication is required.') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Parses input with a zod schema, turning failures into a 400 with one message per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || what,
    message: issue.message,
  }));
  throw badRequest(`The ${what} is not valid.`, { errors });
}

/** Path parameter schemas. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const uuidParam = z.object({ id: z.string().uuid() });

export function errorHandler(log: { error: (obj: unknown, msg?: string) => void }): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (err instanceof ApiError) {
      res.status(err.status).json({ message: err.message, ...err.details });
      return;
    }
    // body-parser errors (malformed JSON, too large) carry a 4xx status of their own.
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: status === 413 ? 'The request is too large.' : 'The request could not be read.' });
      return;
    }
    log.error({ err }, 'unhandled API error');
    res.status(500).json({ message: 'An unexpected error occurred.' });
  };
}
