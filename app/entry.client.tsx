import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerMessages } from "./i18n/messages.ts";
import { noteRequestId } from "./request-context.ts";

// The texts script in the page's head ran before this module.
registerMessages(window.__portalTexts ?? {});

// The error page and the failure message quote the id of the request that failed (its X-Request-Id),
// as the page's own id is quoted after a full page load. React Router's navigations and form posts
// are its data requests (same site, ".data"): note each one's id, or none when the server was not reached.
const fetchFromServer = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  if (url.origin !== window.location.origin || !url.pathname.endsWith(".data")) return fetchFromServer(input, init);
  try {
    const response = await fetchFromServer(input, init);
    noteRequestId(response.headers.get("X-Request-Id") ?? "");
    return response;
  } catch (error) {
    noteRequestId("");
    throw error;
  }
};

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
