import type { MetaDescriptor } from "react-router";
import { messagesFor } from "./i18n/messages.ts";
import type { loader as rootLoader } from "./root.tsx";

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

/** "<page> – <claims-admin title>", in the page's culture. */
export function pageTitle(matches: ReadonlyArray<MetaMatch | undefined>, key: string): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | Awaited<ReturnType<typeof rootLoader>>
    | undefined;
  const page = (root && messagesFor(root.culture)?.[key]) ?? key;
  return [{ title: root ? `${page} – ${root.layout.claimsAdminTitle}` : page }];
}
