import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  booleanSchema,
  dateSchema,
  decimalSchema,
  decimalStringSchema,
  nullableDecimalSchema,
  phoneSchema,
} from "./formats";

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("generic formats (spec §5) with the messages of spec §8", () => {
  it("date YYYY-MM-DD", () => {
    expect(dateSchema.parse("2026-11-21")).toBe("2026-11-21");
    for (const bad of ["2026-1-21", "21-11-2026", "2026/11/21", "20261121", " 2026-11-21", 20261121]) {
      expect(messages(dateSchema, bad)).toEqual([
        "Date must be written YYYY-MM-DD (four-digit year, two-digit month, two-digit day)",
      ]);
    }
  });

  it("boolean from a boolean or the text true/false", () => {
    expect(booleanSchema.parse(true)).toBe(true);
    expect(booleanSchema.parse(false)).toBe(false);
    expect(booleanSchema.parse("true")).toBe(true);
    expect(booleanSchema.parse("false")).toBe(false);
    for (const bad of ["yes", "TRUE", "1", 1, 0, null, undefined, ""]) {
      expect(messages(booleanSchema, bad)).toEqual([
        "Value must be boolean or a string representation of a boolean, e.g. true or false",
      ]);
    }
  });

  it("phone: optional country code, 3, 3, 4 digits, optional extension", () => {
    for (const ok of [
      "555-123-4567",
      "5551234567",
      "(555) 123-4567",
      "555.123.4567",
      "+1 555 123 4567",
      "1-555-123-4567",
      "+44 555 123 4567",
      "555-123-4567 x89",
      "555-123-4567 ext. 1234",
      "+1 (555) 123-4567 extension 2",
    ]) {
      expect(phoneSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      "555-1234",
      "555-123-456",
      "phone",
      "555-123-45678",
      "+12345 555 123 4567",
      "555-123-4567 x",
    ]) {
      expect(messages(phoneSchema, bad), bad).toEqual([
        "Phone must be 3 digits, 3 digits and 4 digits, with an optional country code before and an optional extension after",
      ]);
    }
  });

  it("decimal from Decimal, string or number", () => {
    const d = new Decimal("1.25");
    expect(decimalSchema.parse(d)).toBe(d);
    expect(decimalSchema.parse("0.1").plus("0.2").toString()).toBe("0.3");
    expect(decimalSchema.parse(" 12.5 ").toString()).toBe("12.5");
    expect(decimalSchema.parse(7).toString()).toBe("7");
    expect(decimalSchema.parse("-3e2").toString()).toBe("-300");
  });

  it("decimal: 'string is not convertible to Decimal'", () => {
    for (const bad of ["abc", "", "1.2.3", "NaN", "Infinity", "12 head"]) {
      expect(messages(decimalSchema, bad), bad).toEqual(["string is not convertible to Decimal"]);
    }
  });

  it("decimal: 'expected a string, number or Decimal'", () => {
    for (const bad of [null, undefined, true, {}, [], new Date(0)]) {
      expect(messages(decimalSchema, bad)).toEqual(["expected a string, number or Decimal"]);
    }
  });

  it("decimal: non-finite numbers are refused", () => {
    expect(messages(decimalSchema, Number.NaN)).toEqual(["number is not a finite Decimal"]);
    expect(messages(decimalSchema, Number.POSITIVE_INFINITY)).toEqual(["number is not a finite Decimal"]);
  });

  it("nullable decimal: '' and null become null", () => {
    expect(nullableDecimalSchema.parse("")).toBeNull();
    expect(nullableDecimalSchema.parse(null)).toBeNull();
    expect(nullableDecimalSchema.parse("4.5")?.toString()).toBe("4.5");
    expect(messages(nullableDecimalSchema, "x")).toEqual(["string is not convertible to Decimal"]);
    expect(messages(nullableDecimalSchema, undefined)).toEqual(["expected a string, number or Decimal"]);
  });

  it("decimal strings as catalogue data holds them", () => {
    for (const ok of ["5000", "0.000125", "2204.62", "-1"]) expect(decimalStringSchema.parse(ok)).toBe(ok);
    for (const bad of ["1e3", ".5", "5.", "", "1,000"]) {
      expect(messages(decimalStringSchema, bad)).toEqual(["string is not convertible to Decimal"]);
    }
  });
});
