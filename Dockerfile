# syntax=docker/dockerfile:1
# One build for the whole monorepo, one final stage per deployable:
#   docker build --target auth -t stundenplan/auth .
# targets: auth, classes, availability, scheduling-solver, document, notification, lessons, school, gateway.
# All targets share the build and the production node_modules, so building several is cheap.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
# npm 11 understands the root package.json's `allowScripts`; node:22 ships npm 10.
ARG NPM_VERSION=11.19.1
ENV TURBO_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# tini reaps zombies (Chromium's helpers) and forwards SIGTERM to node.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@${NPM_VERSION} \
 && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------
# Only the package manifests, so `npm ci` stays cached until a dependency changes.
# Found with `find` instead of listed by hand: a new workspace needs no Dockerfile edit.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp package.json package-lock.json .npmrc /manifests/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------
FROM base AS deps
COPY --from=manifests /manifests/ ./
# Never --omit=optional: turbo's binary is an optional dependency.
RUN npm ci

# ---------------------------------------------------------------------------
FROM deps AS build
COPY . .
RUN npx turbo run build --output-logs=errors-only

# ---------------------------------------------------------------------------
FROM build AS prod
ENV NODE_ENV=production
RUN npm prune --omit=dev \
 && rm -rf .turbo node_modules/.cache \
 && find . -name '*.tsbuildinfo' -not -path './node_modules/*' -delete

# ---------------------------------------------------------------------------
# Runtime base shared by every target except document (which also needs Chromium).
FROM base AS runtime
ENV NODE_ENV=production
# Writable state outside the read-only app tree (docker-compose keeps auth's signing key here).
RUN mkdir -p /var/lib/stundenplan && chown 1000:1000 /var/lib/stundenplan
COPY --from=prod /app /app
# Numeric user: Kubernetes can only prove runAsNonRoot for a numeric UID (1000 = `node`).
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]
# Every service and the gateway answer /healthz on their HTTP port ($PORT).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

FROM runtime AS auth
ENV PORT=8081 GRPC_PORT=50051 DB_SCHEMA=auth
EXPOSE 8081 50051
CMD ["node", "services/auth/dist/main.js"]

FROM runtime AS classes
ENV PORT=8082 GRPC_PORT=50052 DB_SCHEMA=classes
EXPOSE 8082 50052
CMD ["node", "services/classes/dist/main.js"]

FROM runtime AS availability
ENV PORT=8083 GRPC_PORT=50053 DB_SCHEMA=availability
EXPOSE 8083 50053
CMD ["node", "services/availability/dist/main.js"]

FROM runtime AS scheduling-solver
ENV PORT=8084 GRPC_PORT=50054 DB_SCHEMA=scheduling
EXPOSE 8084 50054
CMD ["node", "services/scheduling-solver/dist/main.js"]

FROM runtime AS notification
ENV PORT=8086 GRPC_PORT=50056 DB_SCHEMA=notification
EXPOSE 8086 50056
CMD ["node", "services/notification/dist/main.js"]

FROM runtime AS lessons
ENV PORT=8087 GRPC_PORT=50057 DB_SCHEMA=lessons
EXPOSE 8087 50057
CMD ["node", "services/lessons/dist/main.js"]

FROM runtime AS school
ENV PORT=8088 GRPC_PORT=50058 DB_SCHEMA=school
EXPOSE 8088 50058
CMD ["node", "services/school/dist/main.js"]

FROM runtime AS gateway
# The gateway serves the built SPA from here.
ENV PORT=8080 WEB_DIST=/app/web/dist
EXPOSE 8080
CMD ["node", "gateway/dist/main.js"]

# ---------------------------------------------------------------------------
# Debian's Chromium for puppeteer-core; fonts so PDFs are not tofu.
FROM base AS document
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    CHROME_PATH=/usr/bin/chromium \
    HOME=/tmp \
    PORT=8085 GRPC_PORT=50055
COPY --from=prod /app /app
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
EXPOSE 8085 50055
CMD ["node", "services/document/dist/main.js"]
