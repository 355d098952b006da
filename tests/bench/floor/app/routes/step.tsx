import { page } from "../page.ts";

export const loader = () => page.loaderData["routes/flow-step"];

export default function Step() {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the portal's own markup, captured from its page
    <div style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: page.body }} />
  );
}
