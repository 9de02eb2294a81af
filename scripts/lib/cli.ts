// How a command reads its command line: `--help` prints its usage, and an option it does not know is
// refused with one line naming it and the usage (exit 2), never a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type * as z from 'zod';

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

/** Names other commands used for --remote; a command that takes --remote says so when given one. */
const RETIRED_REMOTE_NAMES = ['--url', '--base'];

/**
 * The refusal of an unknown option: parseArgs' reason, or for a retired name of --remote, a pointer to it.
 * On a command taking words, parseArgs adds how to pass a word starting with "-" after "--": dropped, as
 * the mistyped option is by far the likelier case (and the tool scripts refuse such a word anyway).
 */
function unknownOptionReason(error: Error, takesRemote: boolean): string {
  const named = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (takesRemote && named && RETIRED_REMOTE_NAMES.includes(named.split('=')[0]!))
    return `${named.split('=')[0]} is gone: name the instance with --remote <url> (a deployed one, or one running here).`;
  return named ? `Unknown option '${named}'` : error.message;
}

/**
 * The value of --remote, the one option naming an instance (deployed or running here): an http(s)
 * address, answered as its origin; undefined when not given; refused (exit 2) when not an address.
 * @example const remote = remoteOrigin(USAGE, values.remote)
 */
export function remoteOrigin(usage: string, value: string | undefined, io: CommandIo = PROCESS_IO): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return refuse(usage, `--remote must be an http(s) address such as https://viewdeck.example, not "${value}"`, io);
  return url.origin;
}

/** parseArgs' own errors for a command line it refuses (unknown option, missing value, stray word). */
function isCommandLineError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS_');
}

/**
 * Parses the command line strictly, with `--help` (and `-h`) added to the options. On `--help` prints
 * `usage` on stdout and exits 0; on an option it does not know, a missing value or a positional where
 * none is allowed, prints parseArgs' one-line reason and the usage and exits 2. A command taking
 * --remote answers --url or --base (other commands' old names for it) with a pointer to --remote.
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
    return refuse(usage, unknownOptionReason(error, 'remote' in options), io);
  }
  if (parsed.values['help'] === true) {
    io.out(usage);
    return io.exit(0);
  }
  return parsed as ReturnType<typeof parseArgs<T & { strict: true }>>;
}

/**
 * parseCommand, then the values checked by a zod schema (numbers and lists from their text): the schema's
 * first words for each bad flag, with the usage, exit 2.
 * @example const opts = parseOptions(USAGE, { options: { runs: { type: 'string', default: '7' } } }, z.object({ runs: z.coerce.number().int().min(1) }))
 */
export function parseOptions<S extends z.ZodType>(usage: string, config: CommandConfig, schema: S, io: CommandIo = PROCESS_IO): z.infer<S> {
  const parsed = schema.safeParse(parseCommand(usage, config, io).values);
  if (!parsed.success) return refuse(usage, parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '), io);
  return parsed.data;
}
