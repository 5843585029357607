// The building blocks of every OpenAPI 3.1 document of the agency API: the platform's three
// (auth, resources, admin) and one per compliance module (api/<m>/openapi.ts). Bodies and answers
// are derived from the zod schemas the routes validate with, so the document follows the code.
import { z } from 'zod';
import { apiErrorBody } from '../../lib/contract.js';

export type OpenApiPaths = Record<string, Record<string, unknown>>;
type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema as the request ('input') or the answer ('output') has it. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the per-schema $schema line is noise there.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}

/** A required JSON request body; `extra` adds other media types (e.g. a form encoding). */
export const jsonBody = (schema: z.ZodType, extra: Record<string, unknown> = {}) => ({
  required: true,
  content: { 'application/json': { schema: schemaOf(schema, 'input') }, ...extra },
});
export const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: schemaOf(schema, 'output') } },
});
/** An answer with the API's error body: `{ message, errors: [{ field, message }] }`. */
export const error = (description: string) => jsonResponse(description, apiErrorBody);
export const noContent = (description: string) => ({ description });
/** A CSV download (`?format=csv`): UTF-8 with a byte-order mark, the header row as written. */
export const csvResponse = (description: string, header?: readonly string[]) => ({
  description: header ? `${description} Header: \`${header.join(',')}\`.` : description,
  content: { 'text/csv': { schema: { type: 'string' } } },
});
/** A file answer sent as an attachment. */
export const fileResponse = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});
/** A multipart upload with one file field (and optional text fields). */
export const multipartBody = (fileField: string, fields: Record<string, JsonSchema> = {}) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', required: [fileField], properties: { [fileField]: { type: 'string', format: 'binary' }, ...fields } },
    },
  },
});

export const bearer = [{ bearerAuth: [] }];
export const refreshCookie = [{ refreshCookie: [] }];
export const anonymous: unknown[] = [];

export const invalid = error('The input is not valid: one message per field in `errors`.');
export const unauthenticated = error('No valid access token.');
export const denied = error('The caller lacks the permission.');
/** The answer for a record outside the caller's scope, the same as for one that does not exist. */
export const notFoundOrOutOfScope = (what: string) => error(`No such ${what}, or one outside the caller's scope.`);
export const conflict = (description: string) => error(description);

export type ParamPlace = 'path' | 'query' | 'header';
export const param = (name: string, where: ParamPlace, schema: JsonSchema, description: string, required = where === 'path') => ({
  name,
  in: where,
  required,
  schema,
  description,
});
export const pathParam = (name: string, schema: JsonSchema, description: string) => param(name, 'path', schema, description);
export const queryParam = (name: string, schema: JsonSchema, description: string) => param(name, 'query', schema, description);

export const intSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
export const uuidSchema = { type: 'string', format: 'uuid' };
export const daySchema = { type: 'string', format: 'date' };
export const schoolYearSchema = { type: 'string', pattern: '^[0-9]{4}-[0-9]{4}$' };
/** The `id` path parameter as an integer. */
export const intId = (description: string) => pathParam('id', intSchema, description);

export const currentLeaHeader = param('CurrentLeaId', 'header', { type: 'string' }, 'The LEA selected in the portal (an id, or empty).');
export const schoolYearHeader = param('activeschoolyear', 'header', schoolYearSchema, 'The school year selected in the portal.');

/** pageNumber and pageSize, as every paged list takes them. */
export const pageParams = (maxSize: number, itemsLabel = 'Items') => [
  queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page, from 1.'),
  queryParam('pageSize', { type: 'integer', minimum: 1, maximum: maxSize, default: 25 }, `${itemsLabel} per page.`),
];
/** sortField (one of `fields`) and sortDirection. */
export const sortParams = (fields: readonly string[]) => [
  queryParam('sortField', { type: 'string', enum: [...fields] }, 'Sort key.'),
  queryParam('sortDirection', { type: 'string', enum: ['asc', 'desc'] }, 'Sort direction.'),
];

export const audited = 'Recorded in the audit log (GET /api/audit).';
