import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fieldsOfBlocks } from "#app/forms/form-definition.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { validateStep } from "#app/forms/validate-step.ts";
import { answersOf } from "#app/storage/store.server.ts";
import { answerSteps } from "#app/forms/steps.ts";
import { loadPortal } from "#app/settlement/portal.server.ts";
import { Claimant, storedDrafts } from "#tests/support/claimant.ts";
import { reimbursementAtDocuments } from "#tests/support/filing.ts";
import { PDF } from "#tests/support/documents.ts";
import { type PortalServer, demoForTests, startPortal } from "#tests/support/portal-server.ts";
import { fieldKeysOf } from "#tests/support/server-state.ts";

/**
 * Property-based bad input (issue 6): random fields, wrong types, huge values, malformed bodies,
 * path-traversal file names, wrong content types, missing and forged CSRF tokens, at every action
 * and API endpoint. Never a 5xx, never a stack trace in a response, never a stored invalid value.
 * `npm test` runs a short form; FUZZ_RUNS=500 (say) runs the long one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const STACK_TRACE = /\bat [\w$.<>]+ \(|\.tsx?:\d+:\d+|node:internal/;

let portal: PortalServer;
let claimant: Claimant;
const definitions = loadPortal(demoForTests()).forms;

beforeAll(async () => {
  portal = await startPortal();
  claimant = await reimbursementAtDocuments(new Claimant(portal));
});
afterAll(async () => {
  await portal.stop();
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as the text it is
const TEMPLATE_PROBE = "${7*7}";

/** Anything a form field could be sent as, and worse. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "true",
    "13/45/2024",
    "2/30/2024",
    "1/1/0000",
    "12/31/9999 25:61",
    "../../etc/passwd",
    "..\\..\\boot.ini",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u0000",
    "\uFFFF\uD800",
    "%00",
    TEMPLATE_PROBE,
    "{{7*7}}",
  ),
  fc.string({ minLength: 2_000, maxLength: 5_000 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** The real field names of every step of the flow, some random names, and the names of the page's buttons. */
const reimbursement = definitions.reimbursement;
const realNames = Object.values(reimbursement.pages).flatMap((page) => fieldsOfBlocks(page!.blocks));
const fieldName = fc.oneof(
  fc.constantFrom(
    ...realNames,
    "intent",
    "records",
    "record",
    "csrf",
    "captchaToken",
    "__proto__",
    "constructor",
    "claimTransactions.amount",
    "documentContexts.file",
  ),
  fc.string({ maxLength: 30 }),
);
const fields = fc.dictionary(fieldName, nasty, { maxKeys: 12 });

