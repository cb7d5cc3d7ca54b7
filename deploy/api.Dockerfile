# The API and the worker (one image, two commands): `docker build -f deploy/api.Dockerfile .` from the repository.
# Stage 1 installs the workspace from the lockfile and compiles the API (esbuild, api/scripts/build.mjs);
# `pnpm deploy` gathers the package (its dist/ and drizzle/ migrations) with its production dependencies only;
# stage 2 holds that folder, run as a user without privileges.

FROM node:22-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /app
# The lockfile first: the dependencies are fetched once and cached until it changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile --filter @lifeboard/api... \
 && pnpm --filter @lifeboard/api build \
 && pnpm --filter @lifeboard/api deploy --prod /out

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --from=build --chown=node:node /out ./
# Uploaded images (UPLOADS_DIR): a volume mounted here starts with this folder's owner.
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE 4000
# Ready: the database and the queue answer (503 while PostgreSQL is away; the process recovers by itself).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
