import { defineConfig } from 'vitest/config';

// Six projects so each layer of the pyramid can be run on its own (npm run test:unit etc.).
export default defineConfig({
  test: {
    // Structured logs of expected failures would drown the test output.
    env: { LOG_LEVEL: 'SILENT' },
    projects: [
      {
        extends: true,
        // Pure tests share one module graph per worker (no per-file re-import): 47 s -> 10 s
        // (docs/decisions.md "Test suite time"). Integration files keep their isolation: each
        // starts a stack, and the process-wide wiring must not outlive a file.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 10_000,
          isolate: false,
          // Projects run side by side only with the same worker count (vitest refuses a mix).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        // Adapters against the emulators and loopback servers: DynamoDB on dynalite, the guarded
        // HTTP agent and webhook sender against local servers (docs/architecture.md, tests).
        test: {
          name: 'adapters',
          include: ['test/adapters/**/*.test.ts'],
          // No wiring here: each file makes its own clients against its own emulator.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file boots its own embedded stack; two cores cannot run many at once.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        // The client package (client/): its own unit tests, the generated-types drift check and
        // its README's examples run against the local stack (client/README.md).
        test: {
          name: 'client',
          include: ['test/client/**/*.test.ts'],
          // Each README example is a Node process; the type check of the examples runs tsc.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The dashboard in a real headless Chromium (Debian's package); skipped with a message
          // when no Chromium is installed (test/browser/support/chromium.ts).
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two, like every project: with one, vitest runs each browser file alone after all the
          // others (docs/decisions.md "Test suite time"). Each file starts its own Chromium.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
