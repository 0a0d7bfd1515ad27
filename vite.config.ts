import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '^/(api|cloud|shiro|impapi|monit|linesapi)/': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    // bench/bundleSize.ts reads the chunk graph from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
});
