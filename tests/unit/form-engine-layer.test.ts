import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ENGINE = path.resolve(import.meta.dirname, "../../app/forms");

/** Every module of the form engine, as "fields/date/date-kind.ts" with its source. */
function engineModules(): { file: string; source: string }[] {
  return readdirSync(ENGINE, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(ENGINE, file), "utf8") }));
}

/** What a module imports: the specifiers of its static and dynamic imports. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+)"/g)].map((match) => match[1] as string);
}

// The form engine is the lowest layer of the claim pages: the operator's command line and the
// server load it with plain Node, and the controls (app/components/fields/, app/components/blocks/)
// are built on it. An import of React or of a component from it runs back up the tree.
test("the form engine (app/forms) imports no React and nothing from app/components", () => {
  const upward = engineModules().flatMap(({ file, source }) =>
    importsOf(source)
      .filter((specifier) => {
        // A relative import is read as the #app/ path it reaches.
        const target = specifier.startsWith(".")
          ? `#app/${path.relative(path.dirname(ENGINE), path.resolve(ENGINE, path.dirname(file), specifier))}`
          : specifier;
        return /^(react|react-dom)(\/|$)|^#app\/components\/|^#app\/i18n\/use-/.test(target);
      })
      .map((specifier) => `${file} imports ${specifier}`),
  );
  expect(upward).toEqual([]);
  expect(
    engineModules()
      .filter(({ file }) => file.endsWith(".tsx"))
      .map(({ file }) => file),
  ).toEqual([]);
});
