import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The page is built into dist/web and served by the Hono server (server/static.ts);
// `npm run dev` proxies /api to a running `gcc-studio --port 4780`.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:4780' } },
});
