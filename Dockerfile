# syntax=docker/dockerfile:1
# One image, two processes. The portal is the default command; the agency API runs from the same
# image with another command:
#
#   docker build -t compliance-portal .
#   docker run -e NODE_ENV=production -e DATABASE_URL=... -e JWT_SECRET=... -e API_HOST=0.0.0.0 \
#     -e HEALTHCHECK_URL=http://127.0.0.1:3001/api/health -p 3001:3001 compliance-portal node dist/node/api/main.js
#   docker run -e API_BASE_URL=http://api:3001 -e REDIS_URL=redis://redis:6379 -e SESSION_SECRET=... \
#     -e TRUST_PROXY=1 -p 3000:3000 compliance-portal
#
# The same major Node.js version as the project pins (package.json "engines", the `node` dev
# dependency that npm scripts run on).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: dev dependencies, vite (islands, USWDS styles) and tsc (server, views, API) -------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
# Dependencies first so source changes keep this layer cached.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Build, then drop dev dependencies (vite, typescript, test tools, the `node` package).
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && npm cache clean --force

# ---- runtime: only what the two processes read --------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    HEALTHCHECK_URL=""
WORKDIR /app
# package.json: "type": "module" for dist/ and the project root the API finds its migrations from.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# dist/node: the compiled server, views and API; dist/public: the hashed client build.
COPY --from=build /app/dist ./dist
# Static files the portal serves as they are (favicon, images).
COPY --from=build /app/public ./public
# The API applies these at start (api/migrate.ts reads them from the project root).
COPY --from=build /app/api/migrations ./api/migrations
# The only writable place: the embedded database, development secrets and mail files, used only
# when DATABASE_URL / SMTP_URL are not set. Everything else stays owned by root (read-only to us).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the portal's /healthz by default; the API container sets HEALTHCHECK_URL to its
# /api/health. Uses Node's fetch: slim images have no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const u=process.env.HEALTHCHECK_URL||`http://127.0.0.1:${process.env.PORT||3000}/healthz`;fetch(u,{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM goes straight to node (no npm, no shell), which shuts down gracefully within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/server/main.js"]
