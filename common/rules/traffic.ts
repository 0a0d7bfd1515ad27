/** Limits of the traffic calls both sides apply; the wire shapes are common/wire/traffic/. */

/** Rows one log download may hold (a larger selection is refused with a message). */
export const LOG_DOWNLOAD_MAX_ROWS = 1_000_000;
/** Hours a log download address stays valid. */
export const LOG_DOWNLOAD_TTL_HOURS = 6;

/** Longest line range: 1-minute points 7 days, 5-minute points and statistics 31 days. */
export const LINE_MAX_DAYS = { minute: 7, fiveMinutes: 31 } as const;
