import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    // Integration and browser tests start real servers and a real Chromium: give them time.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one test file per core keeps servers and browsers from starving each other.
    maxWorkers: 2,
    // The default reporter lists each file with its duration as it ends, and the tests slower than
    // slowTestThreshold; ours ends the run with every file's duration, slowest first, the slowest
    // tests, and the "N passed, N failed" line (tests/support/summary-reporter.ts). A test here
    // that starts a page or a portal takes a few hundred milliseconds, so "slow" is a second:
    // at vitest's 300 ms nearly every browser test would get a line of its own in CI logs.
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    slowTestThreshold: 1_000,
  },
});
