/** China time (UTC+8, no daylight saving): the clock quiet hours, daily limits and deadlines read. */
const OFFSET = 8 * 3_600_000;
const DAY = 86_400_000;

/** The hour of the day in China. */
export const chinaHour = (at: Date): number => new Date(at.getTime() + OFFSET).getUTCHours();

/** The instant the China day of `at` began. */
export const chinaDayStart = (at: Date): Date => new Date(Math.floor((at.getTime() + OFFSET) / DAY) * DAY - OFFSET);

/** `YYYY-MM-DD` of `at` in China. */
export const chinaDate = (at: Date): string => new Date(at.getTime() + OFFSET).toISOString().slice(0, 10);

/** Whether `at` falls in the quiet hours [from, to) China time (from > to spans midnight). */
export function inQuietHours(at: Date, from: number, to: number): boolean {
  if (from === to) return false;
  const h = chinaHour(at);
  return from < to ? h >= from && h < to : h >= from || h < to;
}

/** The first instant at or after `at` outside the quiet hours: `to` o'clock that day or the next. */
export function quietEnds(at: Date, from: number, to: number): Date {
  if (!inQuietHours(at, from, to)) return at;
  const sameDay = new Date(chinaDayStart(at).getTime() + to * 3_600_000);
  return sameDay > at ? sameDay : new Date(sameDay.getTime() + DAY);
}

/** The end of the `n`th working day (Monday to Friday, China time) after the day of `at`. */
export function workingDaysAfter(at: Date, n: number): Date {
  let day = chinaDayStart(at);
  let left = n;
  while (left > 0) {
    day = new Date(day.getTime() + DAY);
    const weekday = new Date(day.getTime() + OFFSET).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(day.getTime() + DAY);
}
