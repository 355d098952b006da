import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { withCulture } from "#app/i18n/culture.ts";
import { createTranslate } from "#app/i18n/i18n.ts";
import { languageName } from "#app/i18n/language-name.ts";
import { findForbiddenMarkup, readLocaleFile } from "#app/i18n/locales.server.ts";

describe("culture in URLs", () => {
  test("en stays out of the URL; other cultures are added, keeping query and hash", () => {
    expect(withCulture("/lookup", "en")).toBe("/lookup");
    expect(withCulture("/lookup", "es")).toBe("/lookup?culture=es");
    expect(withCulture("/session-expired?form=standard#top", "es")).toBe(
      "/session-expired?form=standard&culture=es#top",
    );
    expect(withCulture("/x?culture=fr", "es")).toBe("/x?culture=es");
  });
});

describe("text by key", () => {
  const text = createTranslate({
    Hello: "Hello {0}, you have {1} claims",
    Plain: "No arguments",
    Max: "At most {max}, {max}!",
    Dollar: "Costs $1 {0}",
  });

  test("templates replace {0} and {1}", () => {
    expect(text("Hello", "Ana", 2)).toBe("Hello Ana, you have 2 claims");
    expect(text("Plain")).toBe("No arguments");
  });

  test("an untranslated key shows the key itself", () => {
    expect(text("Not_A_Key")).toBe("Not_A_Key");
  });

  test("named parameters, repeated placeholders, and placeholders with no value stay as written", () => {
    expect(text("Max", { max: 5 })).toBe("At most 5, 5!");
    expect(text("Hello", "Ana")).toBe("Hello Ana, you have {1} claims");
    expect(text("Dollar", "$&")).toBe("Costs $1 $&");
  });

  test("markup in arguments is kept as text, not re-escaped (React escapes it)", () => {
    expect(text("Hello", "<b>", 0)).toBe("Hello <b>, you have 0 claims");
  });

  test("without arguments a template is given as written, its placeholders too", () => {
    expect(text("Hello")).toBe("Hello {0}, you have {1} claims");
    expect(text("Max")).toBe("At most {max}, {max}!");
  });

  test("one translate function per culture's texts, so what is worked out from them can be kept (option lists)", () => {
    const messages = { Plain: "Sin argumentos" };
    expect(createTranslate(messages)).toBe(createTranslate(messages));
    expect(createTranslate(messages)).not.toBe(createTranslate({ ...messages }));
    expect(createTranslate(messages)("Plain")).toBe("Sin argumentos");
  });
});

test("a language is named in itself, the same each time it is asked", () => {
  expect([languageName("en"), languageName("es"), languageName("es"), languageName("en")]).toEqual([
    "English",
    "Español",
    "Español",
    "English",
  ]);
});

describe("locale files", () => {
  const files = readdirSync("locales").filter((name) => name.endsWith(".json"));

  test("en and es exist, and es has every key of en", () => {
    expect(files).toEqual(expect.arrayContaining(["en.json", "es.json"]));
    const english = readLocaleFile("locales/en.json");
    const spanish = readLocaleFile("locales/es.json");
    expect(Object.keys(english).filter((key) => !(key in spanish))).toEqual([]);
    expect(Object.keys(spanish).filter((key) => !(key in english))).toEqual([]);
  });

  test.each(files)("%s has no p, li, ul or ol markup", (file) => {
    expect(() => readLocaleFile(`locales/${file}`)).not.toThrow();
  });

  test("markup is detected in any case and with attributes, and names the key", () => {
    expect(
      findForbiddenMarkup({
        A: "fine <strong>bold</strong>",
        B: "<P class='x'>para",
        C: "a</li>",
        D: "<ul>",
        E: "<OL >",
        F: "<pre>ok</pre>",
      }),
    ).toEqual(["B", "C", "D", "E"]);
  });
});
