import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable app (issue #28, docs/installable-app.md): a web app manifest
 * and a Workbox service worker made by vite-plugin-pwa.
 *
 * - The app shell (hashed scripts, styles, fonts, icons) is precached, so a
 *   started app opens without fetching its code again.
 * - index.html is not precached: a dashboard page always comes from the network
 *   (a new release shows at once); only when the network fails does the worker
 *   answer with the precached offline page.
 * - API calls, the hub and exports are never touched: tenant data is not
 *   cached on a shared phone, and no figure can be shown stale.
 * - The client registers the worker itself (lib/service-worker.ts): the CSP
 *   forbids the plugin's inline registration script.
 */
export const installableApp: Partial<VitePWAOptions> = {
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/dashboard/overview',
    name: 'Wattboard',
    short_name: 'Wattboard',
    description: 'Factory energy monitoring · 工廠能源監控',
    start_url: '/dashboard/overview',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0f766e',
    background_color: '#f4f6f8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,woff2,svg,png}', 'offline.html'],
    globIgnores: ['index.html'],
    // No SPA fallback from the cache: see above.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // A new worker takes over at once, the first one included: the page that
    // installed it already has its offline page. Safe, as the worker serves only
    // content-hashed files and passes every navigation to the network.
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        // Only the dashboard's own pages; the function is copied into the worker as
        // text, so it may not use anything from this file.
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && /^\/(dashboard(\/.*)?)?$/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
    ],
  },
};
