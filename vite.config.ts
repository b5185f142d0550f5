import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { startupHtml } from './scripts/startupHtml.ts';

// The local server (server/) serves the built app and the API on one origin;
// in `npm run dev` Vite proxies the API paths to it.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The API's paths (as in server/static.ts): a navigation there is the server's, never the app shell. */
const API_PATHS = /^\/(?:auth\/v1|rest\/v1|functions\/v1|realtime\/v1|billing)(?:\/|$)|^\/config\.json$/;

/**
 * React Router 7's package exports only its development build, whose dev-only warnings stay in a production
 * bundle (remix-run/react-router#14102). Its production build sits beside it, the same code with those
 * warnings off; a build takes it by path.
 */
const reactRouterBuild = (file: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file);

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    // index.html paints its empty week before the app's code runs (scripts/startupHtml.ts).
    startupHtml(),
    VitePWA({
      // A new version waits until the person chooses 'Reload' (see lib/appUpdate.ts).
      registerType: 'prompt',
      // main.tsx registers it after the page has loaded, off the first load's critical path.
      injectRegister: false,
      // The glob below already precaches the icons.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Weekly Planner',
        short_name: 'Planner',
        description: 'Plan your week, Monday to Sunday, plus a Some Day list.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The logo's indigo-600 for the title bar; the page's slate-50 for the splash screen.
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole shell, lazy pages and dialogs included, so every route opens offline; not the source maps.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [API_PATHS],
        // The first worker takes the open page at once, so what it loads later (a dialog, the
        // sign-in page) comes from the cache too. Updates still wait for 'Reload' (no skipWaiting).
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // No runtime caching: the API (REST, auth, functions, realtime, config.json) is never
        // handled by the worker, so it always goes to the network exactly as without one.
        runtimeCaching: [],
        // ...and static routes keep those requests from reaching the worker at all (public/sw-api-routes.js).
        importScripts: ['/sw-api-routes.js'],
      },
    }),
    // Last, so the worker and the manifest get their compressed copies too.
    precompress(),
  ],
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
    // dist/.vite/manifest.json: the entry and its static chunks, what .size-limit.mjs budgets as the first load.
    manifest: true,
    modulePreload: {
      // Every browser with module scripts the planner supports preloads modules natively (Chromium 66, Firefox 115,
      // Safari 17); elsewhere a modulepreload is ignored and the module still loads when imported. 0.32 kB brotli.
      polyfill: false,
      // No preload list for the first load's own dynamic imports: the lists' hashed file names do not compress
      // (0.4 kB brotli for 28 names) and buy little, since the dialogs and the user menu are fetched in idle time,
      // the service worker precaches every chunk after the first visit (a lazy chunk's imports then come from its
      // cache), and with stored series index.html's loader fetches the series code and its imports with the entry.
      // Without a list a lazy chunk's own imports start once it has arrived. Lazy chunks keep theirs: they cost
      // the first load nothing (tests/e2e/build.spec.ts).
      resolveDependencies: (_file, deps, { hostId }) => (/^assets\/index-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    // Written for debugging, served only with SOURCEMAPS=1 (server/static.ts).
    sourcemap: true,
    reportCompressedSize: false,
    // Rolldown warns when plugin callbacks are slow: on a busy machine that is the load, not the build.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads, in one chunk beside it. Left to itself, Rolldown splits modules the entry
            // shares with lazy chunks out of the entry as it sees fit (rolldown/rolldown#10731, #9963: a module the
            // entry already loaded still gets a chunk of its own): each move of code off the first load made more
            // requests of every first load (tests/e2e/build.spec.ts). With the entry's own code they are one script.
            { name: 'first-load', tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
