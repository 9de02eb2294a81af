// Where generated files go besides the importer: nowhere by default, a folder with --write-files.

/** Receives every generated file; `append` adds a line to a file (API responses, one per line). */
export interface FileSink {
  /** False when nothing is kept: callers skip serialising what would only be written here. */
  readonly active: boolean;
  write(path: string, content: string | Uint8Array): void;
  append(path: string, line: string): void;
}

/** Keeps nothing (the usual seed: files go straight to the importer in memory). */
export const NO_FILES: FileSink = { active: false, write: () => undefined, append: () => undefined };
