import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['test/**/*.slow.test.ts', 'node_modules/**'],
  testTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [...shared.exclude, 'test/contract/**'],
          // The library is pure and every test builds its own engine, so test files can share one
          // module cache per worker: ~5x faster than re-importing zod, xstate and the engine per file.
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          // The contract test replaces createEngine with vi.mock to record every answer; a module
          // cache shared with other files would hand it the unmocked engine.
          isolate: true,
        },
      },
    ],
  },
});
