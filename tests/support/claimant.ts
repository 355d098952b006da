import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { getPage, type Page } from "./http.ts";
import { type Credentials, testMember } from "./members.ts";
import type { PortalServer } from "./portal-server.ts";

/**
 * A claimant's browser without JavaScript: keeps the session cookie, and posts forms with the CSRF
 * token of the page it last loaded, as a real form submission would. Each claimant is a class
 * member of their own (`member`), unless a test signs in as someone else.
 */
export class Claimant {
  private cookie = "";
  private lastPage?: Page;
  /** The CSRF token a JSON sign-in answered with (the session id, and so the token, changed). */
  private apiToken?: string;
  readonly member: Credentials = testMember();
  /** Whose Claim ID the last sign-in used: the drafts and claims it makes are filed under it. */
  claimId?: string;
  private readonly portal: PortalServer;
  private readonly headers: Record<string, string>;

  /** What the captcha widget would send: the "test" provider's token unless the server verifies elsewhere. */
  readonly captchaToken: string;

  constructor(portal: PortalServer, headers: Record<string, string> = {}, captchaToken = "test-pass") {
    this.portal = portal;
    this.headers = headers;
    this.captchaToken = captchaToken;
  }

  private remember<T extends { headers: Headers }>(page: T): T {
    const setCookie = page.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    return page;
  }

  /** The CSRF token for JSON API calls: the one a JSON sign-in answered with, else the last page's. */
  csrfToken(): string {
    return this.apiToken ?? this.lastPage?.document.querySelector('input[name="csrf"]')?.getAttribute("value") ?? "";
  }

  /**
   * A JSON API call with this claimant's cookie and, unless told otherwise, the CSRF header; a new
   * cookie and CSRF token in the reply (a JSON sign-in) are kept, as a client of the API keeps them.
   */
  async api(pathname: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Cookie", this.cookie);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (init.csrf !== false) headers.set("X-CSRF-TOKEN", this.csrfToken());
    const response = this.remember(
      await fetch(`${this.portal.url}${pathname}`, { ...init, headers, redirect: "manual" }),
    );
    if (response.headers.get("content-type")?.includes("json")) {
      const body = (await response.clone().json()) as { csrf?: { requestToken?: string } } | null;
      if (body?.csrf?.requestToken) this.apiToken = body.csrf.requestToken;
    }
    return response;
  }

  /** The Cookie header this claimant sends. */
  cookieHeader(): string {
    return this.cookie;
  }

  /** The session cookie, to hand this claimant's session to a browser. */
  sessionCookie(): { name: string; value: string; url: string } {
    const [name, value] = this.cookie.split("=") as [string, string];
    return { name, value, url: this.portal.url };
  }

  async get(pathname: string): Promise<Page> {
    this.apiToken = undefined;
    this.lastPage = this.remember(
      await getPage(`${this.portal.url}${pathname}`, { headers: { ...this.headers, Cookie: this.cookie } }),
    );
    return this.lastPage;
  }

