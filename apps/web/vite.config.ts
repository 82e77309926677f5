import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brotliFilesPlugin } from './src/app/brotli-files-plugin';
import { preloadFirstScreenPlugin } from './src/app/preload-first-screen-plugin';
import { screenChunks } from './src/app/screen-chunks-plugin';
import { sasayakiAboutPlugin } from './src/features/about/licences-plugin';

const firstScreens = screenChunks();

export default defineConfig({
  resolve: {
    // The contract package is TypeScript source shared with the server: bundle it from source.
    alias: {
      '@sasayaki/api-contract': fileURLToPath(
        new URL('../../packages/api-contract/src/browser.ts', import.meta.url),
      ),
    },
  },
  plugins: [
    react(),
    sasayakiAboutPlugin(fileURLToPath(new URL('.', import.meta.url))),
    preloadFirstScreenPlugin(),
    firstScreens.plugin,
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: {
        name: 'Sasayaki',
        short_name: 'Sasayaki',
        description: 'Your doujin audio library',
        theme_color: '#1f1a2e',
        background_color: '#101014',
        display: 'standalone',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
      },
      workbox: {
        // The API is never cached: lists, media and covers depend on the user and the library.
        navigateFallbackDenylist: [/^\/api/],
        runtimeCaching: [],
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
    }),
    // Last, so it compresses every text file the plugins above emitted (the shell, the manifest).
    brotliFilesPlugin(),
  ],
  server: { proxy: { '/api': 'http://localhost:8888' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Two entries: index.html's small one (main.tsx, which starts the first screen's reads) and the app
      // (start-app.tsx), which main.tsx imports and index.html fetches beside it.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        app: fileURLToPath(new URL('src/app/start-app.tsx', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // Each group takes its modules' imports along; a group of higher priority picks first.
          groups: [
            // What the small entry imports (the API client, the list's settings): a few KB it shares with
            // the app, so that its reads wait for neither the app's chunk nor a screen's.
            { name: 'start', test: firstScreens.inEntry, priority: 3 },
            // Everything the app imports in one chunk: split by what the lazy screens share, it came as
            // two dozen files, which over HTTP/1.1's six connections took several round trips before the
            // app ran.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // Popovers' positioning (floating-ui: Menu, Popover, Tooltip) in a chunk of its own, which those
            // lazy components load: left to Rolldown, it went into the work page's chunk (a third of it),
            // which then carried it before its first paint though every menu there loads on first click.
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, priority: 1.5 },
            // Then each first screen's code in one chunk (and one the two share), for the same reason.
            ...firstScreens.screenGroups(1),
          ],
        },
      },
    },
  },
});
