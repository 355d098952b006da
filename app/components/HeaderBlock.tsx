import type { ReactNode } from "react";

/** SPEC §5: a header block needs its heading tag. */
export function HeaderBlock({ headingTag: Tag, children }: { headingTag: "h2" | "h3" | "h4"; children: ReactNode }) {
  if (!Tag) throw new Error("A header block needs a heading tag.");
  return <Tag className="header-block">{children}</Tag>;
}
