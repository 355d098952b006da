import { summaryText } from "#app/components/form/summary-text.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Button, BUTTON_STYLES } from "#app/components/Button.tsx";
import { Feedback } from "#app/components/Feedback.tsx";
import { HeaderBlock } from "#app/components/HeaderBlock.tsx";
import { Icon } from "#app/components/Icon.tsx";
import { LabelledValue } from "#app/components/LabelledValue.tsx";
import { DisplayOnlyRow } from "#app/components/records/DisplayOnlyRow.tsx";
import { ICON_NAMES } from "#app/forms/page-schema.ts";

describe("components refuse misuse with SPEC §8's messages", () => {
  test("a button needs a label or an icon", () => {
    expect(() => renderToStaticMarkup(<Button />)).toThrow("Either label or icon must have a value.");
    expect(renderToStaticMarkup(<Button label="Continue" />)).toContain(">Continue</button>");
    // An icon-only button is named for screen readers.
    expect(renderToStaticMarkup(<Button icon="trash" aria-label="Remove" />)).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Remove"/,
    );
  });

  test("a labelled value needs a label or an icon", () => {
    expect(() => renderToStaticMarkup(<LabelledValue>x</LabelledValue>)).toThrow(
      "Either label or icon must have a value.",
    );
    expect(renderToStaticMarkup(<LabelledValue label="Claim ID">12345678</LabelledValue>)).toBe(
      '<dl class="labelled-value"><dt>Claim ID</dt><dd>12345678</dd></dl>',
    );
  });

  test("a display-only row needs the client id of an existing record, and at most 11 fields beside its buttons (12 without)", () => {
    const rows = [{ clientId: "txn-abcdefgh", title: "Expense 1", cells: ["05/01/2024", "Tow"], attached: 0 }];
    const readOnly = { action: "/x", csrfToken: "t", model: "claimTransactions", allowDelete: false, allowEdit: false };
    expect(() =>
      renderToStaticMarkup(<DisplayOnlyRow recordClientId={undefined} rows={rows} actions={readOnly} />),
    ).toThrow("ClientId not provided to FormModelRow");
    expect(() =>
      renderToStaticMarkup(<DisplayOnlyRow recordClientId="txn-zzzzzzzz" rows={rows} actions={readOnly} />),
    ).toThrow("No record has the client id txn-zzzzzzzz");
    expect(renderToStaticMarkup(<DisplayOnlyRow recordClientId="txn-abcdefgh" rows={rows} actions={readOnly} />)).toBe(
      '<tr><th scope="row">Expense 1</th><td>05/01/2024</td><td>Tow</td></tr>',
    );
    const twelve = [{ ...rows[0]!, cells: Array.from({ length: 12 }, (_, index) => String(index)) }];
    expect(() =>
      renderToStaticMarkup(<DisplayOnlyRow recordClientId="txn-abcdefgh" rows={twelve} actions={readOnly} />),
    ).not.toThrow();
    expect(() =>
      renderToStaticMarkup(
        <DisplayOnlyRow recordClientId="txn-abcdefgh" rows={twelve} actions={{ ...readOnly, allowDelete: true }} />,
      ),
    ).toThrow("A display-only row shows at most 11 fields; this one has 12");
  });

  test("a header block needs its heading tag", () => {
    expect(() => renderToStaticMarkup(<HeaderBlock headingTag={undefined as never}>Title</HeaderBlock>)).toThrow(
      "A header block needs a heading tag.",
    );
    expect(renderToStaticMarkup(<HeaderBlock headingTag="h3">Title</HeaderBlock>)).toBe(
      '<h3 class="header-block">Title</h3>',
    );
  });
});

describe("buttons, feedback and icons", () => {
  test("the six button styles", () => {
    const classes = BUTTON_STYLES.map(
      (style) => /class="([^"]*)"/.exec(renderToStaticMarkup(<Button label="x" buttonStyle={style} />))?.[1] ?? "",
    );
    expect(classes).toEqual(["", "", "secondary", "outline", "secondary outline", "contrast outline"]);
  });

  test("a busy button is disabled and says so (while navigating or while the captcha runs)", () => {
    expect(renderToStaticMarkup(<Button label="Submit" busy />)).toMatch(/disabled=""[^>]*aria-busy="true"/);
  });

  test("the three feedback styles", () => {
    for (const style of ["default", "success", "warning"] as const) {
      expect(renderToStaticMarkup(<Feedback style={style}>Note</Feedback>)).toContain(
        `class="feedback feedback-${style}"`,
      );
    }
  });

  test("all twelve icons of SPEC §9 are inline SVG, hidden from screen readers unless labelled", () => {
    expect(ICON_NAMES).toHaveLength(12);
    for (const name of ICON_NAMES) {
      const svg = renderToStaticMarkup(<Icon name={name} />);
      expect(svg, name).toMatch(/^<svg[^>]*aria-hidden="true"[^>]*>(<path d="[^"]+"><\/path>)+<\/svg>$/);
    }
  });
});

describe("an error summary's line", () => {
  test("is the question first, then the message, whatever the message says, without a doubled mark", () => {
    expect(summaryText("First name", "Enter your first name")).toBe("First name: Enter your first name");
    expect(summaryText("Quantity", "Enter a number")).toBe("Quantity: Enter a number");
    expect(summaryText("How should we contact you?", "Select how we should contact you")).toBe(
      "How should we contact you: Select how we should contact you",
    );
    expect(summaryText("I declare that this is true.", "Tick the declaration")).toBe(
      "I declare that this is true: Tick the declaration",
    );
    // Spanish opens a question with "¿": its "?" stays, or the "¿" would be left dangling.
    expect(summaryText("¿Qué compró?", "Seleccione lo que compró")).toBe("¿Qué compró?: Seleccione lo que compró");
  });
});
