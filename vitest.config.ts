import { defineConfig } from 'vitest/config';

/**
 * The API files that attack the server (floods, a full disk, budgets, memory bounds, the watchdog)
 * or crash it as it starts (killed during initdb, a full disk, a taken lock): each wants the machine
 * to itself, or starts and kills servers for a minute, so they run apart (`npm run test:attacks`),
 * one at a time, and `npm test` stays short.
 */
const ATTACKS = [
  'busy',
  'crowd',
  'data-dir',
  'disk-full',
  'event-loop',
  'first-start',
  'flood',
  'hostile',
  'rate-limit',
  'report-flood',
  'slow-readers',
  'unique-reads-flood',
  'unread-answers',
  'watchdog',
].map((name) => `tests/api/${name}.test.ts`);

// First the unit files; then the database files and the API files but the attacks; each two at a
// time (CI and our machines have 2 cores); last the attacks, alone. The API and
// database projects run without isolation (isolate: false): a project's files share a worker, so
// the server, supabase-js and PGlite are imported once per worker rather than once per file
// (seconds each on a busy machine). Every file opens its own databases and servers, and no test
// file stubs modules, globals or the environment, so a file finds nothing another left behind.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/docs/**/*.test.ts',
          ],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          exclude: ATTACKS,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'attack',
          environment: 'node',
          include: ATTACKS,
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
