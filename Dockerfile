# The store as a container. It runs the very commands of src/server/test/whole-app/production-artifact.test.ts:
# build the artifact once with the dev install, then install it into an empty folder with `npm ci --omit=dev`
# and serve it with `node src/server/main.ts` (Node 24 strips the TypeScript types; nothing is bundled; no npm
# wrapper: 68 MB less per store, and `docker stop`'s SIGTERM reaches the store itself). The base is pinned to the
# exact Node the tests run (package.json's devDependency `node`; deploy-files.test.ts compares them).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# compose.yaml tags the image acctstore:$ACCTSTORE_VERSION: it must be this checkout's release (docs/deploy.md §9).
ARG ACCTSTORE_VERSION
RUN test "$ACCTSTORE_VERSION" = "$(node -p 'require("./package.json").version')" \
 || { echo "ACCTSTORE_VERSION=$ACCTSTORE_VERSION but package.json says $(node -p 'require("./package.json").version')" >&2; exit 1; }
RUN npm run build

FROM node:24.21.0-bookworm-slim
ARG ACCTSTORE_VERSION
LABEL org.opencontainers.image.version=$ACCTSTORE_VERSION
WORKDIR /app
COPY --from=build /src/release/ /tmp/release/
RUN tar -xzf /tmp/release/acctstore-*.tgz -C /app --strip-components=1 \
 && npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force && rm -rf /tmp/release \
 && mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data BACKUP_DIR=/app/backups
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "src/server/main.ts"]
