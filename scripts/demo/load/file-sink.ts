// Writes the generated files under a folder (seed --write-files DIR), for people to read or to load with npm run import.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileSink } from './sink';

/** A sink writing under dir, which is emptied first so it holds exactly one run's files. */
export function folderSink(dir: string): FileSink {
  rmSync(dir, { recursive: true, force: true });
  const made = new Set<string>();
  const target = (file: string) => {
    const full = path.join(dir, file);
    const folder = path.dirname(full);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    return full;
  };
  return {
    active: true,
    write: (file, content) => writeFileSync(target(file), content),
    append: (file, line) => appendFileSync(target(file), `${line}\n`),
  };
}
