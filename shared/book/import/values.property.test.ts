import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MONTH_NAMES } from "../../dates-in-words";
import { readCropYear, readDate, readDecimal, readFraction, readInteger } from "./values";

// [READ1] Any way an agency formats a valid number, level, date or crop year reads back to the same value.

const grouped = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

describe("[READ1] value readers [property]", () => {
  it("a whole number with separators, units and spaces reads as itself", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.constantFrom("", ",", " "),
        fc.constantFrom("", " hd", " head", "hd", " lbs", ".0"),
        fc.constantFrom("", " ", "  "),
        (n, separator, unit, pad) => {
          const text = `${pad}${grouped(String(n), separator)}${unit}${pad}`;
          expect(readInteger(text)).toEqual({ ok: true, value: n });
        },
      ),
    );
  });

  it("an amount with a currency sign, separators, a unit or parentheses reads as the same decimal", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom("", ",", " "),
        fc.constantFrom("", "$", "$ ", "USD ", "US$"),
        fc.constantFrom("", " /cwt", " per cwt", " USD"),
        fc.boolean(),
        (units, places, separator, currency, unit, negative) => {
          const all = units.toString().padStart(places + 1, "0");
          const whole = all.slice(0, all.length - places) || "0";
          const fraction = places > 0 ? `.${all.slice(-places)}` : "";
          const written = `${currency}${grouped(whole, separator)}${fraction}${unit}`;
          const text = negative ? `(${written})` : written;
          const read = readDecimal(text);
          expect(read.ok).toBe(true);
          const want = new Decimal(`${whole}${fraction}`).times(negative ? -1 : 1);
          if (read.ok) expect(new Decimal(read.value).equals(want)).toBe(true);
        },
      ),
    );
  });

  it("a level or share as 0.95, .95, 95, 95 % or 95.00% reads as the same fraction", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 5 }), (basis, form) => {
        const fraction = new Decimal(basis).div(10_000);
        const percent = fraction.times(100);
        const texts = [
          fraction.toString(),
          fraction.toString().replace(/^0\./, "."),
          `${percent}%`,
          `${percent} %`,
          `${percent.toFixed(2)}%`,
          // A bare number over 1 is a percentage ("90" for a level); 1 and under are fractions.
          percent.gt(1) ? percent.toString() : fraction.toString(),
        ];
        const text = texts[form] as string;
        expect(readFraction(text)).toEqual({ ok: true, value: fraction.toNumber() });
      }),
    );
  });

  it("a date in the usual US forms, spelled months and ISO reads as the same day", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom("", " 0:00", " 12:00:00 AM", "T00:00:00"),
        (date, form, time) => {
          const iso = date.toISOString().slice(0, 10);
          const [y = "", mm = "", dd = ""] = iso.split("-");
          const m = Number(mm);
          const d = Number(dd);
          const name = MONTH_NAMES[m - 1] as string;
          const texts = [
            iso,
            `${y}/${mm}/${dd}`,
            `${m}/${d}/${y}`,
            `${mm}/${dd}/${y}`,
            `${m}/${d}/${y.slice(2)}`,
            `${mm}-${dd}-${y}`,
            `${name.slice(0, 3)} ${d}, ${y}`,
            `${name} ${d} ${y}`,
            `${d}-${name.slice(0, 3)}-${y}`,
            `${d} ${name} ${y}`,
            `${name.slice(0, 3)}. ${d}, ${y}`,
          ];
          const text = `${texts[form]}${form === 0 && time === "T00:00:00" ? time : time === "T00:00:00" ? "" : time}`;
          expect(readDate(text)).toEqual({ ok: true, value: iso });
        },
      ),
    );
  });

  it("a crop year as 2027, CY2027, CY 27 or Crop Year 2027 reads as the year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 0, max: 4 }), (year, form) => {
        const texts = [
          `${year}`,
          `CY${year}`,
          `CY ${year}`,
          `cy${String(year).slice(2)}`,
          `Crop Year ${year}`,
        ];
        expect(readCropYear(texts[form] as string)).toEqual({ ok: true, value: year });
      }),
    );
  });
});
