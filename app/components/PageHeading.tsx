import type { ReactNode } from "react";

/** The page's <h1>: one per page, its title as the claimant reads it (GOV.UK question pages). */
export function PageHeading({ children }: { children: ReactNode }) {
  return <h1>{children}</h1>;
}
