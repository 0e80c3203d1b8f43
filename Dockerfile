# syntax=docker/dockerfile:1
# One image recipe for every back-end deployable, chosen with a build argument:
#   docker build --build-arg SERVICE=svc-catalog -t medrelay/svc-catalog .
# (gateway, svc-identity, svc-catalog, svc-requests). They share one npm workspace, one lock file
# and one bundling step, so four copies of this file would only drift apart.
ARG NODE_VERSION=20.19

# 1. Build: every dependency, then the service bundled into <service>/dist/main.js (our
#    workspace packages compiled in, npm packages left as imports).
FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG SERVICE
WORKDIR /app
# Dependencies first, from the manifests alone: this layer (the slow part) is reused until a
# package.json or the lock file changes, whatever source file changed.
COPY package.json package-lock.json ./
COPY libs/api-client/package.json libs/api-client/
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
COPY libs/i18n/package.json libs/i18n/
COPY libs/service-kit/package.json libs/service-kit/
COPY libs/testing/package.json libs/testing/
COPY libs/ui/package.json libs/ui/
COPY libs/webpack-config/package.json libs/webpack-config/
COPY svc-identity/package.json svc-identity/
COPY svc-catalog/package.json svc-catalog/
COPY svc-requests/package.json svc-requests/
COPY gateway/package.json gateway/
COPY shell/package.json shell/
COPY mf-pharmacy/package.json mf-pharmacy/
COPY mf-ngo/package.json mf-ngo/
COPY mf-donor/package.json mf-donor/
COPY mf-admin/package.json mf-admin/
COPY e2e/package.json e2e/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN test -n "$SERVICE" && test -f "$SERVICE/src/main.ts" \
 && node scripts/bundle-service.mjs "$SERVICE" \
 # What the runtime stage needs: every workspace's package.json (npm ci checks the lock file
 # against all of them), the bundle, and the files the service reads next to it.
 && mkdir -p /out/manifests /out/service \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out/manifests/ \; \
 && cp package-lock.json /out/manifests/ \
 && cp -r "$SERVICE/dist" /out/service/ \
 && for extra in migrations assets; do if [ -d "$SERVICE/$extra" ]; then cp -r "$SERVICE/$extra" /out/service/; fi; done

# 2. Runtime: production dependencies of this one workspace, the bundle, a non-root user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG SERVICE
ARG PORT=8080
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    PORT=${PORT} \
    SERVICE=${SERVICE}
WORKDIR /app
COPY --from=build /out/manifests/ ./
RUN npm ci --omit=dev --workspace="$SERVICE" --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /out/service/ ./${SERVICE}/
# Photos (svc-catalog's UPLOAD_DIR) go to a volume the node user owns.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE ${PORT}
# Ready means the process answers and its stores do (/health/ready checks PostgreSQL and Redis).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 in exec form and handles SIGTERM itself: readiness off, HTTP drained, workers
# and queues closed, then the stores (libs/service-kit/src/shutdown.ts).
STOPSIGNAL SIGTERM
WORKDIR /app/${SERVICE}
CMD ["node", "--enable-source-maps", "dist/main.js"]
