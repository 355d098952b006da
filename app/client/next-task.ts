/**
 * Gives the main thread back to the browser (a tap, a keystroke, a paint) before going on: what
 * follows runs in a task of its own. On a phone's slow CPU, one long task of the page's scripts
 * is time the claimant's tap waits (issue 26: total blocking time). `scheduler.yield` where the
 * browser has it (its continuation goes ahead of other tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
