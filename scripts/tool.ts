// `npm run <script>` for the scripts that run another tool (build, typecheck, lint, format, the test layers,
// migrate:local): checks the command line against the script's usage (scripts/lib/tool-scripts.ts), then
// runs the tool with it and ends with the tool's exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { toolCommand } from './lib/tool-scripts.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const [script = '', ...args] = process.argv.slice(2);
const [tool, ...toolArgs] = toolCommand(script, args);
const child = spawn(path.join(ROOT, 'node_modules', '.bin', tool!), toolArgs, { stdio: 'inherit' });
// Ctrl-C reaches the tool from the terminal itself (one process group): this process only waits for it
// to stop. A SIGTERM or SIGHUP sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`could not start ${tool}: ${error.message}; run npm install first.`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
