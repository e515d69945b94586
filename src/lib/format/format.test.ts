import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDollars,
  formatDuration,
  formatMonth,
  formatMonths,
  formatNumber,
  formatPercent,
  formatPrice,
  formatWeeks,
  lgmInputPriceDigits,
  lrpPriceDigits,
  parseTypedNumber,
  priceDigits,
} from ".";

describe("digits per commodity from the catalogue", () => {
  it("uses the catalogue's digits in the exchange's own unit", () => {
    expect(priceDigits(1)).toBe(4); // Corn, $/bu
    expect(priceDigits(1, "options")).toBe(5);
    expect(priceDigits(12)).toBe(2); // Soybean Meal
    expect(priceDigits(14)).toBe(2); // Milk 3
    expect(priceDigits(10)).toBe(5); // Feeder Cattle, $/lb
    expect(priceDigits(10, "options")).toBe(6);
  });
  it("drops two digits for livestock shown per cwt", () => {
    expect(lrpPriceDigits("0801")).toBe(3);
    expect(lrpPriceDigits("0802")).toBe(3);
    expect(lrpPriceDigits("0815")).toBe(3);
    expect(lrpPriceDigits("0801", "options")).toBe(4);
    expect(lgmInputPriceDigits("liveCattle")).toBe(3);
    expect(lgmInputPriceDigits("corn")).toBe(4);
    expect(lgmInputPriceDigits("soybeanMeal")).toBe(2);
    expect(lgmInputPriceDigits("classIIIMilk")).toBe(2);
  });
  it("fails for a commodity without digits or not in the catalogue", () => {
    expect(() => priceDigits(99)).toThrow("no commodity 99");
    expect(() => priceDigits(7)).toThrow("no price digits for Sorghum");
  });
});

describe("numbers and dollars", () => {
  it("rounds half up exactly and groups thousands", () => {
    expect(formatNumber(0.125, 2)).toBe("0.13");
    expect(formatNumber(1.005, 2)).toBe("1.01");
    expect(formatNumber(1234567.5, 0)).toBe("1,234,568");
    expect(formatNumber(245.375, 2, 3)).toBe("245.375");
    expect(formatNumber(245.5, 2, 3)).toBe("245.50");
    expect(formatNumber(-12.5, 2)).toBe("\u221212.50");
    expect(formatNumber(-0.001, 2)).toBe("0.00");
  });
  it("formats dollars whole, with cents, and prices with commodity digits", () => {
    expect(formatDollars(1234.5)).toBe("$1,235");
    expect(formatDollars(1234.5, { cents: true })).toBe("$1,234.50");
    expect(formatDollars(-42, { cents: true })).toBe("\u2212$42.00");
    expect(formatPrice(2.3456, 4)).toBe("$2.3456");
    expect(formatPrice(245.37512, lrpPriceDigits("0801"))).toBe("$245.375");
    expect(formatPrice(245.3, lrpPriceDigits("0801"))).toBe("$245.30");
    expect(formatPrice(0.02, 4, 4)).toBe("$0.0200");
  });
  it("formats percents", () => {
    expect(formatPercent(0.95)).toBe("95%");
    expect(formatPercent(0.9512)).toBe("95.12%");
    expect(formatPercent(0.12345, 1)).toBe("12.3%");
  });
  it("parses what people type", () => {
    expect(parseTypedNumber("1,200")).toBe(1200);
    expect(parseTypedNumber(" 7.5 ")).toBe(7.5);
    expect(parseTypedNumber("$12")).toBe(12);
    expect(parseTypedNumber("-3")).toBe(-3);
    expect(parseTypedNumber("")).toBeNull();
    expect(parseTypedNumber("12a")).toBeNull();
    expect(parseTypedNumber("1.2.3")).toBeNull();
  });
  it("rejects non-finite numbers and bad ranges", () => {
    expect(() => formatNumber(Number.NaN, 2)).toThrow("not a finite number");
    expect(() => formatNumber(1, 3, 2)).toThrow("max (2) is below min (3)");
  });
});

describe("dates, months, weeks, durations", () => {
  it("formats dates and months", () => {
    expect(formatDate("2026-11-20")).toBe("Nov 20, 2026");
    expect(formatMonth("2027-03")).toBe("Mar 2027");
    expect(() => formatMonth("2027-13")).toThrow("not a month");
    expect(() => formatDate("20-11-2026")).toThrow("not a date");
  });
  it("formats weeks and months with their plural", () => {
    expect(formatWeeks(13)).toBe("13 weeks");
    expect(formatWeeks(1)).toBe("1 week");
    expect(formatMonths(11)).toBe("11 months");
    expect(formatMonths(1)).toBe("1 month");
  });
  it("formats durations coarsely", () => {
    expect(formatDuration(30_000)).toBe("less than a minute");
    expect(formatDuration(12 * 60_000)).toBe("12 min");
    expect(formatDuration((5 * 60 + 12) * 60_000)).toBe("5 h 12 min");
    expect(formatDuration(3 * 3_600_000)).toBe("3 h");
    expect(formatDuration((2 * 24 + 4) * 3_600_000 + 5 * 60_000)).toBe("2 d 4 h");
    expect(() => formatDuration(-1)).toThrow("not a duration");
  });
});
