import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The page for `gcc-studio export --html`: one script and one stylesheet, no lazy chunks (a file opened from
// file:// cannot load modules beside it), inlined into the exported file by server/cli/export.ts.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/export',
    emptyOutDir: true,
    cssCodeSplit: false,
    // One bundle on purpose (the page is inlined into each exported file).
    chunkSizeWarningLimit: 4096,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
