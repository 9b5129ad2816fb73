# AfriOdds: one image runs either tier (web: dist/server/main.js, API: dist/api/main.js).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 API_PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Probes PORT for the web tier and API_PORT when the container runs dist/api/main.js (server/healthcheck.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["node", "dist/server/healthcheck.js"]
CMD ["node", "dist/server/main.js"]
