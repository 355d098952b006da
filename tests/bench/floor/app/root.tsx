import type { ReactNode } from "react";
import { Outlet, Scripts } from "react-router";
import { page } from "./page.ts";

export const loader = () => page.loaderData.root;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html {...page.htmlAttributes}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own markup, captured from its page */}
      <head dangerouslySetInnerHTML={{ __html: page.head }} />
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}
