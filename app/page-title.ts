import type { MetaDescriptor } from "react-router";
import type { loader as rootLoader } from "./root.tsx";

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

/** "<page> – <claims-admin title>", in the page's culture, from the texts the root loader sent. */
export function pageTitle(matches: ReadonlyArray<MetaMatch | undefined>, key: string): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as Awaited<ReturnType<typeof rootLoader>> | undefined;
  const page = root?.messages[key] ?? key;
  return [{ title: root ? `${page} – ${root.layout.claimsAdminTitle}` : page }];
}

