// The owner's moderation CLI (README, "Moderation"): `npm run moderate -- --help`. Plain
// JavaScript, so that a Node too old for TypeScript gets one line from the check (check-node.cjs)
// before anything else; the work is in scripts/moderate/, run by Node's own type stripping.
import './check-node.cjs';

const { main } = await import('./moderate/main.ts');
process.exitCode = await main(
  process.argv.slice(2),
  process.env,
  { out: (line) => console.log(line), err: (line) => console.error(line) },
  Date.now(),
);
