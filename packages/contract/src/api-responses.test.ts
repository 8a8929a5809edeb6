import { describe, expect, it } from 'vitest';
import { PORTAL_API } from './api-paths.ts';
import { CONSOLE_RESPONSES, PORTAL_RESPONSES } from './api-responses.ts';
import { CONSOLE_API, CONSOLE_PUBLIC } from './staff-access.ts';

describe('PORTAL_RESPONSES', () => {
  it('names the answer of every portal route and of nothing else', () => {
    expect(Object.keys(PORTAL_RESPONSES).sort()).toEqual([...PORTAL_API].sort());
  });

  it('reads an answer with the route schema', () => {
    expect(PORTAL_RESPONSES['GET /api/binding/findCheckStatus'].safeParse(2).success).toBe(true);
    expect(PORTAL_RESPONSES['GET /api/binding/findCheckStatus'].safeParse('2').success).toBe(false);
  });
});

describe('CONSOLE_RESPONSES', () => {
  it('names the answer of every console route (the role table and the login) and of nothing else', () => {
    expect(Object.keys(CONSOLE_RESPONSES).sort()).toEqual([...Object.keys(CONSOLE_API), ...CONSOLE_PUBLIC].sort());
  });
});
