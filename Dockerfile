# Academy: a multi-stage image (docs/deploy.md). The build stage installs everything and runs
# `npm run build` (the web app and the server bundle `npm start` runs); the runtime stage keeps the
# production dependencies and the builds, and runs as the unprivileged user `academy`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin academy \
  && mkdir -p /data && chown academy:academy /data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
USER academy
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
