import { describe, expect, it } from 'vitest';
import { PORTAL_API } from './api-paths.ts';
import { PORTAL_RESPONSES } from './api-responses.ts';

describe('PORTAL_RESPONSES', () => {
  it('names the answer of every portal route and of nothing else', () => {
    expect(Object.keys(PORTAL_RESPONSES).sort()).toEqual([...PORTAL_API].sort());
  });

  it('reads an answer with the route schema', () => {
    expect(PORTAL_RESPONSES['GET /api/binding/findCheckStatus'].safeParse(2).success).toBe(true);
    expect(PORTAL_RESPONSES['GET /api/binding/findCheckStatus'].safeParse('2').success).toBe(false);
  });
});
