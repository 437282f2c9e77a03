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
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
});