  /** Posts `fields` (plus the CSRF token of the last page) to `pathname`, url-encoded; `headers` add to this claimant's. */
  async post(
    pathname: string,
    fields: Record<string, string>,
    { csrf = true, headers = {} }: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Page> {
    const token = this.lastPage?.document.querySelector('input[name="csrf"]')?.getAttribute("value") ?? "";
    const body = new URLSearchParams({ ...(csrf ? { csrf: token } : {}), ...fields });
    const page = this.remember(
      await getPage(`${this.portal.url}${pathname}`, {
        method: "POST",
        headers: {
          ...this.headers,
          ...headers,
          Cookie: this.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: this.portal.url,
        },
        body,
      }),
    );
    if (page.status < 300 || page.status >= 400) this.lastPage = page;
    return page;
  }

  /**
   * Posts a multipart form as a browser does for a form with a file input: the CSRF token first
   * (as the page puts it), then the fields, then the files.
   */
  async postMultipart(
    pathname: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Uint8Array<ArrayBuffer> }> = {},
  ): Promise<Page> {
    const token = this.lastPage?.document.querySelector('input[name="csrf"]')?.getAttribute("value") ?? "";
    const form = new FormData();
    form.append("csrf", token);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, file] of Object.entries(files)) form.append(name, new File([file.content], file.name));
    const page = this.remember(
      await getPage(`${this.portal.url}${pathname}`, {
        method: "POST",
        headers: { ...this.headers, Cookie: this.cookie, Origin: this.portal.url },
        body: form,
      }),
    );
    if (page.status < 300 || page.status >= 400) this.lastPage = page;
    return page;
  }

  /** Posts several files under one input, as a browser sends a file input with `multiple`: the CSRF token first. */
  async postMultipartFiles(
    pathname: string,
    field: string,
    files: Array<{ name: string; content: Uint8Array<ArrayBuffer> }>,
  ): Promise<Page> {
    const token = this.lastPage?.document.querySelector('input[name="csrf"]')?.getAttribute("value") ?? "";
    const form = new FormData();
    form.append("csrf", token);
    for (const file of files) form.append(field, new File([file.content], file.name));
    const page = this.remember(
      await getPage(`${this.portal.url}${pathname}`, {
        method: "POST",
        headers: { ...this.headers, Cookie: this.cookie, Origin: this.portal.url },
        body: form,
      }),
    );
    if (page.status < 300 || page.status >= 400) this.lastPage = page;
    return page;
  }

  /**
   * Signs in on a flow's index page with a class member's Claim ID and PIN (this claimant's own
   * member by default, with the demo's first member's data) and the token of the "test" captcha
   * provider, as its widget would send.
   */
  async signIn(formType: string, credentials: Record<string, string> = this.member): Promise<Page> {
    await this.get(`/${formType}`);
    const page = await this.post(`/${formType}`, { ...credentials, captchaToken: this.captchaToken });
    if (page.status !== 303)
      throw new Error(`Signing in to ${formType} answered ${page.status}: ${page.text(".error-summary")}`);
    this.claimId = credentials["credentials.claimId"];
    return page;
  }

  /** Opens a step and submits it: the way a claimant moves through a flow. */
  async complete(pathname: string, fields: Record<string, string>): Promise<Page> {
    await this.get(pathname);
    const page = await this.post(pathname, fields);
    if (page.status !== 303) throw new Error(`${pathname} answered ${page.status}: ${page.text(".error-summary")}`);
    return page;
  }
}

/** Signs in on the standard flow's page with a Claim ID and PIN, as a claimant would: the status it answered. */
export async function signInStatus(portal: PortalServer, claimId: string, pin: string): Promise<number> {
  const claimant = new Claimant(portal);
  await claimant.get("/standard");
  const page = await claimant.post("/standard", {
    "credentials.claimId": claimId,
    "credentials.pin": pin,
    captchaToken: claimant.captchaToken,
  });
  return page.status;
}

/** The no-JavaScript challenge a page shows: its token, and the right answer to its sum. */
export function challengeOf(page: Page): { token: string; answer: string } {
  const [, first, second] = /(\d+) \+ (\d+)/.exec(page.text('label[for="captcha-answer"]'))!;
  return {
    token: page.document.querySelector('input[name="challengeToken"]')!.getAttribute("value")!,
    answer: String(Number(first) + Number(second)),
  };
}

/** The first error shown beside a field, and the summary's line for it. */
export function fieldError(page: Page, fieldPath: string): string {
  return page.text(`#field-${fieldPath.replace(".", "-")}-error`).replace(/^(Error|Error):\s*/, "");
}

export function summaryLines(page: Page): string[] {
  return page.document.querySelectorAll(".error-summary li a").map((link) => link.textContent.trim());
}

/** The drafts the portal stored, read straight from its SQLite file. */
export function storedDrafts(
  dataDir: string,
): Array<{ owner: string; form_type: string; data: Record<string, unknown> }> {
  const db = new DatabaseSync(path.join(dataDir, "portal.sqlite"), { readOnly: true });
  try {
    return (
      db.prepare("SELECT owner, form_type, data FROM drafts").all() as Array<{
        owner: string;
        form_type: string;
        data: string;
      }>
    ).map((row) => ({ owner: row.owner, form_type: row.form_type, data: JSON.parse(row.data) }));
  } finally {
    db.close();
  }
}
