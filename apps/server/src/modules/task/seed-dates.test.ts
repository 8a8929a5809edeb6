import { describe, expect, it } from 'vitest';
import { DEMO_TASKS } from './seed.ts';
import { demoSeason, deadlineText } from '../../db/seed/data/demo-season.ts';
import { DEMO_NOTICES } from '../../db/seed/data/content-demo.ts';

/** The China-time calendar day of an instant, as YYYY-MM-DD. */
const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

describe('demo dates agree', () => {
  it("this season's tasks close on the day the site's notices announce", () => {
    const season = demoSeason();
    const text = deadlineText(season);
    // The notices tell students the web collection closes on this day ...
    expect(DEMO_NOTICES.some((n) => n.contentZh.includes(text.zh) || n.titleZh.includes(text.zh))).toBe(true);
    // ... and the tasks a student opens end that same day, at its last minute in China time.
    const current = DEMO_TASKS.filter((t) => t.featureCode.endsWith(String(season.classYear)));
    expect(current).toHaveLength(2);
    for (const t of current) {
      expect(chinaDay(t.endTime)).toBe(`${season.classYear}-05-31`);
      expect(chinaDay(new Date(t.endTime.getTime() + 60_000))).toBe(`${season.classYear}-06-01`);
    }
  });

  it("last season's tasks are past their deadline, this season's still open", () => {
    const season = demoSeason();
    for (const t of DEMO_TASKS) {
      const open = t.endTime.getTime() > Date.now();
      expect(open).toBe(t.featureCode.endsWith(String(season.classYear)));
    }
  });

  it('the season turns on 1 June in China time, not in UTC', () => {
    // 31 May 2027, 17:00 UTC is 1 June 01:00 in Beijing: the 2027 season is over there.
    expect(demoSeason(new Date(Date.UTC(2027, 4, 31, 17))).classYear).toBe(2028);
    expect(demoSeason(new Date(Date.UTC(2027, 4, 31, 15))).classYear).toBe(2027);
  });
});
