// How a command reads its command line: `--help` prints its usage, and an option it does not know is
// refused with one line naming it and the usage (exit 2), never a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The exit code of a command line the command does not understand, as shells and most tools use it. */
export const USAGE_EXIT_CODE = 2;

/** Where a command writes and how it ends: the process, or a stand-in in tests. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  exit: (code: number) => never;
}

const PROCESS_IO: CommandIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  exit: (code) => process.exit(code),
};

/** parseArgs' configuration less `strict`, which is always on; `args` defaults to the process's. */
type CommandConfig = Omit<ParseArgsConfig, 'strict'>;

/**
 * Prints why the command line is refused, then the usage, on stderr, and exits 2. For checks of
 * option values after parsing, so a bad value reads like an unknown option.
 * @example if (!(runs > 0)) refuse(USAGE, `--runs must be a whole number above 0, not "${values.runs}"`);
 */
export function refuse(usage: string, reason: string, io: CommandIo = PROCESS_IO): never {
  io.err(`${reason}\n\n${usage}`);
  return io.exit(USAGE_EXIT_CODE);
}

/** parseArgs' own errors for a command line it refuses (unknown option, missing value, stray word). */
function isCommandLineError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS_');
}

/**
 * Parses the command line strictly, with `--help` (and `-h`) added to the options. On `--help` prints
 * `usage` on stdout and exits 0; on an option it does not know, a missing value or a positional where
 * none is allowed, prints parseArgs' one-line reason and the usage and exits 2.
 * @example
 * const USAGE = `usage: npm run bench:x -- [--runs N]
 *   Times x N times (default 7) and prints the median.`;
 * const { values } = parseCommand(USAGE, { options: { runs: { type: 'string', default: '7' } } });
 */
export function parseCommand<T extends CommandConfig>(
  usage: string,
  config: T,
  io: CommandIo = PROCESS_IO,
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  const options = { ...config.options, help: { type: 'boolean', short: 'h' } } as const;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ ...config, options, strict: true });
  } catch (error) {
    if (!isCommandLineError(error)) throw error;
    return refuse(usage, error.message, io);
  }
  if (parsed.values['help'] === true) {
    io.out(usage);
    return io.exit(0);
  }
  return parsed as ReturnType<typeof parseArgs<T & { strict: true }>>;
}
