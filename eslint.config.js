import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Directions of import (DESIGN.md §4): domain ← data ← features ← app; ui ← features;
// features never import each other; server only reaches into src/domain.
const zones = [
  { target: './src/domain', from: './src', except: ['./domain'], message: 'src/domain is pure.' },
  {
    target: './src/data',
    from: ['./src/features', './src/app', './src/ui'],
    message: 'data sits below features.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './src/app', './src/data'],
    message: 'ui is shared.',
  },
  ...['wall', 'compose', 'export'].map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features never import each other; compose them in src/app.',
  })),
  { target: './src', from: './server', message: 'The app never imports the server.' },
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'The server only shares src/domain.',
  },
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
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
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
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
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
