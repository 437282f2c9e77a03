import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// react-router 7's package exports only its development build (remix-run/react-router#14102): its warnings
// and checks run in production too. The production build ships in the same package; a build uses it.
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')),
  },
];

// The contracts' console subpath from its sources (types, field lists, templates; as admin-ui/tsconfig.json resolves it),
// so the console needs no build of contracts and never sees its compiled index.
const contracts = [
  {
    find: /^@coop\/contracts\/console$/,
    replacement: fileURLToPath(new URL('../contracts/src/console.ts', import.meta.url)),
  },
  // The transfer's split (decision 265) by its own path, not through the console subpath: a module the first load's
  // barrel re-exports and one lazy screen uses made the bundler regroup the shared chunks (64 files in the first load
  // instead of 29; performance.md §30, as §18's kistam-dates.ts did).
  {
    find: /^@coop\/contracts\/share-transfer$/,
    replacement: fileURLToPath(new URL('../contracts/src/share-transfer.ts', import.meta.url)),
  },
];

// node-polyglot's `object.entries` polyfill and its dozen helper packages, replaced by the browser's own Object.entries
// (shims/object-entries.cjs; issue 43: about 35 kB less code in the first load).
const nativeBuiltIns = [
  { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./shims/object-entries.cjs', import.meta.url)) },
];

// Each text file of the build compressed beside it (`.br`, `.gz`), once, at the highest levels: the server reads them at
// start and answers a request with the copy the browser accepts, with no compression per request (issue 43,
// services/src/platform/http/console-files.ts). A copy not smaller than the file is not written.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'coop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const body = readFileSync(path);
        const br = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${path}.br`, br);
        if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

// The API serves the built console at `/` and itself at `/api/v1` on the same port.
// In development (`npm run dev -w admin-ui`) Vite proxies /api to the API on port 3000.
export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), precompress()],
  resolve: { alias: [...contracts, ...nativeBuiltIns, ...(command === 'build' ? reactRouterProduction : [])] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Route-level splitting (issue 43, decision 180): each screen (`lazyScreen` in registry.ts) and the libraries only
    // it uses are their own files, loaded when the screen is first opened (or preloaded for the address opened,
    // resources.ts). The first load of /users carries the shell and the users screen only: 343 instead of 444 kB gzip
    // (bench/README.md). The two-file build of decision 26 loaded every screen's code at once; the console outgrew it.
    // `strictExecutionOrder` still runs each module's body when it is first imported.
    rolldownOptions: {
      output: { strictExecutionOrder: true },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
