// A generated report or API response file: where it sits under the files folder, and its text.

export interface DemoFile {
  /** Path under the files folder ('reports/2026-01/content_owner_basic_a4_<owner>_202601.csv'). */
  path: string;
  text: string;
}

/** 'YYYY-MM' to the 'YYYYMM' used in file names. */
export function compactMonth(month: string): string {
  return month.replace('-', '');
}
