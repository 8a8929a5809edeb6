import { defineConfig } from 'vitest/config';
import { DEFAULT_RESPONSE_SECRET } from '../../packages/contract/src/defaults.ts';

export default defineConfig({
  define: { 'import.meta.env.VITE_RESPONSE_SECRET': JSON.stringify(DEFAULT_RESPONSE_SECRET) },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
