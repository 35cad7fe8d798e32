// `npm start`, `npm run serve`, or `node server/start.mjs`: the server (main.ts), after the check
// that this Node runs TypeScript itself. Plain JavaScript, and main.ts imported only after the
// check: a Node too old for TypeScript (Node 20 refuses a .ts file before running any of it) gets
// one line saying what to do, not a stack trace.
import '../scripts/check-node.cjs';

await import('./main.ts');
