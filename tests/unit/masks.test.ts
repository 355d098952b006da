import { describe, expect, test } from "vitest";
import { MASK_NAMES, maskFor } from "#app/forms/masks.ts";

const ok = (mask: string, raw: string) => maskFor(mask).normalize(raw);

describe("masks: the server's own check and normalisation", () => {
  test.each([
    ["none", "  Ana  ", "Ana"],
    ["DECIMAL_15PRECISION", "12.5", "12.5"],
    ["DECIMAL_15PRECISION", "12345678901234.5", "12345678901234.5"],
    ["CURRENCY_COMMA_DELIMITED", "$1,250", "1250"],
    ["CURRENCY_COMMA_DELIMITED", "1250", "1250"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "1,250.5", "1250.50"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "0.99", "0.99"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "12", "12.00"],
    ["SLASH_DELIMITED_FULL_DATE", "3/7/2024", "03/07/2024"],
    ["USA_PHONE_NUMBER", "(555) 123-4567", "(555) 123-4567"],
    ["USA_PHONE_NUMBER", "1-555-123-4567", "(555) 123-4567"],
    ["INTEGER_16", "1234567890123456", "1234567890123456"],
    ["INTERNATIONAL_PHONE_NUMBER", "+44 20 7946-0958", "+442079460958"],
    ["VIN", "1hgcm82633a004352", "1HGCM82633A004352"],
    ["ZIP_CODE", "98111", "98111"],
    ["ZIP_CODE", "981110042", "98111-0042"],
    ["ZIP_CODE", "98111-0042", "98111-0042"],
    ["ZIP_CODE_NON_US", "sw1a 1aa", "SW1A 1AA"],
  ])("%s accepts %j as %j", (mask, raw, value) => {
    expect(ok(mask, raw)).toEqual({ value });
  });

  test.each([
    ["DECIMAL_15PRECISION", "12.5.1"],
    ["DECIMAL_15PRECISION", "123456789012345.6"],
    ["DECIMAL_15PRECISION", "1e5"],
    ["CURRENCY_COMMA_DELIMITED", "1,25"],
    ["CURRENCY_COMMA_DELIMITED", "12.50"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "1.234"],
    ["CURRENCY_COMMA_DELIMITED_WITH_DECIMALS", "-5.00"],
    ["SLASH_DELIMITED_FULL_DATE", "2024-03-07"],
    ["SLASH_DELIMITED_FULL_DATE", "2/30/2024"],
    ["SLASH_DELIMITED_FULL_DATE", "3/7/24"],
    ["USA_PHONE_NUMBER", "555-1234"],
    ["USA_PHONE_NUMBER", "(055) 123-4567"],
    ["INTEGER_16", "12345678901234567"],
    ["INTEGER_16", "12.5"],
    ["INTERNATIONAL_PHONE_NUMBER", "+1 (555) 123-4567 ext 9"],
    ["VIN", "1HGCM82633A0043521"],
    ["VIN", "1HGCM-82633"],
    ["ZIP_CODE", "9811"],
    ["ZIP_CODE", "98111-004"],
    ["ZIP_CODE_NON_US", "SW1A-1AA"],
    ["ZIP_CODE_NON_US", "12345678901"],
  ])("%s rejects %j", (mask, raw) => {
    expect(ok(mask, raw)).toHaveProperty("errorKey");
  });

  test("every mask of SPEC §3 is registered, and an unregistered one is an error", () => {
    expect(MASK_NAMES).toHaveLength(11);
    for (const name of MASK_NAMES) expect(() => maskFor(name)).not.toThrow();
    expect(() => maskFor("SSN")).toThrow("Unregistered mask type: SSN");
  });

  test("placeholders of SPEC §5", () => {
    expect(maskFor("SLASH_DELIMITED_FULL_DATE").placeholder).toBe("mm/dd/yyyy");
    expect(maskFor("USA_PHONE_NUMBER").placeholder).toBe("(123) 456-7890");
  });

  test("typing formatters keep within each mask's length and characters", () => {
    expect(maskFor("CURRENCY_COMMA_DELIMITED").format!("1234567")).toBe("1,234,567");
    expect(maskFor("CURRENCY_COMMA_DELIMITED_WITH_DECIMALS").format!("1234.567")).toBe("1,234.56");
    expect(maskFor("DECIMAL_15PRECISION").format!("1.2.3abc")).toBe("1.23");
    expect(maskFor("INTEGER_16").format!("12a34567890123456789")).toBe("1234567890123456");
    expect(maskFor("VIN").format!("1hg-cm8 2633a00435299")).toBe("1HGCM82633A004352");
    expect(maskFor("ZIP_CODE_NON_US").format!("sw1a-1aa")).toBe("SW1A1AA");
    expect(maskFor("SLASH_DELIMITED_FULL_DATE").format!("03072024")).toBe("03/07/2024");
    expect(maskFor("SLASH_DELIMITED_FULL_DATE").format!("3/7/2024")).toBe("3/7/2024");
    expect(maskFor("INTERNATIONAL_PHONE_NUMBER").format!("+44 (20) 7946")).toBe("+44207946");
    expect(maskFor("USA_PHONE_NUMBER").format!("555")).toBe("(555");
    expect(maskFor("USA_PHONE_NUMBER").format!("555.123.4567")).toBe("(555) 123-4567");
    expect(maskFor("USA_PHONE_NUMBER").format!("1 555 123 4567")).toBe("(555) 123-4567");
    expect(maskFor("USA_PHONE_NUMBER").format!("(555) 123-45678")).toBe("(555) 123-4567");
    expect(maskFor("ZIP_CODE").format!("98111")).toBe("98111");
    expect(maskFor("ZIP_CODE").format!("981110042")).toBe("98111-0042");
    expect(maskFor("ZIP_CODE").format!("98111-00425")).toBe("98111-0042");
  });
});
