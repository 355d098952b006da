import { type ReactNode, Suspense, useEffect } from "react";
import { nextTask } from "#app/client/next-task.ts";

/**
 * The page's first hydration in parts (issue 26): on a phone whose CPU is slowed 6×, hydrating a
 * step page's content at once was one task of 120–300 ms, time a tap waits. Each `Later` part
 * waits for a task of its own, one after the other, in page order; meanwhile the server's markup
 * stays as it is and works as without scripts (what is typed is kept: hydrating never changes a
 * value).
 */
const hydration = {
  /** From entry.client's hydrateRoot until every part has hydrated: parts rendered then wait their turn. */
  underway: false,
  /** The parts waiting: each hydrates one task after the one before. */
  queue: Promise.resolve(),
  /** Parts (and the page itself) whose effects have not run yet. */
  unsettled: 0,
  settled: () => {},
};

/**
 * Runs `hydrate` (entry.client's hydrateRoot) with its `Later` parts left for tasks of their own;
 * resolves once every part has hydrated and its effects have run, and so have the page's own:
 * `hydrate` is given the function its outermost component's effect calls.
 */
export function hydrateInParts(hydrate: (pageSettled: () => void) => void): Promise<void> {
  const settled = new Promise<void>((resolve) => {
    hydration.settled = () => {
      hydration.underway = false;
      resolve();
    };
  });
  hydration.unsettled = 1;
  hydration.underway = true;
  hydrate(partSettled);
  return settled;
}

function partSettled() {
  if (--hydration.unsettled === 0) hydration.settled();
}

/**
 * A part of a page that hydrates in a task of its own (a part inside it, in one more). It is an
 * element of its own (a `div` of `className`), on the server as in the browser: what waits keeps
 * exactly that one element of the server's markup, whatever its content renders (nothing, or
 * several elements).
 */
export function Later({ className, children }: { className: string; children: ReactNode }) {
  const part = <div className={className}>{children}</div>;
  if (typeof document === "undefined") return part;
  return (
    <Suspense fallback={null}>
      <Waiting>{part}</Waiting>
    </Suspense>
  );
}

/** The parts that waited, by their content: the same element when Preact renders them again. */
const waited = new WeakSet<object>();

/**
 * Suspends once while the hydration is underway (Preact keeps the server's element, and hydrates it
 * when the promise resolves: app/entry.client.tsx runs on Preact, decision 036); then renders.
 */
function Waiting({ children }: { children: ReactNode & object }) {
  if (hydration.underway && !waited.has(children)) {
    hydration.unsettled++;
    waited.add(children);
    hydration.queue = hydration.queue.then(nextTask);
    throw hydration.queue;
  }
  return (
    <>
      {children}
      {waited.has(children) && <Settled />}
    </>
  );
}

/** The last of a part that waited: its effect runs after those of the part's content. */
function Settled() {
  useEffect(partSettled, []);
  return null;
}
