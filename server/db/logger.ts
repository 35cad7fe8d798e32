/**
 * The log surface the database layer needs: pino's `(object, message)` methods, so the server can
 * hand in Fastify's logger. Without one, lines go to stderr as JSON, one object per line.
 */

export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

function writeLine(level: string, fields: object, message: string): void {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...fields, msg: message })}\n`);
}

export const stderrLogger: Logger = {
  info: (fields, message) => writeLine('info', fields, message),
  warn: (fields, message) => writeLine('warn', fields, message),
  error: (fields, message) => writeLine('error', fields, message),
};
