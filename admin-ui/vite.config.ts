import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built console at `/` and itself at `/api/v1` on the same port.
// In development (`npm run dev -w admin-ui`) Vite proxies /api to the API on port 3000.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Few, larger files: the libraries in one chunk and the screens' shared parts in another, so a screen
        // needs one or two requests instead of a dozen small ones (six connections per host, HTTP/1.1).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'screens-common', test: /[\\/]src[\\/](common|data|members[\\/]model|format)/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
});
