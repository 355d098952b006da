import { useEffect, useRef } from "react";

/**
 * A module a page's enhancement does without (a form's checks), asked for once the component using
 * it has hydrated (issue 26: on 3G each kilobyte before the page is enhanced is 20 ms more), and
 * read from event handlers: `current` is undefined until it has come, and stays so if it cannot
 * (the server does what it does).
 */
export function useLoadedLater<Module>(load: () => Promise<Module>): { readonly current: Module | undefined } {
  const loaded = useRef<Module>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, whatever function a render passes
  useEffect(() => {
    load().then(
      (module) => {
        loaded.current = module;
      },
      () => {},
    );
  }, []);
  return loaded;
}
