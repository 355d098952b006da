import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { getPage } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { openSettlement } from "#tests/support/settlement.ts";
import { type ReceivedEmail, type TestSmtp, testSmtp } from "#tests/support/smtp.ts";

/**
 * Issue 25, decision 032: a claimant without a notice (the open sign-in) who gives their e-mail
 * address is e-mailed a link back to their draft, through the outbox, to a real SMTP server on a
 * loopback port; the link brings them back from any browser once their session has ended.
 * Scripts off throughout: plain requests and form posts.
 */
const EMAIL = { from: "claims@acme-settlement.example", portalUrl: "https://claims.acme-settlement.example/" };
const FAST_SENDER = { EMAIL_POLL_MS: "100", EMAIL_RETRY_MS: "100" };
const SIGNED = { "signature.attestation": "on", "signature.signature": "Ana Return", captchaToken: "test-pass" };
const LINK = /https:\/\/claims\.acme-settlement\.example\/return\?(?:culture=es&)?token=([A-Za-z0-9_-]{43})\n/;

const withEmail = (email: string) => ({
  ...STANDARD_CLAIMANT,
  "claimantInfo.firstName": "Ana",
  "claimantInfo.emailAddress": email,
  "claimantInfo.confirmEmailAddress": email,
});

const to = (address: string) => (email: ReceivedEmail) => email.to.includes(address);

/** The token of the link in a message. */
function tokenOf(email: ReceivedEmail): string {
  const found = LINK.exec(email.text);
  expect(found, email.text).not.toBeNull();
  return found![1]!;
}

