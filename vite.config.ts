// Client build: the islands entry and the stylesheet, nothing else. Views and the server are
// compiled by tsc (tsconfig.build.json); only what ships to the browser goes through vite.
//
// Output (dist/public, served by the portal under /assets/):
//   .vite/manifest.json      read once at start by server/assets.ts
//   client-<hash>.js         islands/client.ts, the only <script> a page ever gets
//   <Name>.island-<hash>.js  one chunk per island, imported on demand (import.meta.glob)
//   react-<hash>.js          React 19 and react-dom, shared by every island
//   main-<hash>.css          USWDS + portal styles
//   fonts/, img/             only the USWDS fonts and icons the CSS references
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Must match ASSETS_URL_PREFIX in server/assets.ts (where the portal serves dist/public).
const ASSETS_BASE = '/assets/';

export default defineConfig({
  root,
  base: ASSETS_BASE,
  // public/ (logo, illustration, favicon) is served as-is by the portal at /; it is not
  // copied into the hashed, immutable /assets/ tree.
  publicDir: false,
  plugins: [react()],
  css: {
    preprocessorOptions: {
      scss: {
        loadPaths: [fileURLToPath(new URL('./node_modules/@uswds/uswds/packages', import.meta.url))],
        // USWDS's own sources trigger Sass deprecation warnings we can't fix.
        quietDeps: true,
      },
    },
  },
  build: {
    outDir: 'dist/public',
    emptyOutDir: true,
    // Hashed files sit directly under /assets/ (no second "assets/" level).
    assetsDir: '',
    manifest: true,
    target: 'baseline-widely-available',
    sourcemap: false,
    // The server emits <link rel="modulepreload"> for exactly the islands a page uses, so
    // vite's runtime preload helper (which injects <link> tags from script) is not needed.
    modulePreload: false,
    // Never inline fonts or icons as data: URIs: every asset is a file from our origin,
    // which keeps CSP simple (font-src/img-src 'self') and the CSS small.
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    reportCompressedSize: true,
    rolldownOptions: {
      input: {
        client: fileURLToPath(new URL('./islands/client.ts', import.meta.url)),
        main: fileURLToPath(new URL('./styles/main.scss', import.meta.url)),
      },
      output: {
        // Libraries get chunks of their own so a deploy that only changes our code keeps
        // them cached (their hashes only change when the library version does).
        codeSplitting: {
          groups: [
            // React 19 (react, react-dom, scheduler): one shared chunk, loaded only by pages that
            // have an island, cached until React's version changes.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
        entryFileNames: '[name]-[hash].js',
        chunkFileNames: '[name]-[hash].js',
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          if (/\.(woff2?|ttf|otf|eot)$/i.test(name)) return 'fonts/[name]-[hash][extname]';
          if (/\.(svg|png|jpe?g|gif|webp|avif|ico)$/i.test(name)) return 'img/[name]-[hash][extname]';
          return '[name]-[hash][extname]';
        },
      },
    },
  },
});
