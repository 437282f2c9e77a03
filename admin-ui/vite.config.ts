import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// react-router 7's package exports only its development build (remix-run/react-router#14102): its warnings
// and checks run in production too. The production build ships in the same package; a build uses it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')) },
];

// The contracts' console subpath from its sources (types, field lists, templates; as admin-ui/tsconfig.json resolves it),
// so the console needs no build of contracts and never sees its compiled index.
const contracts = [{ find: /^@coop\/contracts\/console$/, replacement: fileURLToPath(new URL('../contracts/src/console.ts', import.meta.url)) }];

// The API serves the built console at `/` and itself at `/api/v1` on the same port.
// In development (`npm run dev -w admin-ui`) Vite proxies /api to the API on port 3000.
export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react()],
  resolve: { alias: [...contracts, ...(command === 'build' ? reactRouterProduction : [])] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Two files (libraries, console code) instead of about 23: on two cores the first load of /users showed the list
    // about 100 ms sooner (interleaved A/B, decision 26), though every screen's code now comes with the first
    // download (about 340 kB gzip in all). One file was slower again (no parallel compile, 1.2 MB without dynamic
    // imports). Each module's body runs when it is first imported (`strictExecutionOrder` wraps it), not all at load:
    // the screens' modules and the libraries only they use wait for the screen, so the first screen starts sooner.
    // Splitting off what /users does not need (four files, 760 instead of 1,130 kB loaded first) was not faster
    // (decision 26, third round). The export calendar (MUI X date pickers, date-fns' locales; issue 26) is the one
    // exception: about 120 kB that only the members card's "Other date" needs, loaded when it is first opened.
    rolldownOptions: {
      output: { strictExecutionOrder: true, advancedChunks: { groups: [{ name: 'calendar', test: /node_modules[\\/]@mui[\\/]x-date-pickers[\\/]|src[\\/]common[\\/]DateCalendarDialog/, includeDependenciesRecursively: false }, { name: 'vendor', test: /node_modules/ }, { name: 'app', test: /src\// }] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
