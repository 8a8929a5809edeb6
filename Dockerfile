# The portal's production image: the compiled server (npm run build) on Node 20, run as the
# unprivileged `node` user, with only the production dependencies (npm ci --omit=dev).
# Build: docker build --build-arg RESPONSE_SECRET=<the deployment's secret> -t student-photo-portal .
# The topology around it (two instances, HAProxy, PostgreSQL, an S3 bucket): compose.yaml.

# No dependency's install script is needed (README, Quick start: esbuild's binary comes from its
# platform package, sharp's and argon2's from theirs), so none runs, whichever npm the image has.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/photo-check/package.json packages/photo-check/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
# The web signs nothing but checks every answer's signature with this secret: build it with the deployment's.
ARG RESPONSE_SECRET
RUN RESPONSE_SECRET="${RESPONSE_SECRET}" npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/photo-check/package.json packages/photo-check/
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
# The bundle reads the migrations and the seed data where they are in the repository's tree.
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=4s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
