import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { DisplayOnlyRow } from "#app/components/records/DisplayOnlyRow.tsx";
import { createTranslate } from "#app/i18n/i18n.ts";
import type { Messages } from "#app/i18n/locales.server.ts";
import { TextsContext } from "#app/i18n/texts-context.ts";

const locale = (culture: string): Messages => JSON.parse(readFileSync(`locales/${culture}.json`, "utf8"));

describe("plurals by the claimant's language (Intl.PluralRules), never “(s)”", () => {
  const removeButton = (culture: string, attached: number) => {
    const rows = [{ clientId: "txn-abcdefgh", title: culture === "es" ? "Gasto 1" : "Expense 1", cells: [], attached }];
    const actions = { action: "/x", csrfToken: "t", model: "claimTransactions", allowDelete: true, allowEdit: false };
    // Its buttons are the router's forms: rendered inside a router, as on a page.
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <TextsContext.Provider value={{ culture, text: createTranslate(locale(culture), culture) }}>
            <DisplayOnlyRow recordClientId="txn-abcdefgh" rows={rows} actions={actions} />
          </TextsContext.Provider>
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Page />);
    return html.replace(/<[^>]+>/g, "").trim();
  };

  test("a record with one document, and with several, says so in each language", () => {
    expect(removeButton("en", 1)).toContain("Remove Expense 1 and the document attached to it");
    expect(removeButton("en", 3)).toContain("Remove Expense 1 and the 3 documents attached to it");
    expect(removeButton("es", 1)).toContain("Eliminar Gasto 1 y el documento adjunto");
    expect(removeButton("es", 3)).toContain("Eliminar Gasto 1 y los 3 documentos adjuntos");
  });

  test("the formatter picks a key's plural form by the count, in the culture's rules", () => {
    const text = createTranslate({ Files_one: "{count} file", Files_other: "{count} files" }, "en");
    expect(text("Files", { count: 1 })).toBe("1 file");
    expect(text("Files", { count: 0 })).toBe("0 files");
    expect(text("Files", { count: 2 })).toBe("2 files");
  });

  test("no text in any language hedges its number with “(s)”", () => {
    for (const culture of ["en", "es"]) {
      const hedged = Object.entries(locale(culture)).filter(([, value]) => /\w\((s|es)\)/.test(value));
      expect(hedged.map(([key]) => `${culture}: ${key}`)).toEqual([]);
    }
  });
});
