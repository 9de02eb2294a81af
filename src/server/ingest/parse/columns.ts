// Header handling: normalise column names once, then hand out indexes so rows are read by name.

/**
 * Reporting API names pass unchanged; Studio downloads ("Video Duration (sec)",
 * "YouTube Revenue Split : Auction") become video_duration_sec, youtube_revenue_split_auction.
 */
export function normalizeColumnName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Column name -> index in the row array, resolved once per file. */
export class ColumnIndex {
  private readonly positions = new Map<string, number>();
  readonly duplicates: string[] = [];

  /** `aliases` maps another layout's name to ours (day -> date). */
  constructor(
    readonly names: readonly string[],
    aliases: Readonly<Record<string, string>> = {},
  ) {
    names.forEach((name, i) => {
      const key = Object.hasOwn(aliases, name) ? (aliases[name] ?? name) : name;
      if (this.positions.has(key)) this.duplicates.push(key);
      else this.positions.set(key, i);
    });
  }

  /** Index of a column, or -1 when the file does not have it. */
  index(name: string): number {
    return this.positions.get(name) ?? -1;
  }

  has(name: string): boolean {
    return this.positions.has(name);
  }

  /** The first of `required` that the header lacks, in the order given. */
  firstMissing(required: readonly string[]): string | undefined {
    return required.find((name) => !this.positions.has(name));
  }
}
