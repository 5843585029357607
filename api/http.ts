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
    // PostgreSQL "data exception" (SQLSTATE class 22): a value the database cannot store, such as
    // a NUL character in text or a number out of range, that validation let through. Bad input.
    const sqlState = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
    if (/^22[0-9A-Z]{3}$/.test(sqlState)) {
      log.error({ err }, 'value the database cannot store');
      res.status(400).json({ message: 'The request contains a value that cannot be stored.' });
      return;
    }
    log.error({ err }, 'unhandled API error');
    res.status(500).json({ message: 'An unexpected error occurred.' });
  };
}
