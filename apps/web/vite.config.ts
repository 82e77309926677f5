import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadFirstScreenPlugin } from './src/app/preload-first-screen-plugin';
import { sasayakiAboutPlugin } from './src/features/about/licences-plugin';

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
  ],
  server: { proxy: { '/api': 'http://localhost:8888' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Everything the entry imports in one chunk: split by what the lazy screens share, it came as two
      // dozen files, which over HTTP/1.1's six connections took several round trips before the app ran.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
});
