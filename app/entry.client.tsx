import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerMessages } from "./i18n/messages.ts";

// The texts script in the page's head ran before this module.
registerMessages(window.__portalTexts ?? {});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
