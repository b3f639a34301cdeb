# syntax=docker/dockerfile:1
# One image, two commands: the web server (default) and the job worker (`npm run worker`).
#   docker build -t leda .
#   docker run -p 3000:3000 -e DATABASE_URL=... -e REDIS_URL=... -e PUBLIC_URL=... leda
#   docker run -e DATABASE_URL=... -e REDIS_URL=... leda npm run worker
# See docker-compose.yml for PostgreSQL + Redis + web + worker together.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- deps: every dependency (dev included), for the build ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Compilers only in case a native module (argon2) has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# postinstall applies these (patch-package): route matching with 215 routes (docs/decisions/140).
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# ---- build: the Remix bundle (build/index.js = server.ts + app) and the browser assets ----
FROM deps AS build
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only (tsx is one: the worker and scripts run on it) ----
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --chown=node:node package.json package-lock.json tsconfig.json ./
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --chown=node:node content ./content
COPY --chown=node:node migrations ./migrations
COPY --chown=node:node modules ./modules
COPY --chown=node:node jobs ./jobs
COPY --chown=node:node scripts ./scripts
# DATA_DIR: uploaded files (and the embedded database when DATABASE_URL is not set).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/auth/login', { redirect: 'manual' }).then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
# The web server migrates on start. The worker: `npm run worker` (same image, another command).
CMD ["node", "build/index.js"]
