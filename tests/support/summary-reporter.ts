import type { Reporter, TestCase, TestModule } from "vitest/node";

/** How many of the slowest tests the summary names. */
const SLOWEST_TESTS = 10;

/**
 * Ends the run with what the default reporter does not gather in one place: every test file's
 * duration, slowest first, and the slowest tests, so a file that grows slow shows in the log of
 * any run. Then the plain "N passed, N failed" line that CI reads from any test runner (vitest's
 * own summary is not one it knows), last. Plain text, no colours: it is read in CI logs.
 *
 * A file's duration is importing it plus all its tests and hooks (a `beforeAll` that starts a
 * portal or a browser counts); files run two at a time, so the durations add up to more than
 * the run's.
 */
export default class SummaryLine implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const tests: TestCase[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        tests.push(test);
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
    }
    const lines: string[] = [];
    const files = testModules
      .map((module) => ({ module, duration: moduleDuration(module) }))
      .sort((a, b) => b.duration - a.duration);
    lines.push("", "Test files, slowest first (import, hooks and tests):");
    for (const { module, duration } of files) {
      const count = [...module.children.allTests()].length;
      lines.push(
        `  ${seconds(duration)}  ${module.relativeModuleId} (${count} test${count === 1 ? "" : "s"}${module.state() === "failed" ? ", failed" : ""})`,
      );
    }
    const slowest = tests
      .map((test) => ({ test, duration: test.diagnostic()?.duration ?? 0 }))
      .filter(({ duration }) => duration >= 100)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, SLOWEST_TESTS);
    if (slowest.length) {
      lines.push("", `The ${slowest.length} slowest tests:`);
      for (const { test, duration } of slowest)
        lines.push(`  ${seconds(duration)}  ${test.module.relativeModuleId} > ${test.fullName}`);
    }
    lines.push(
      "",
      `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}

/** A file's time from the start of its import to the end of its last hook. */
function moduleDuration(module: TestModule): number {
  const { collectDuration, duration } = module.diagnostic();
  return collectDuration + duration;
}

/** Milliseconds as seconds, right-aligned so the column reads down. */
function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`.padStart(8);
}
