export const DAYS = ['2026-11-23', '2026-11-24', 'someday'];
/** Titles whose button received a click. */
export const clicks: string[] = [];
