import { describe, expect, it } from "vitest";
import { formatTaxId, isValidTaxId, maskTaxId, TAX_ID_TYPES, taxIdDigits, taxIdMessage } from "./tax-id";

describe("tax ids (spec §3: 1 SSN, 2 EIN, 3 RMA Issued, 5 BIA)", () => {
  it("has the spec's four types", () => {
    expect(TAX_ID_TYPES).toEqual([1, 2, 3, 5]);
  });
  it("strips separators of a typed id", () => {
    expect(taxIdDigits(" 123-45-6789 ")).toBe("123456789");
    expect(taxIdDigits("12 3456789")).toBe("123456789");
  });
  it("validates an SSN: area, group and serial rules", () => {
    expect(isValidTaxId(1, "123456789")).toBe(true);
    for (const bad of [
      "000123456",
      "666123456",
      "900123456",
      "999123456",
      "123001234",
      "123450000",
      "12345678",
      "1234567890",
      "12345678x",
    ])
      expect(isValidTaxId(1, bad), bad).toBe(false);
  });
  it("validates an EIN by the IRS's assigned prefixes", () => {
    expect(isValidTaxId(2, "123456789")).toBe(true);
    expect(isValidTaxId(2, "953456789")).toBe(true);
    for (const prefix of [
      "00",
      "07",
      "08",
      "09",
      "17",
      "18",
      "19",
      "28",
      "29",
      "49",
      "69",
      "70",
      "78",
      "79",
      "89",
      "96",
      "97",
    ])
      expect(isValidTaxId(2, `${prefix}3456789`), prefix).toBe(false);
  });
  it("RMA-issued and BIA ids: nine digits, not all zero", () => {
    for (const type of [3, 5] as const) {
      expect(isValidTaxId(type, "000000001")).toBe(true);
      expect(isValidTaxId(type, "000000000")).toBe(false);
      expect(isValidTaxId(type, "12345678")).toBe(false);
    }
  });
  it("masks to the last four, formats in full only on demand", () => {
    expect(maskTaxId(1, "6789")).toBe("•••-••-6789");
    expect(maskTaxId(2, "6789")).toBe("••-•••6789");
    expect(maskTaxId(3, "6789")).toBe("•••••6789");
    expect(maskTaxId(5, undefined)).toBe("•••••····");
    expect(formatTaxId(1, "123456789")).toBe("123-45-6789");
    expect(formatTaxId(2, "123456789")).toBe("12-3456789");
    expect(formatTaxId(5, "123456789")).toBe("123456789");
  });
  it("a refusal's message names the type and the format, with no digits at all", () => {
    for (const type of TAX_ID_TYPES) {
      expect(taxIdMessage(type)).toMatch(/^/);
      expect(taxIdMessage(type).replace(/\b(000|666|00|0000)\b/g, "")).not.toMatch(/\d{3,}/);
    }
  });
});