async function send(path: string, init: RequestInit) {
  const response = await fetch(`${portal.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: { Cookie: claimant.cookieHeader(), Origin: portal.url, ...init.headers },
  });
  const body = await response.text();
  return { status: response.status, body };
}

function acceptable({ status, body }: { status: number; body: string }, what: string) {
  expect(status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(STACK_TRACE.test(body), `${what} shows a stack trace`).toBe(false);
}

const STEPS: StepName[] = [
  "claimant-info",
  "claim-details",
  "payment-election",
  "supporting-documents",
  "claim-summary",
];
const tokenChoice = fc.constantFrom<"valid" | "missing" | "forged">("valid", "missing", "forged");

describe("bad input never breaks the portal", () => {
  test("url-encoded posts to every step and the sign-in page: random fields, with, without and with a forged CSRF token", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<string>(
          ...STEPS.map((step) => `/reimbursement/${step}`),
          "/reimbursement",
          "/standard",
          "/lookup",
        ),
        fields,
        tokenChoice,
        async (path, posted, token) => {
          const body = new URLSearchParams(Object.entries(posted));
          if (token === "valid") body.set("csrf", claimant.csrfToken());
          if (token === "forged") body.set("csrf", "forged-token");
          acceptable(
            await send(path, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body,
            }),
            `POST ${path}`,
          );
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });

  test("multipart posts to the documents step: random fields, path-traversal and odd file names, wrong content", async () => {
    const fileName = fc.oneof(
      fc.constantFrom(
        "../../../etc/passwd.pdf",
        "..\\..\\win.ini.png",
        "/absolute/receipt.pdf",
        "CON.pdf",
        ".pdf",
        `${"a".repeat(300)}.pdf`,
        "receipt.pdf\u0000.exe",
        "résumé 😀.PDF",
        "",
      ),
      fc.string({ maxLength: 60 }),
    );
    const content = fc.oneof(
      fc.constant(PDF),
      fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(
        fields,
        fileName,
        content,
        fc.constantFrom("upload", "save", "add", "remove", "cancel", "edit", "continue", "bogus"),
        async (posted, name, bytes, intent) => {
          const form = new FormData();
          form.append("csrf", claimant.csrfToken());
          form.append("records", "documentContexts");
          form.append("intent", intent);
          for (const [key, value] of Object.entries(posted)) form.append(key, value);
          form.append("documentContexts.file", new File([bytes], name, { type: "application/octet-stream" }));
          acceptable(
            await send("/reimbursement/supporting-documents", { method: "POST", body: form }),
            `multipart ${intent} ${JSON.stringify(name)}`,
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  test("bodies that are not what their content type says, and bodies far too large", async () => {
    const cases: Array<[string, BodyInit]> = [
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
      ["multipart/form-data", "no boundary at all"],
      [
        "multipart/form-data; boundary=x",
        `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"b".repeat(100_000)}\r\n--x--\r\n`,
      ],
      ["application/x-www-form-urlencoded", "%E0%A4%A=1&%%%=2"],
      ["application/x-www-form-urlencoded", "a=".padEnd(400_000, "x")],
      ["application/json", '{"intent": "continue"}'],
      ["text/plain", "\u0000\u0001binary"],
    ];
    for (const path of [
      "/reimbursement/supporting-documents",
      "/reimbursement/claim-details",
      "/reimbursement",
      "/reimbursement/claim-summary",
    ]) {
      for (const [type, body] of cases)
        acceptable(
          await send(path, { method: "POST", headers: { "Content-Type": type }, body }),
          `POST ${path} as ${type}`,
        );
    }
  });

  test("the JSON API: random JSON, wrong types and parts, missing and forged CSRF headers", async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("standard", "automotive", "reimbursement", "lookup", "mortgage"),
        json,
        tokenChoice,
        async (formType, value, token) => {
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (token !== "missing") headers["X-CSRF-TOKEN"] = token === "valid" ? claimant.csrfToken() : "forged";
          acceptable(
            await send(`/api/forms/${formType}/authorize`, { method: "POST", headers, body: JSON.stringify(value) }),
            `authorize ${formType}`,
          );
          const form = new FormData();
          if (value && typeof value === "object" && !Array.isArray(value))
            for (const [key, part] of Object.entries(value)) form.append(key, JSON.stringify(part));
          form.append("claimantInfo", JSON.stringify(value));
          form.append("documents", new File([PDF], "../x.pdf"));
          acceptable(
            await send(`/api/forms/${formType}`, {
              method: "POST",
              headers: token === "valid" ? { "X-CSRF-TOKEN": claimant.csrfToken() } : {},
              body: form,
            }),
            `submit ${formType}`,
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
    for (const path of ["/api/session-timeout", "/api/session/keep-alive", "/api/culture/set-language"]) {
      acceptable(
        await send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" }),
        `POST ${path}`,
      );
    }
  });

  test("GET endpoints with random queries", async () => {
    const query = fc.dictionary(
      fc.constantFrom("culture", "formType", "form", "return", "saved", "lng", fc.sample(fc.string(), 1)[0]!),
      nasty,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/",
          "/standard",
          "/reimbursement/claim-details",
          "/api/culture/content",
          "/api/forms/config",
          "/api/signature-date",
          "/api/deadlines",
          "/session-expired",
          "/deadline",
          "/error",
          "/lookup",
        ),
        query,
        async (path, params) => {
          acceptable(await send(`${path}?${new URLSearchParams(params)}`, { method: "GET" }), `GET ${path}`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  test("whatever was posted, every stored draft holds only values its steps' rules accept", () => {
    const context = {
      characterWhitelist: loadPortal(demoForTests()).settlement.characterWhitelist,
      internationalAddresses: loadPortal(demoForTests()).settlement.internationalAddresses,
      now: Date.now(),
      side: "server" as const,
    };
    // As stored, with the sensitive answers decrypted as the portal reads them.
    const answers = answersOf(definitions, fieldKeysOf(portal));
    /** What was checked: each draft as "owner form type", with the steps whose rules ran on it. */
    const checked = new Map<string, StepName[]>();
    for (const draft of storedDrafts(portal.dataDir)) {
      const definition = definitions[draft.form_type as keyof typeof definitions];
      const models = answers.open({ models: draft.data.models as ModelValues }).models;
      const steps = (draft.data.completedSteps as StepName[]).filter((candidate) =>
        answerSteps(definition).includes(candidate),
      );
      for (const step of steps) {
        const result = validateStep(definition, step, models, { ...context, saved: models as never });
        expect(result.errors, `${draft.form_type} ${step}`).toEqual({});
      }
      checked.set(`${draft.owner} ${draft.form_type}`, steps);
    }
    // Not vacuous: the fuzzed flow's draft was among them, with at least the three steps the
    // claimant answered before the fuzzing (completed steps are only ever added to).
    const fuzzed = checked.get(`member:${claimant.claimId} reimbursement`);
    expect(
      fuzzed,
      `the fuzzed reimbursement draft was not among the drafts checked: ${[...checked.keys()].join(", ") || "none"}`,
    ).toBeDefined();
    expect(fuzzed).toEqual(expect.arrayContaining(["claimant-info", "claim-details", "payment-election"]));
  });
});
