# Wellness Challenge: SPA + API in one image. Build: docker build -t wellness-challenge .
# Run on PostgreSQL with compose.yaml, or alone on the embedded PGlite (data in the /data volume).
# Node 24 LTS (20.19+ and 22 also run it). Operations (backup, metrics, upgrades): docs/operations.md.

# --- build: install everything, build the SPA (dist/) and the server bundle (dist-server/), then drop dev dependencies
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --prefer-offline
COPY . .
RUN node scripts/start.mjs --build-only && npm prune --omit=dev --no-audit --no-fund

# --- run: the built server only (no TypeScript compiler, no build tools), as the unprivileged `node` user
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# `npm run backup` / `npm run restore` inside the container run the bundled commands through this.
COPY --from=build /app/scripts/ops-command.mjs ./scripts/
COPY --from=build /app/scripts/lib/newest.mjs ./scripts/lib/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database answers and /data takes writes (GET /api/ready); node has fetch, the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server handles SIGTERM itself (in-flight requests finish, the database closes, exit 0 within 5 s).
CMD ["node", "dist-server/index.mjs"]
