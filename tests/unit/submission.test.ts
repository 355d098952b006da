import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formPayload, parseSubmission } from "#app/forms/submission.ts";

/**
 * Issue 14: the step form and the server read a posted form with the same small parser (in place
 * of Conform's parse, whose client part the browser no longer loads). What the claimant typed must
 * reach the checks as typed, under its model and field, whatever it is.
 */
const word = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/);

describe("formPayload", () => {
  test("a field's value reaches its model and key exactly as posted; a name posted twice gives a list", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(word, word), { minLength: 1, maxLength: 6, selector: ([model]) => model }),
        fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 3 }),
        (names, values) => {
          const form = new FormData();
          for (const [model, key] of names) for (const value of values) form.append(`${model}.${key}`, value);
          const payload = formPayload(form) as Record<string, Record<string, unknown>>;
          for (const [model, key] of names)
            expect(payload[model]![key]).toEqual(values.length === 1 ? values[0] : values);
        },
      ),
      { numRuns: 200 },
    );
  });

  test("names that would reach an object's prototype, or are not dotted words, are left out", () => {
    const form = new URLSearchParams([
      ["__proto__.polluted", "yes"],
      ["claimantInfo.constructor", "x"],
      ["a..b", "x"],
      ["list[0]", "x"],
      ["claimantInfo.firstName", "Ana"],
      ["csrf", "token"],
    ]);
    expect(formPayload(form)).toEqual({ claimantInfo: { firstName: "Ana" }, csrf: "token" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Issue 23: each repeat copied the list so far, so 30,000 repeats of "x=" held the server for 25 s
  // (quadratic). Read in one pass, 100,000 take milliseconds; copied, minutes (past the timeout).
  test("a name posted 100,000 times gives one list, in order, read in one pass", { timeout: 10_000 }, () => {
    const form = new URLSearchParams();
    for (let index = 0; index < 100_000; index++) form.append("x", String(index));
    const list = formPayload(form).x as string[];
    expect(list).toHaveLength(100_000);
    expect([list[0], list[99_999]]).toEqual(["0", "99999"]);
  });

  test("a file stays a file", () => {
    const form = new FormData();
    const file = new File(["%PDF"], "receipt.pdf", { type: "application/pdf" });
    form.append("documentContexts.file", file);
    expect((formPayload(form) as { documentContexts: { file: File } }).documentContexts.file).toBe(file);
  });
});

describe("parseSubmission's answer for the page", () => {
  const posted = new URLSearchParams([
    ["claimantInfo.firstName", "Ana"],
    ["claimantInfo.middleInitial", ""],
    ["claimantInfo.lastName", ""],
  ]);

  test("refused: the messages, and what was posted without its blanks to start the form from", () => {
    const submission = parseSubmission(posted, () => ({
      error: { "claimantInfo.lastName": ["Enter your last name"] },
    }));
    expect(submission.status).toBe("error");
    expect(submission.reply()).toEqual({
      status: "error",
      initialValue: { claimantInfo: { firstName: "Ana" } },
      error: { "claimantInfo.lastName": ["Enter your last name"] },
    });
  });

  test("accepted: the value; a refusal the server adds later (the form's own, a field's) makes it an error", () => {
    const submission = parseSubmission(posted, (payload) => ({ value: payload }));
    expect(submission.status).toBe("success");
    expect(submission.value).toEqual({ claimantInfo: { firstName: "Ana", middleInitial: "", lastName: "" } });
    expect(submission.reply().status).toBe("success");
    expect(submission.reply({ formErrors: ["No claim matches"] }).error).toEqual({ "": ["No claim matches"] });
    expect(submission.reply({ fieldErrors: { captcha: ["Complete the security check"] } })).toMatchObject({
      status: "error",
      error: { captcha: ["Complete the security check"] },
    });
    expect(submission.reply({ resetForm: true })).toEqual({ initialValue: null });
  });
});
