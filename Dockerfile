# Folio as a container: the Node server over a deployment folder built into the image.
#   docker build --build-arg BASE_URL=https://blog.example.com -t folio .
#   docker run -p 8787:8787 folio
# The content folder is the repository's content/ unless --build-arg FOLIO_CONTENT=path says
# another folder of the build context. The quota (--build-arg FOLIO_RATE_LIMIT_QUOTA and
# FOLIO_RATE_LIMIT_WINDOW, default 300 requests per 60 s) is written into the documents by the build
# and enforced by the server, so the image keeps it for both. Other run-time settings
# (FOLIO_RATE_LIMIT_STORE, FOLIO_WORKERS, FOLIO_CLIENT_IP_HEADER, ...) are environment variables of
# `docker run`: docs/configuration.md.

FROM node:22-slim AS build
WORKDIR /app
COPY . .
# Only what the build needs; no install scripts (the one in package.json would build content/).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
ARG BASE_URL
ARG FOLIO_CONTENT=content
ARG FOLIO_RATE_LIMIT_QUOTA
ARG FOLIO_RATE_LIMIT_WINDOW
RUN test -n "$BASE_URL" || { echo "BASE_URL is required: docker build --build-arg BASE_URL=https://..." >&2; exit 1; } \
 && BASE_URL="$BASE_URL" FOLIO_CONTENT="$FOLIO_CONTENT" \
    FOLIO_RATE_LIMIT_QUOTA="$FOLIO_RATE_LIMIT_QUOTA" FOLIO_RATE_LIMIT_WINDOW="$FOLIO_RATE_LIMIT_WINDOW" \
    npm run build

# The server is one bundle with no dependencies: the image holds Node and dist/ only.
FROM node:22-slim
WORKDIR /app
# The quota the documents announce, enforced as announced (empty: the server's default, as the build's).
ARG FOLIO_RATE_LIMIT_QUOTA
ARG FOLIO_RATE_LIMIT_WINDOW
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 \
    FOLIO_RATE_LIMIT_QUOTA=$FOLIO_RATE_LIMIT_QUOTA FOLIO_RATE_LIMIT_WINDOW=$FOLIO_RATE_LIMIT_WINDOW
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8787
CMD ["node", "dist/node.mjs"]
