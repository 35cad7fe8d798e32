/**
 * The owner's moderation CLI (README, "Moderation"): `npm run moderate -- --help`.
 * Runs as plain Node (type stripping); the work is in scripts/moderate/.
 */
import { main } from './moderate/main.ts';

process.exitCode = await main(
  process.argv.slice(2),
  process.env,
  { out: (line) => console.log(line), err: (line) => console.error(line) },
  Date.now(),
);
