// GET /api/openapi.json: the API's OpenAPI 3.1 description, merged from each feature's paths.
import { Router } from 'express';
import { APP_VERSION } from '../../lib/messages.js';
import type { ApiContext } from '../context.js';
import { authPaths, authSecuritySchemes } from '../openapi/auth.js';
import type { OpenApiPaths } from '../openapi/helpers.js';
import { resourcesPaths } from '../openapi/resources.js';
import { adminPaths } from '../openapi/admin.js';
import { sharedPaths } from '../shared/openapi.js';
import { drPaths } from '../dr/openapi.js';
import { ecoReportPaths } from '../eco/report-openapi.js';
import { ecoPaths } from '../eco/openapi.js';

/** Joins path maps; two features describing one path keep both sets of methods. */
export function mergePaths(...sources: Readonly<Record<string, object>>[]): OpenApiPaths {
  const merged: OpenApiPaths = {};
  for (const source of sources) {
    for (const [path, item] of Object.entries(source)) merged[path] = { ...merged[path], ...(item as Record<string, unknown>) };
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

export function buildOpenApiDocument(portalPublicUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agency API',
      version: APP_VERSION,
      description:
        'The reference agency API of the compliance portal. Send `Authorization: Bearer <accessToken>` from POST /api/auth/token; the refresh token travels in the `refreshToken` cookie.',
    },
    servers: [{ url: '/' }],
    externalDocs: { description: 'Portal', url: portalPublicUrl },
    paths: mergePaths(authPaths, resourcesPaths, adminPaths, sharedPaths, drPaths, ecoPaths, ecoReportPaths),
    components: { securitySchemes: { ...authSecuritySchemes } },
  };
}

export function docsRouter(ctx: ApiContext): Router {
  const router = Router();
  // Built once: the document only changes with the code.
  const document = buildOpenApiDocument(ctx.config.portalPublicUrl);
  router.get('/api/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(document);
  });
  return router;
}
