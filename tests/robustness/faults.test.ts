import { createHash } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { pdfOfSize } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, reimbursementAtDocuments, uploadReceipt } from "#tests/support/filing.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { loggedStatuses, openStoreOf } from "#tests/support/server-state.ts";
import { allClaims } from "#app/storage/store.ts";

/**
 * Faults (issue 6): the server killed with SIGKILL while claims are being filed, then restarted on
 * the same data; the database going away and coming back. `npm test` runs 12 claimants;
 * FAULT_CLAIMANTS=100 the long form.
 */
const CLAIMANTS = Number(process.env.FAULT_CLAIMANTS ?? 12);
const SIGNED = { "signature.attestation": "on", "signature.signature": "Ana García", captchaToken: "test-pass" };

/** A claimant with every step answered and a receipt uploaded, on the summary page, ready to submit. */
async function readyToSubmit(portal: PortalServer, receipt: Buffer<ArrayBuffer>): Promise<Claimant> {
  const claimant = await reimbursementAtDocuments(new Claimant(portal));
  await uploadReceipt(claimant, await addExpense(claimant), { name: "receipt.pdf", content: receipt });
  await claimant.complete(DOCUMENTS_STEP, { intent: "continue" });
  await claimant.get("/reimbursement/claim-summary");
  return claimant;
}

/** A claimant's portal, pointed at another server (the restarted one) with the same cookie. */
function moveTo(claimant: Claimant, portal: PortalServer): Claimant {
  (claimant as unknown as { portal: PortalServer }).portal = portal;
  return claimant;
}

describe.each(BACKENDS)("on %s, the server killed while claims are filed", (backend) => {
  const servers: PortalServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  test(`SIGKILL with ${CLAIMANTS} submissions in flight, then a restart: no partial claim, no duplicate, every draft intact`, async () => {
    const first = await startPortal({ backend });
    servers.push(first);
    const receipts = Array.from({ length: CLAIMANTS }, (_, index) => pdfOfSize(40_000 + index));
    const claimants = await Promise.all(receipts.map((receipt) => readyToSubmit(first, receipt)));

    // Everyone submits at once; the server dies as soon as the first is answered, the rest mid-way.
    const submissions = claimants.map((claimant) =>
      claimant.post("/reimbursement/claim-summary", SIGNED).then(
        (page) => page.status,
        () => "cut" as const,
      ),
    );
    await Promise.race(submissions);
    first.process.kill("SIGKILL");
    const outcomes = await Promise.all(submissions);
    console.log(
      `[${backend}] ${CLAIMANTS} submissions when killed: ${outcomes.filter((outcome) => outcome === 303).length} answered, ${outcomes.filter((outcome) => outcome === "cut").length} cut off`,
    );

    const second = await startPortal({
      env: { DATA_DIR: first.dataDir, ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}) },
    });
    servers.push(second);
    const store = openStoreOf(second);
    try {
      const codes: string[] = [];
      let filedUnanswered = 0;
      for (const [index, claimant] of claimants.entries()) {
        moveTo(claimant, second);
        // The draft survived whole: the summary still lists every answer and the receipt.
        const confirmation = await claimant.get("/reimbursement/confirmation");
        const wasFiled = confirmation.status === 200;
        if (outcomes[index] === 303) expect(wasFiled, "a claim answered before the kill is stored").toBe(true);
        else if (wasFiled) filedUnanswered++;
        if (!wasFiled) {
          const summary = await claimant.get("/reimbursement/claim-summary");
          expect(summary.status).toBe(200);
          expect(summary.text(".answer-section")).toContain("receipt.pdf");
          expect((await claimant.post("/reimbursement/claim-summary", SIGNED)).status).toBe(303);
        }
        const code = (await claimant.get("/reimbursement/confirmation")).text(".reference-code");
        // Filing again finds the same claim.
        await claimant.get("/reimbursement/claim-summary");
        await claimant.post("/reimbursement/claim-summary", SIGNED);
        expect((await claimant.get("/reimbursement/confirmation")).text(".reference-code")).toBe(code);
        const claim = (await store.getClaim(code))!;
        expect(claim.records.documentContexts).toHaveLength(1);
        const documents = await store.claimDocuments(code);
        expect(documents.map((document) => document.sha256)).toEqual([
          createHash("sha256").update(receipts[index]!).digest("hex"),
        ]);
        codes.push(code);
      }
      console.log(
        `[${backend}] after the restart: ${filedUnanswered} cut-off submissions had been filed whole, the other ${CLAIMANTS - filedUnanswered - outcomes.filter((outcome) => outcome === 303).length} filed on retry`,
      );
      expect(new Set(codes).size).toBe(CLAIMANTS);
      let stored = 0;
      for await (const _claim of allClaims(store)) stored++;
      expect(stored, "one claim per claimant, no duplicates").toBe(CLAIMANTS);
    } finally {
      await store.close();
    }
  }, 240_000);
});

/** A TCP hop between the portal and PostgreSQL that can be cut and restored: the database "going away". */
async function databaseLink(
  target: URL,
): Promise<{ port: number; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server!.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

describe.skipIf(!BACKENDS.includes("postgresql"))("the database going away", () => {
  test("claimants see the 'try again' page (503) in their language, the API answers 503 database_unavailable, /healthz says unavailable, the server stays up and recovers by itself", async () => {
    const real = new URL(await freshDatabaseUrl());
    const link = await databaseLink(real);
    const viaLink = new URL(real);
    viaLink.port = String(link.port);
    const portal = await startPortal({ env: { DATABASE_URL: viaLink.toString() } });
    try {
      const claimant = new Claimant(portal);
      await claimant.signIn("reimbursement");
      expect((await claimant.get("/reimbursement/claimant-info")).status).toBe(200);

      await link.cut();
      // With the CSRF token of the page it has (an error page has none).
      const call = await claimant.api("/api/session/keep-alive?culture=es", { method: "POST" });
      expect(call.status).toBe(503);
      expect(await call.json()).toEqual({
        code: "database_unavailable",
        error: expect.stringMatching(/^El sitio no pudo completar su solicitud/),
      });
      const down = await claimant.get("/reimbursement/claimant-info");
      expect(down.status).toBe(503);
      expect(down.text("h1")).toBe("Please try again");
      expect(down.html).not.toMatch(/\bat [\w$.<>]+ \(|ECONNREFUSED/);
      const spanish = await claimant.get("/reimbursement/claimant-info?culture=es");
      expect([spanish.status, spanish.text("h1")]).toEqual([503, "Vuelva a intentarlo"]);
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(503);
      expect(portal.process.exitCode).toBeNull();

      await link.restore();
      await expect.poll(async () => (await fetch(`${portal.url}/healthz`)).status, { timeout: 20_000 }).toBe(200);
      expect((await claimant.get("/reimbursement/claimant-info")).status).toBe(200);
      // Each is logged as an error with the database's: none as a 500, a fault of the portal's.
      const failed = loggedStatuses(portal).filter((status) => status >= 500);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.filter((status) => status !== 503)).toEqual([]);
      const entries = portal
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { message: string; status?: number; path?: string });
      expect(
        entries.find((entry) => entry.status === 503 && entry.path === "/reimbursement/claimant-info"),
      ).toMatchObject({ level: "error", error: { code: "ECONNREFUSED" } });
    } finally {
      await portal.stop();
      await link.close();
    }
  }, 120_000);
});
