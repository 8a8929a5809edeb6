import { describe, expect, it } from 'vitest';
import { DEMO_CENTRES } from './content-demo.ts';

describe('demo collection centres', () => {
  it('give each contact in English as the Chinese names them (王老师: Teacher Wang), inventing no gender', () => {
    const wang = DEMO_CENTRES.find((c) => c.cperson === '王老师');
    expect(wang?.cpersonEn).toBe('Teacher Wang');
    for (const c of DEMO_CENTRES) {
      expect(c.cpersonEn).not.toMatch(/\b(Mr|Ms|Mrs|Miss)\b/);
      if (c.cperson.endsWith('老师')) expect(c.cpersonEn).toMatch(/^Teacher [A-Z][a-z]+$/);
    }
  });
});
