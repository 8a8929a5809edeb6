/**
 * The collection season the demo content speaks of, from the current date, so a demo
 * started in any year announces this year's class and deadlines ahead of it.
 * Photos are collected in the academic year before graduation: from June on, the class
 * of next year; the season's web deadline is 31 May of the class year.
 */
export interface DemoSeason {
  /** The graduating class collected now (届). */
  classYear: number;
  /** The class of the season just past. */
  previousYear: number;
  /** Last day of web collection (UTC midnight of 31 May of the class year). */
  deadline: Date;
}

const CHINA_OFFSET_MS = 8 * 3600_000;

export function demoSeason(now = new Date()): DemoSeason {
  // The season turns on 1 June in Beijing, where the students and the deadline are.
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  const y = china.getUTCFullYear();
  const classYear = china.getUTCMonth() >= 5 ? y + 1 : y;
  return { classYear, previousYear: classYear - 1, deadline: new Date(Date.UTC(classYear, 4, 31)) };
}

/** The last minute of a class's web collection: 31 May, 23:59 in China time (15:59 UTC). */
export const seasonClose = (classYear: number) => new Date(Date.UTC(classYear, 4, 31, 23, 59) - CHINA_OFFSET_MS);

/** 2027年5月31日 / 31 May 2027 */
export const deadlineText = (s: DemoSeason) => ({ zh: `${s.classYear}年5月31日`, en: `31 May ${s.classYear}` });
