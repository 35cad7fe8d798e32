import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { buildEmbedSnippet } from './scripts/build-embed-snippet.ts';
import { catalogsPlugin } from './scripts/i18n-catalogs.ts';
import { precompress } from './scripts/precompress.ts';
import { prerenderWelcome } from './scripts/prerender-welcome.ts';

// In `npm run dev` the API server listens on API_PORT and Vite proxies the data API to it, so the
// app always talks to its own origin (no CORS, same as `npm start`).
const apiPort = process.env.API_PORT ?? '54321';

/**
 * Link previews need absolute image URLs: with VITE_SITE_URL set at build time (the address the app
 * is published at), `/og-image.png` in index.html's meta tags becomes `<VITE_SITE_URL>/og-image.png`.
 */
function absolutePreviewImage(siteUrl: string | undefined): Plugin {
  return {
    name: 'signwall-absolute-preview-image',
    transformIndexHtml(html) {
      if (!siteUrl) return html;
      return html.replaceAll(
        'content="/og-image.png"',
        `content="${new URL('/og-image.png', siteUrl).href}"`,
      );
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    catalogsPlugin(),
    absolutePreviewImage(loadEnv(mode, process.cwd(), 'VITE_').VITE_SITE_URL),
    prerenderWelcome(),
    buildEmbedSnippet(),
    precompress(),
  ],
  server: {
    proxy: {
      '/rest': `http://127.0.0.1:${apiPort}`,
    },
  },
  // The wall's worker (src/data/wall-worker.ts) is a module worker: it shares chunks with the app.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Written for the owner (decoding stack traces), never linked from a bundle nor served:
    // server/http/static.ts.
    sourcemap: 'hidden',
  },
}));
