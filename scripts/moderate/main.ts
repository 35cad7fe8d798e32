/**
 * `npm run moderate`: parse the command line, connect with the service key, run the command and
 * print what happened. Returns the exit status instead of exiting, so tests can call it too.
 */
import { parseCommand, USAGE, UsageError } from './args.ts';
import { Moderator } from './commands.ts';
import { connect, ModerationError, readConnection } from './connection.ts';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: Output,
  nowMs: number,
): Promise<number> {
  let command;
  try {
    command = parseCommand(argv, nowMs);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`moderate: ${error.message}`);
    output.err('Run `npm run moderate -- --help` for the commands.');
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    output.out(USAGE);
    return EXIT.ok;
  }
  try {
    const connection = readConnection(env);
    const outcome = await new Moderator(connect(connection), connection).run(command);
    for (const line of outcome.lines) (outcome.ok ? output.out : output.err)(line);
    return outcome.ok ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (!(error instanceof ModerationError)) throw error;
    output.err(`moderate: ${error.message}`);
    return EXIT.failed;
  }
}
