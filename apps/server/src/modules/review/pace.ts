import type { DbOrTx } from '../../db/client.ts';
import { decisionsSince } from './repo.ts';

/** Start of today in Beijing, as the dashboard's other "today" figures count it. */
function startOfTodayChina(now: number): Date {
  const d = new Date(now + 8 * 3600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - 8 * 3600_000);
}

/**
 * A reviewer's pace (decisions per person): the last hour, today, and today's rate per hour
 * over the time since their first decision of the day (at least one hour, so a first burst is
 * not read as a day's rate).
 */
export async function reviewPace(db: DbOrTx, staffId: number, now = Date.now()) {
  const [hour, today] = await Promise.all([
    decisionsSince(db, staffId, new Date(now - 3600_000)),
    decisionsSince(db, staffId, startOfTodayChina(now)),
  ]);
  const hours = today.first ? Math.max(1, (now - today.first.getTime()) / 3600_000) : 1;
  return { lastHour: hour.count, today: today.count, perHourToday: Math.round((today.count / hours) * 10) / 10 };
}
