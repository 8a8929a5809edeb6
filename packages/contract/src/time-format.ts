/**
 * The one way the portal and the console show a moment: `YYYY-MM-DD HH:mm` in China time (UTC+8, no
 * daylight saving), in both languages, whatever the browser's zone — order numbers are Beijing time too.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;

export function formatChinaTime(at: string | number | Date | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) return '';
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The day alone, `YYYY-MM-DD` in China time. */
export const formatChinaDay = (at: string | number | Date | null | undefined): string =>
  formatChinaTime(at).slice(0, 10);
