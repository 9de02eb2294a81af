// When a report was issued, and who says so: what decides between two files that hold the same slice.
import { MS_PER_SECOND } from '../../../lib/dates/time';

/**
 * An issue time given with a file (unix seconds): YouTube's createTime for reports the Reporting API
 * listed, or one an operator stated by hand (`--issued`, the upload field "issued"). A file's
 * modification time is never one: a copy without `cp -p` would reorder re-issues.
 */
export interface StatedIssue {
  readonly at: number;
  readonly from: 'youtube' | 'operator';
}

/**
 * An issue time as report_files records it: a stated one, or 'load' when none was given (the load
 * time stands in, also for a file loaded with replace). 'file' is a modification time, recorded only
 * by loads before migration 0025.
 */
export interface RecordedIssue {
  readonly at: number;
  readonly from: 'youtube' | 'operator' | 'load' | 'file';
}

/** What a file is recorded with: its stated issue time, else the load time. */
export function recordedIssue(issued: RecordedIssue | null, now: number): RecordedIssue {
  return issued ?? { at: now, from: 'load' };
}

/** An issue time for messages: '2026-11-21 10:04 UTC'. */
export function issuedText(at: number): string {
  return `${new Date(at * MS_PER_SECOND).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A recorded issue time with where it came from, for messages: 'issued 2026-11-21 10:04 UTC by YouTube'. */
export function issueText(issue: RecordedIssue): string {
  const at = issuedText(issue.at);
  switch (issue.from) {
    case 'youtube':
      return `issued ${at} by YouTube`;
    case 'operator':
      return `issued ${at} as stated by hand`;
    case 'load':
      return `loaded ${at} without an issue time`;
    case 'file':
      return `issued ${at} by its file's modification time`;
  }
}
