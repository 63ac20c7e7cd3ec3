# syntax=docker/dockerfile:1
# Hiram's image (docs/deployment.md "Image"): built with every dependency, run with only the
# production ones, as the unprivileged `node` user, on a read-only filesystem apart from /data
# (the embedded database and uploads when DATABASE_URL is unset) and /tmp.
# The steps are scripts/image-install.sh's, which CI runs without a container engine
# (`scripts/image-install.sh check`).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN scripts/image-install.sh build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    WEB_DIST=/app/dist/web \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/launch.mjs scripts/bundle-server.mjs scripts/newest-mtime.mjs scripts/image-install.sh ./scripts/
COPY --from=build /app/dist ./dist
RUN scripts/image-install.sh install \
 && mkdir -p /data \
 && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/readyz) is for the load balancer, which should stop sending to an
# instance whose database is gone, not have it restarted.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM turns /readyz not-ready, waits READINESS_GRACE_SECONDS, drains, then exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["scripts/image-install.sh", "start"]
