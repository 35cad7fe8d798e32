import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Directions of import (docs/architecture.md §4): domain ← data ← features ← app; ui ← features;
// features never import each other; Supabase only in src/data; server only reaches into
// src/domain. Patterns are matched against the import path as written.
const banned = (message, ...group) => ({ group, message });
/** What a pure module never imports: UI and rendering libraries, the data API, its cache. */
const IMPURE_PACKAGES = [
  'react',
  'react-*',
  'konva',
  'konva/*',
  'react-konva',
  'react-konva/*',
  '@supabase/*',
  '@tanstack/*',
];
const NOT_PURE = banned(
  'src/domain is pure: no React, Konva, Supabase or I/O, and nothing outside src/domain.',
  ...IMPURE_PACKAGES,
  '**/data/**',
  '**/features/**',
  '**/ui/**',
  '**/app/**',
  '**/server/**',
);
// A feature's own pure model (its transitions, placement, tiles…) keeps domain's rule: no React,
// Konva, Supabase or I/O; it may use src/domain and its own model, never the feature's UI.
const NOT_PURE_MODEL = [
  banned("A feature's model is pure: no React, Konva, Supabase or I/O.", ...IMPURE_PACKAGES),
  {
    // Out of model/ only into src/domain (three folders up); the feature's UI is never its model's.
    regex: '^\\.\\./(?!\\.\\./\\.\\./domain/)',
    message: "A feature's model uses only src/domain and itself, never the feature's UI.",
  },
];
const SUPABASE_ONLY_IN_DATA = banned('Only src/data knows Supabase.', '@supabase/*');
const NO_SERVER = banned('The app never imports the server.', '**/server/**');
const NO_APP = banned('Only src/app composes features.', '**/app/**');
const restrict = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const otherFeatures = (name) =>
  banned(
    'Features never import each other; compose them in src/app.',
    ...['board', 'welcome', 'export', 'moderate']
      .filter((other) => other !== name)
      .flatMap((other) => [`**/features/${other}/**`, `../${other}/**`]),
  );
const boundaries = [
  restrict(['src/domain/**'], NOT_PURE),
  restrict(
    ['src/data/**'],
    NO_SERVER,
    NO_APP,
    banned(
      'data sits below features and ui.',
      '**/features/**',
      '**/ui/**',
      'konva',
      'react-konva',
    ),
  ),
  restrict(
    ['src/ui/**'],
    NO_SERVER,
    NO_APP,
    SUPABASE_ONLY_IN_DATA,
    banned('ui is shared: it knows no feature and no data.', '**/features/**', '**/data/**'),
  ),
  ...['board', 'welcome', 'export', 'moderate'].map((name) =>
    restrict(
      [`src/features/${name}/**`],
      NO_SERVER,
      NO_APP,
      SUPABASE_ONLY_IN_DATA,
      otherFeatures(name),
    ),
  ),
  // After the features' own zone: for the same files, the last zone's rule is the one applied.
  restrict(['src/features/*/model/**'], ...NOT_PURE_MODEL),
  restrict(['src/app/**', 'src/main.tsx'], NO_SERVER, SUPABASE_ONLY_IN_DATA),
  // embed.js runs on other sites' pages: standalone, at most the domain's types.
  restrict(
    ['src/snippet/**'],
    NO_SERVER,
    NO_APP,
    banned(
      'The snippet has no dependencies: nothing but src/domain types.',
      'react',
      'react-*',
      'konva',
      '@supabase/*',
      '@tanstack/*',
      '**/data/**',
      '**/features/**',
      '**/ui/**',
    ),
  ),
  restrict(
    ['server/**'],
    banned(
      'The server only shares src/domain.',
      '**/src/data/**',
      '**/src/features/**',
      '**/src/ui/**',
      '**/src/app/**',
      'react',
      'konva',
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain Node scripts.
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    // CommonJS on purpose (scripts/check-node.cjs must run on any old Node).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { process: 'readonly', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  ...boundaries,
  {
    // Browser tests poll through tests/e2e/support/expect.ts (its intervals say why).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/expect.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['expect'],
              message:
                "Import expect from tests/e2e/support/expect.ts (or a support file's re-export).",
            },
          ],
        },
      ],
    },
  },
  {
    // The rules are pure: no time, randomness, I/O or browser globals.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'fetch',
        'window',
        'document',
        'setTimeout',
        'setInterval',
        'requestAnimationFrame',
        'Date',
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random' }],
    },
  },
);
