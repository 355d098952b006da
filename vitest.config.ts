import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    // Integration and browser tests start real servers and a real Chromium: give them time.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one test file per core keeps servers and browsers from starving each other.
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
  },
});
