import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageProvider } from "#app/client/router.ts";
import { readPageData } from "#app/client/page-data.tsx";
import { createTranslate } from "./i18n/i18n.ts";
import { registerMessages } from "./i18n/messages.ts";
import { TextsContext } from "./i18n/texts-context.ts";

/**
 * The browser's one script of its own (decision 036): it hydrates the page's content, `<main>`,
 * with the route's component and the data the server rendered it from (app/client/PageScripts.tsx),
 * on Preact (vite.config.ts). Everything else on the page (header, footer) is the server's markup,
 * and every link and form loads the next page from the server. What the claimant typed before this
 * ran stays: hydrating never changes a field's value.
 */
const page = readPageData(document);
const main = document.getElementById("main-content");
if (page && main) {
  if (page.devRuntime) await import(/* @vite-ignore */ page.devRuntime);
  const [route, texts] = await Promise.all([
    import(/* @vite-ignore */ page.module),
    import(/* @vite-ignore */ page.texts),
  ]);
  const messages = texts.default as Record<string, string>;
  registerMessages({ [page.culture]: messages });
  const Page = route.default;
  hydrateRoot(
    main,
    <StrictMode>
      <PageProvider initial={{ ...page, handle: route.handle }}>
        <TextsContext.Provider value={{ culture: page.culture, text: createTranslate(messages, page.culture) }}>
          <Page />
        </TextsContext.Provider>
      </PageProvider>
    </StrictMode>,
  );
}
// What the browser bench waits for: the page's scripts have done what they do (tests/bench/browser.ts).
document.documentElement.dataset.enhanced = "";