/** Every row of every table of a test server's database, as text: to look for what must not be stored. */
async function databaseText(portal: PortalServer): Promise<string> {
  if (portal.databaseUrl) {
    const client = new pg.Client({ connectionString: portal.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      const rows: unknown[] = [];
      for (const { name } of tables.rows) rows.push((await client.query(`SELECT * FROM "${name}"`)).rows);
      return JSON.stringify(rows);
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(path.join(portal.dataDir, "portal.sqlite"), { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    return JSON.stringify(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()));
  } finally {
    db.close();
  }
}

/** A claimant who starts the open flow: nothing to give but the captcha. */
async function startOpen(portal: PortalServer) {
  const claimant = new Claimant(portal);
  await claimant.get("/standard");
  const started = await claimant.post("/standard", { captchaToken: claimant.captchaToken });
  expect(started.status, started.text(".error-summary")).toBe(303);
  return claimant;
}

/** Opens a return link in a browser new to the portal: where it leads, and that browser. */
async function openLink(portal: PortalServer, token: string, query = "") {
  const browser = new Claimant(portal);
  const opened = await browser.get(`/return?${query}token=${token}`);
  return { browser, opened };
}

describe.each(BACKENDS)("the open flow's return link, on %s", (backend) => {
  let smtp: TestSmtp;
  let portal: PortalServer;
  const settlement = openSettlement((json) => {
    json.email = EMAIL;
  });
  beforeAll(async () => {
    smtp = await testSmtp();
    portal = await startPortal({ backend, settlementDir: settlement, env: { SMTP_URL: smtp.url, ...FAST_SENDER } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.stop();
  });

  test("a claimant gives their e-mail, gets the link, signs out; another browser opens it, finds their answers and files; the link then says the claim is filed", async () => {
    const claimant = await startOpen(portal);
    // Until the address is given the draft is the session's, and the page says what comes next.
    expect((await claimant.get("/standard/claimant-info")).text(".draft-kept")).toBe(
      "Your answers are kept while you are signed in (they are deleted when you sign out, or after 30 minutes without activity) until you give your email address: then we email you a link to come back to your claim from any device.",
    );
    await claimant.complete("/standard/claimant-info", withEmail("ana.return@example.com"));
    const next = await claimant.get("/standard/claim-details");
    expect(next.text(".return-link-sent")).toBe(
      "We have emailed a link to ana.return@example.com: with it you can come back to your claim from any device until March 31, 2027.",
    );
    // The link's notice says how long it is kept: not "only while you are signed in".
    expect(next.document.querySelector(".draft-kept")).toBeNull();
    const [email] = await smtp.waitFor(1, to("ana.return@example.com"));
    expect(email!.subject).toBe("Acme Motors Transmission Settlement: your link back to your claim");
    expect(email!.text).toContain("Your answers to the Standard claim form are saved.");
    const token = tokenOf(email!);
    // The token is nowhere in the database: only its hash (the outbox keeps a slot in its place).
    const stored = await databaseText(portal);
    expect(stored).not.toContain(token);
    expect(stored).toContain("ana.return@example.com");

    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    // Signing out ends the session: its draft would have gone with it.
    const page = await claimant.get("/standard/payment-election");
    const signOut = page.document.querySelector("form.sign-out")!;
    const fields = Object.fromEntries(
      signOut.querySelectorAll("input").map((input) => [input.getAttribute("name")!, input.getAttribute("value")!]),
    );
    expect((await claimant.post(signOut.getAttribute("action")!, fields)).status).toBe(303);
    expect((await claimant.get("/standard/payment-election")).status).toBe(303);

    // Another browser: the link signs it in, on a new session, where the draft left off.
    const { browser, opened } = await openLink(portal, token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/standard/payment-election");
    expect(opened.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const info = await browser.get("/standard/claimant-info");
    expect(info.status).toBe(200);
    expect(info.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("value")).toBe("Ana");
    await browser.get("/standard/payment-election");
    await browser.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await browser.complete("/standard/supporting-documents", {});
    await browser.get("/standard/claim-summary");
    const filed = await browser.post("/standard/claim-summary", SIGNED);
    expect(filed.status, filed.text(".error-summary")).toBe(303);
    const code = (await browser.get(filed.headers.get("location")!)).text(".reference-code");
    expect(code).toMatch(/^STD-/);

    // Filed: the link opens no draft any more, and says where to look instead.
    const again = await openLink(portal, token);
    expect(again.opened.status).toBe(410);
    expect(again.opened.text("h1")).toBe("Your claim has been filed");
    expect(again.opened.document.querySelector("a.claim-status")?.getAttribute("href")).toBe("/claim/status");
    expect(again.opened.headers.get("set-cookie")).toBeNull();
  });

  test("a session that timed out loses nothing: the link brings its draft back", async () => {
    const clock = { "X-Test-Now": "2026-12-01T08:00:00Z" };
    const claimant = new Claimant(portal, clock);
    await claimant.get("/standard");
    expect((await claimant.post("/standard", { captchaToken: claimant.captchaToken })).status).toBe(303);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("timed.out@example.com"));
    const token = tokenOf((await smtp.waitFor(1, to("timed.out@example.com")))[0]!);
    // 40 minutes later the session is over (the time-out is 30): its pages send the claimant away.
    clock["X-Test-Now"] = "2026-12-01T08:40:00Z";
    const expired = await claimant.get("/standard/claim-details");
    expect(expired.status).toBe(303);
    expect(expired.headers.get("location")).toContain("/session-expired");

    const later = new Claimant(portal, { "X-Test-Now": "2026-12-02T09:00:00Z" });
    const opened = await later.get(`/return?token=${token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/standard/claim-details");
    const info = await later.get("/standard/claimant-info");
    expect(info.document.querySelector("#field-claimantInfo-emailAddress")?.getAttribute("value")).toBe(
      "timed.out@example.com",
    );
  });

  test("the same address saved again sends nothing; a new address gets a new link and the first stops working", async () => {
    const claimant = await startOpen(portal);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("first.address@example.com"));
    const first = tokenOf((await smtp.waitFor(1, to("first.address@example.com")))[0]!);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("First.Address@example.com"));
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("second.address@example.com"));
    const second = tokenOf((await smtp.waitFor(1, to("second.address@example.com")))[0]!);
    expect(second).not.toBe(first);
    // The second message was queued after the same address's save: had that queued one, it was sent first.
    expect(smtp.received.filter(to("first.address@example.com"))).toHaveLength(1);
    expect(smtp.received.filter(to("First.Address@example.com"))).toHaveLength(0);
    expect((await claimant.get("/standard/claim-details")).text(".return-link-sent")).toContain(
      "second.address@example.com",
    );

    const refused = await openLink(portal, first);
    expect(refused.opened.status).toBe(404);
    expect(refused.opened.text("h1")).toBe("This link does not work");
    expect(refused.opened.headers.get("set-cookie")).toBeNull();
    const resumed = await openLink(portal, second);
    expect(resumed.opened.status).toBe(303);
    expect(resumed.opened.headers.get("location")).toBe("/standard/claim-details");
  });

  test("a link opened in a browser signed in already gives that browser a new session id (no fixation)", async () => {
    const claimant = await startOpen(portal);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("fixation@example.com"));
    const token = tokenOf((await smtp.waitFor(1, to("fixation@example.com")))[0]!);
    const before = claimant.sessionCookie().value;
    const opened = await claimant.get(`/return?token=${token}`);
    expect(opened.status).toBe(303);
    expect(claimant.sessionCookie().value).not.toBe(before);
    expect((await claimant.get("/standard/claim-details")).status).toBe(200);
    // The id it had reaches nothing now.
    const planted = await getPage(`${portal.url}/standard/claim-details`, {
      headers: { Cookie: `${claimant.sessionCookie().name}=${before}` },
    });
    expect(planted.status).toBe(303);
  });

  test("a Spanish claimant's link is in Spanish and keeps the language", async () => {
    const claimant = await startOpen(portal);
    await claimant.get("/standard/claimant-info?culture=es");
    const saved = await claimant.post("/standard/claimant-info?culture=es", withEmail("ana.es@example.com"));
    expect(saved.status, saved.text(".error-summary")).toBe(303);
    const notice = (await claimant.get("/standard/claim-details?culture=es")).text(".return-link-sent");
    expect(notice).toBe(
      "Le enviamos un enlace a ana.es@example.com: con él puede volver a su reclamo desde cualquier dispositivo hasta el 31 de marzo de 2027.",
    );
    const [email] = await smtp.waitFor(1, to("ana.es@example.com"));
    expect(email!.subject).toBe("Acuerdo sobre las transmisiones de Acme Motors: su enlace para volver a su reclamo");
    expect(email!.text).toContain("Sus respuestas al formulario Reclamo estándar están guardadas.");
    const { opened } = await openLink(portal, tokenOf(email!), "culture=es&");
    expect(opened.headers.get("location")).toBe("/standard/claim-details?culture=es");
  });

  test("a token that is no link (garbage, none, too long, a lookalike) is a localised 404 page, never a 500", async () => {
    for (const query of ["token=garbage", "", "token=", `token=${"A".repeat(43)}`, `token=${"A".repeat(5000)}`]) {
      const page = await getPage(`${portal.url}/return?${query}`);
      expect(page.status, query).toBe(404);
      expect(page.text("h1"), query).toBe("This link does not work");
      expect(page.headers.get("set-cookie"), query).toBeNull();
    }
    // A form posted to it (there is none) is refused as a client's mistake, not a failure of the portal's.
    const posted = await fetch(`${portal.url}/return?token=garbage`, {
      method: "POST",
      headers: { Origin: portal.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "token=garbage",
    });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(posted.status).toBeLessThan(500);
    const spanish = await getPage(`${portal.url}/return?culture=es&token=nothing`);
    expect(spanish.status).toBe(404);
    expect(spanish.text("h1")).toBe("Este enlace no funciona");
  });

  test("after the flow's deadline the link goes where the flow's deadline sends everyone", async () => {
    const claimant = await startOpen(portal);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("late@example.com"));
    const token = tokenOf((await smtp.waitFor(1, to("late@example.com")))[0]!);
    const late = new Claimant(portal, { "X-Test-Now": "2027-04-02T12:00:00Z" });
    const opened = await late.get(`/return?token=${token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/deadline?flow=standard");
  });
});

describe.each(BACKENDS)("the open flow without SMTP_URL, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = openSettlement((json) => {
    json.email = EMAIL;
  });
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  test("nothing changes: no page promises a link, nothing is queued, and the draft stays the session's", async () => {
    const claimant = await startOpen(portal);
    await claimant.get("/standard/claimant-info");
    await claimant.complete("/standard/claimant-info", withEmail("no.smtp@example.com"));
    const next = await claimant.get("/standard/claim-details");
    expect(next.status).toBe(200);
    expect(next.document.querySelector(".return-link-sent")).toBeNull();
    const stored = await databaseText(portal);
    expect(stored).toContain('"session:');
    expect(stored).not.toContain('"link:');
    expect(stored).not.toContain("return-link:");
  });
});
