// Where a video or a title's videos open in the partner area: links every list shares.

/** A video's own page. @example videoPath('dQw4w9WgXcQ') // '/video/dQw4w9WgXcQ' */
export const videoPath = (videoId: string): string => `/video/${encodeURIComponent(videoId)}`;

/**
 * The Videos tab of Profile → Property for one title, every publish date: where a title's row in the
 * details table leads, each video of it then opening its page.
 * @example titleVideosPath(7) // '/profile?tab=videos&period=life&title=7'
 */
export const titleVideosPath = (titleId: number): string => `/profile?tab=videos&period=life&title=${titleId}`;
