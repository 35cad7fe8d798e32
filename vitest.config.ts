import { defineConfig } from 'vitest/config';

// Unit files first, two at a time (CI and our machines have 2 cores). Then the API and database
// files, one at a time: each boots its own servers and databases, and the API files' floods,
// budgets and memory bounds want the machine to themselves. Those run without isolation
// (isolate: false): all of a project's files in one worker, so the server, supabase-js and PGlite
// are imported once rather than once per file (seconds each on a busy machine). Every file opens
// its own databases and servers, and no test file stubs modules, globals or the environment, so a
// file finds nothing another left behind.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
