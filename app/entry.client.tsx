import { options } from "preact";
import { type ReactNode, StrictMode, useEffect, useMemo } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageProvider, usePageData } from "#app/client/router.ts";
import { readPageData } from "#app/client/page-document.ts";
import { nextTask } from "#app/client/next-task.ts";
import { hydrateInParts } from "#app/components/Later.tsx";
import { knowDateOrder } from "./i18n/date-order.ts";
import { createTranslate, type Translate } from "./i18n/i18n.ts";
import { TextsContext } from "./i18n/texts-context.ts";

/** What a text's key looks like ("Picker_Month"), unlike a settlement's own words given as they are. */
const TEXT_KEY = /^[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]+$/;

// Preact writes a prop that is no DOM property as an attribute with the value's text: autoFocus on
// an element it creates (an error summary shown after a scripted post) became autofocus="true",
// which HTML refuses (a boolean attribute is present and empty, or absent).
const nextVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === "string" && props.autoFocus === true) {
    delete props.autoFocus;
    props.autofocus = "";
  }
  nextVnode?.(vnode);
};

/**
 * The browser's one script of its own (decision 036): it hydrates the page's content, `<main>`,
 * with the route's component and the data the server rendered it from (app/client/page-scripts.server.tsx),
 * on Preact (vite.config.ts). Everything else on the page (header, footer) is the server's markup,
 * and every link and form loads the next page from the server. What the claimant typed before this
 * ran stays: hydrating never changes a field's value.
 */
// Started once the page is parsed and painted (app/client/page-scripts.server.tsx): its data, at
// its end, is there.
const page = readPageData(document);
const main = document.getElementById("main-content");
if (page && main) {
  knowDateOrder(page.culture, page.dateOrder);
  const route = await import(/* @vite-ignore */ page.module);
  const Page = route.default;
  // Evaluating the page's modules and hydrating it: two tasks, not one long one.
  await nextTask();
  await hydrateInParts((pageSettled) =>
    hydrateRoot(
      main,
      <StrictMode>
        <PageEffects ran={pageSettled}>
          <PageProvider initial={{ ...page, handle: route.handle }}>
            <PageTexts>
              <Page />
            </PageTexts>
          </PageProvider>
        </PageEffects>
      </StrictMode>,
    ),
  );
  // What the tests and the browser bench wait for (tests/bench/browser.ts): the page's effects
  // have run (its timers started, its calendar asked for), and so have those of its parts.
  document.documentElement.dataset.enhanced = "";
} else document.documentElement.dataset.enhanced = "";

/**
 * The page's texts, which come with its data (app/client/page-texts.server.ts): those of the data
 * a form's answer brought once it is shown. A key the page was not given shows as itself (SPEC §1),
 * and says so in the console, where the browser tests look (tests/support/page-tour.ts).
 */
function PageTexts({ children }: { children: ReactNode }) {
  const { texts, culture } = usePageData();
  const value = useMemo(() => {
    const translate = createTranslate(texts, culture);
    const text: Translate = (key, ...args) => {
      const shown = translate(key, ...args);
      if (shown === key && TEXT_KEY.test(key)) console.error(`No text for ${key} in this page's texts`);
      return shown;
    };
    return { culture, text, unnoted: text };
  }, [texts, culture]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

/** Calls `ran` once the page's own effects have run: an outer component's effects run after those of the components inside it. */
function PageEffects({ ran, children }: { ran: () => void; children: ReactNode }) {
  useEffect(ran, [ran]);
  return children;
}
