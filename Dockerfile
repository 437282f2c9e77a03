# Coop Ledger: one image for the API (`node services/dist/main.js`) and the projection worker
# (`node services/dist/worker.js`). See docs/operations.md.
#
# node:20-bookworm (not -slim): better-sqlite3 and argon2 compile on `npm ci` and need python3,
# make and g++, which this image has. Dev dependencies stay installed: `npm run build` needs
# TypeScript, and the image can run `npm run projections:rebuild` as it is.
FROM node:20-bookworm

# Chromium for PDF documents (puppeteer-core drives the system browser, see CHROME_PATH).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation \
 && rm -rf /var/lib/apt/lists/*
ENV CHROME_PATH=/usr/bin/chromium

WORKDIR /app

# Only the sources the build needs (keeps host node_modules, data/ and dist/ out of the image).
COPY package.json package-lock.json tsconfig.base.json nest-cli.json ./
COPY contracts ./contracts
COPY projections ./projections
COPY services ./services
COPY admin-ui ./admin-ui

# `--force`: compiles whatever the context holds (.dockerignore keeps `*.tsbuildinfo` and dist/ out as well); the image
# build fails here, not at the container's start, when the entry points were not written.
RUN npm ci \
 && npx tsc -b --force services \
 && npm run build -w admin-ui --if-present \
 && test -f services/dist/main.js && test -f services/dist/worker.js

ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node

EXPOSE 3000
CMD ["node", "--no-memory-reducer", "services/dist/main.js"]
