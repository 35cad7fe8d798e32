/**
 * embed.js, the one-line snippet that puts the wall on other pages (src/snippet/embed.ts): built
 * on its own, after the app, into the root of the build (`dist/embed.js`, served at the wall's
 * root under a name that never changes, so owners' pages keep working across releases). One
 * classic script, no module and no chunk: it runs from a plain `<script async>` on any page.
 */
import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SNIPPET_ENTRY = 'src/snippet/embed.ts';
export const SNIPPET_FILE = 'embed.js';

export function buildEmbedSnippet(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'signwall-embed-snippet',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        root: config.root,
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir: resolve(config.root, config.build.outDir),
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: {
            entry: resolve(config.root, SNIPPET_ENTRY),
            formats: ['iife'],
            name: 'signwallEmbed',
            fileName: () => SNIPPET_FILE,
          },
        },
      });
    },
  };
}
