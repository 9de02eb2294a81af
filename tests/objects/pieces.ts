// A report's text cut into the pieces a Workflow's steps read: whole lines, the header in front of each.

/**
 * `csv` cut into `pieces` pieces of (nearly) equal line counts, each with the header first.
 * @example pieceTexts(basicCsv(lines, true), 3) // ['header\n…\n', 'header\n…\n', 'header\n…\n']
 */
export function pieceTexts(csv: string, pieces: number): string[] {
  const [header = '', ...lines] = csv.split('\n').filter((l) => l !== '');
  const size = Math.ceil(lines.length / pieces);
  return Array.from({ length: pieces }, (_, k) => `${header}\n${lines.slice(k * size, (k + 1) * size).join('\n')}\n`);
}
