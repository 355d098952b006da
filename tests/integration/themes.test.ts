import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fold, getPage, type Page } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const THEMES = ["jnd-7-0-default", "ftc-7-0-default", "jnd-9-0-kontent"] as const;
const SITE = "https://www.acmetransmissionsettlement.example";
const servers = new Map<string, PortalServer>();

beforeAll(async () => {
  const started = await Promise.all(THEMES.map((theme) => startPortal({ settlementDir: settlementWith({ theme }) })));
  for (const [index, theme] of THEMES.entries()) servers.set(theme, started[index]!);
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

function navigation(page: Page) {
  return page.document.querySelectorAll("nav.site-navigation a").map((a) => ({
    href: a.getAttribute("href"),
    newTab: a.getAttribute("target") === "_blank" && a.getAttribute("rel") === "noopener noreferrer",
    text: fold(a.textContent),
  }));
}

describe.each(THEMES)("the %s theme", (theme) => {
  let page: Page;
  let spanish: Page;
  beforeAll(async () => {
    page = await getPage(`${servers.get(theme)!.url}/standard`);
    spanish = await getPage(`${servers.get(theme)!.url}/standard?culture=es`);
  });

  test("carries its own styles in the page, allowed by the request's nonce, and no stylesheet to wait for", async () => {
    // Decision 039: the theme's styles are in <head>, not a file the first paint waits for.
    expect(page.document.querySelector('link[rel="stylesheet"]')).toBeNull();
    const styles = page.document.querySelectorAll("head style");
    expect(styles).toHaveLength(1);
    const css = styles[0]!.textContent;
    expect(css).toContain(".site-header");
    const others = await Promise.all(
      THEMES.filter((other) => other !== theme).map(
        async (other) =>
          (await getPage(`${servers.get(other)!.url}/`)).document.querySelector("head style")?.textContent,
      ),
    );
    expect(others).not.toContain(css);
    // Allowed by this response's nonce, and no other style is.
    const nonce = styles[0]!.getAttribute("nonce");
    expect(nonce).toMatch(/^\S{16,}$/);
    expect(page.headers.get("content-security-policy")).toContain(`style-src 'nonce-${nonce}';`);
  });

  test("the header and footer are the server's alone: no script of the page renders them", async () => {
    // Issue 14 and decision 045: no page hydrates; the header and footer are the server's markup
    // (app/components/StaticPart.tsx), and every link loads a document.
    expect(page.document.querySelector("footer.site-footer h2, footer.site-footer p")).not.toBeNull();
    expect(page.document.querySelector("details.header-menu summary")).not.toBeNull();
    // Every module of the browser's build (the step pages' enhancer, its checks and calendar: decision 044).
    const assets = path.resolve("build/client/assets");
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    const code = scripts.map((name) => readFileSync(path.join(assets, name), "utf8")).join("\n");
    // Their texts' keys: a component that shows a text names its key.
    for (const key of [
      "Footer_ContactHeading",
      "Footer_HeaderBlock",
      "Footer_Welcome",
      "Header_IWouldLikeTo",
      "Header_Faq",
      "Header_LogoHome",
      "Header_Language",
      "Header_ChangeLanguage",
    ])
      expect(code.includes(key), key).toBe(false);
  });

  test("header: claims-admin title, case name, case number, and a logo linking to /", () => {
    expect(page.text(".claims-admin-title")).toBe("Acme Motors Transmission Settlement");
    expect(page.text(".case-name")).toBe("In re Acme Motors Transmission Litigation");
    expect(page.text(".case-number")).toBe("Case No. 3:25-cv-04821-JST");
    expect(page.document.querySelector("header a.logo")?.getAttribute("href")).toBe("/");
    expect(spanish.document.querySelector("header a.logo")?.getAttribute("href")).toBe("/?culture=es");
  });

  test("navigation: site pages open in a new tab and say so; the VIN lookup and the documents are the portal's", () => {
    const links = navigation(page);
    const expected = [
      { href: `${SITE}/`, newTab: true, text: "Home (opens in a new tab)" },
      { href: `${SITE}/dates`, newTab: true, text: "Important Dates (opens in a new tab)" },
      // Issue 25: the portal's /documents lists the settlement's documents and takes a filed claim's.
      { href: "/documents", newTab: false, text: "Important Documents" },
      { href: `${SITE}/faq`, newTab: true, text: "FAQ (opens in a new tab)" },
    ];
    if (theme === "jnd-9-0-kontent") {
      expect(links).toEqual(expected);
    } else {
      expect(links).toEqual([
        ...expected,
        { href: `${SITE}/claim`, newTab: true, text: "File a Claim (opens in a new tab)" },
        { href: `${SITE}/reimbursement`, newTab: true, text: "Reimbursement Claim (opens in a new tab)" },
        { href: "/lookup", newTab: false, text: "VIN Lookup" },
      ]);
    }
  });

  test(`the "I would like to" menu is a native disclosure with the three actions, the portal's own pages (issue 25)`, () => {
    const menu = page.document.querySelector("header details.actions-menu")!;
    expect(fold(menu.querySelector("summary")!.textContent)).toBe("I would like to");
    const links = (shown: Page) =>
      shown.document
        .querySelectorAll("header details.actions-menu a")
        .map((a) => [a.getAttribute("href"), a.getAttribute("target") ?? null]);
    expect(links(page)).toEqual([
      ["/claim/status", null],
      ["/documents", null],
      ["/coa", null],
    ]);
    expect(links(spanish)).toEqual([
      ["/claim/status?culture=es", null],
      ["/documents?culture=es", null],
      ["/coa?culture=es", null],
    ]);
  });

  test("language selector: links in the standard headers, a dropdown in kontent", () => {
    if (theme === "jnd-9-0-kontent") {
      expect(page.document.querySelector(".language-links")).toBeNull();
      expect(page.document.querySelectorAll("form.language-select option").map((o) => o.textContent)).toEqual([
        "English",
        "Español",
      ]);
    } else {
      expect(page.document.querySelector("form.language-select")).toBeNull();
      expect(page.document.querySelectorAll(".language-links a").map((a) => a.textContent)).toEqual(["Español"]);
      expect(spanish.document.querySelectorAll(".language-links a").map((a) => a.textContent)).toEqual(["English"]);
    }
  });

  test("banner: header and copy lines", () => {
    // A paragraph, not a heading before the page's h1.
    expect(page.text(".banner .banner-header")).toBe("File your claim by March 31, 2027");
    expect(page.document.querySelector(".banner h2")).toBeNull();
    expect(spanish.text(".banner p")).toContain("Los propietarios y arrendatarios");
  });

  test("footer: its variant, the privacy policy in a new tab, and this year's copyright", () => {
    const footer = page.document.querySelector("footer")!;
    const text = fold(footer.textContent);
    if (theme === "jnd-7-0-default") {
      expect(footer.querySelectorAll("address.contact-lines p").map((p) => fold(p.textContent))).toEqual([
        "Phone: 1-800-555-0142",
        "Email: info@acmetransmissionsettlement.example",
        "Mail: Acme Motors Transmission Settlement, c/o Settlement Administrator, P.O. Box 4821, Seattle, WA 98111",
      ]);
    } else if (theme === "ftc-7-0-default") {
      expect(fold(footer.querySelector(".footer-header-block")!.textContent)).toBe(
        "Questions about the Acme Motors Transmission Settlement?",
      );
      expect(fold(footer.querySelector(".footer-copy-block")!.textContent)).toBe(
        "Call the Settlement Administrator toll-free at 1-800-555-0142, email info@acmetransmissionsettlement.example, or write to Acme Motors Transmission Settlement, c/o Settlement Administrator, P.O. Box 4821, Seattle, WA 98111.",
      );
      // Its phone number and e-mail address are links, as in the other themes' footers.
      expect(footer.querySelectorAll(".footer-copy-block a").map((link) => link.getAttribute("href"))).toEqual([
        "tel:18005550142",
        "mailto:info@acmetransmissionsettlement.example",
      ]);
    } else {
      expect(fold(footer.querySelector(".footer-welcome")!.textContent)).toBe(
        "Welcome to the Acme Motors Transmission Settlement claims portal.",
      );
      expect(footer.querySelectorAll("ul.contact-list li")).toHaveLength(3);
    }
    const privacy = footer.querySelector(".footer-legal a")!;
    expect(privacy.getAttribute("href")).toBe(`${SITE}/privacy`);
    expect(privacy.getAttribute("target")).toBe("_blank");
    expect(text).toContain(`© ${new Date().getFullYear()} Acme Motors Transmission Settlement. All rights reserved.`);
    expect(fold(spanish.document.querySelector("footer")!.textContent)).toContain("Todos los derechos reservados.");
  });
});

test("a settlement without a banner shows none", async () => {
  const server = await startPortal({ settlementDir: settlementWith({ banner: { showBanner: false } }) });
  try {
    expect((await getPage(`${server.url}/`)).document.querySelector(".banner")).toBeNull();
  } finally {
    await server.stop();
  }
});

describe("a settlement that keeps a page after filing on its own site (headerLinks)", () => {
  let server: PortalServer;
  beforeAll(async () => {
    server = await startPortal({
      settlementDir: settlementWith({
        headerLinks: { documents: "https://documents.example/acme", changeOfAddress: "https://www.example.org/coa" },
      }),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  test("those links go there, in a new tab; the others stay the portal's", async () => {
    const page = await getPage(`${server.url}/standard?culture=es`);
    expect(
      page.document
        .querySelectorAll("header details.actions-menu a")
        .map((a) => [a.getAttribute("href"), a.getAttribute("target") ?? null]),
    ).toEqual([
      ["/claim/status?culture=es", null],
      ["https://documents.example/acme", "_blank"],
      ["https://www.example.org/coa", "_blank"],
    ]);
    expect(navigation(page).find((link) => link.href === "https://documents.example/acme")?.newTab).toBe(true);
  });
});
