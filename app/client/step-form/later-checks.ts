type BrowserChecks = typeof import("#app/components/form/browser-checks.ts");

/**
 * The form's checks (the server's code: a step's, a record's), asked for once the page is enhanced
 * (decision 041) and read when the claimant submits or leaves a record's row: `loaded` is
 * undefined until they have come, and stays so if they cannot (the server checks).
 */
export const laterChecks: { loaded?: BrowserChecks } = {};

export function loadLaterChecks(): void {
  import("#app/components/form/browser-checks.ts").then(
    (module) => {
      laterChecks.loaded = module;
    },
    () => {},
  );
}
