import { describe, expect, it } from 'vitest';
import { formatChinaDay, formatChinaTime } from './time-format.ts';

describe('formatChinaTime', () => {
  it('shows a UTC moment as YYYY-MM-DD HH:mm in China time, the next day after 16:00 UTC', () => {
    expect(formatChinaTime('2026-11-26T15:47:19Z')).toBe('2026-11-26 23:47');
    expect(formatChinaTime('2026-11-26T16:06:46.000Z')).toBe('2026-11-27 00:06');
    expect(formatChinaDay('2026-11-26T16:06:46.000Z')).toBe('2026-11-27');
  });
  it('shows nothing for no time or a bad one', () => {
    expect(formatChinaTime(null)).toBe('');
    expect(formatChinaTime('not a date')).toBe('');
  });
});
