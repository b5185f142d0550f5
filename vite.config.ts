import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';

// The local server (server/) serves the built app and the API on one origin;
// in `npm run dev` Vite proxies the API paths to it.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/auth/v1': apiTarget,
      '/rest/v1': apiTarget,
      '/functions/v1': apiTarget,
      '/billing': apiTarget,
      '/config.json': apiTarget,
      '/realtime/v1': { target: apiTarget, ws: true },
    },
  },
  build: {
    // Written for debugging, served only with SOURCEMAPS=1 (server/static.ts).
    sourcemap: true,
    reportCompressedSize: false,
  },
});
