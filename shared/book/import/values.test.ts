import { describe, expect, it } from "vitest";
import {
  entityTypeOfName,
  readCommodity,
  readCropYear,
  readDate,
  readDecimal,
  readEntityType,
  readFraction,
  readInteger,
  readPlan,
  readProvider,
  readState,
  readTaxId,
  readType,
  readWeightCwt,
} from "./values";

const value = <T>(read: { ok: boolean; value?: T }) => (read.ok ? read.value : undefined);

describe("[READ1] what agencies write is understood", () => {
  it.each([
    ["Rain & Hail", "rh"],
    ["Rain and Hail LLC", "rh"],
    ["NAU", "nau"],
    ["NAU Country Ins. Co.", "nau"],
    ["nau country insurance company", "nau"],
    ["Farmers Mutual Hail", "fmh"],
    ["FMH", "fmh"],
    ["Producers Agriculture Insurance Company", "proAg"],
    ["RH", "rh"],
  ])("provider %j is %s", (text, id) => expect(value(readProvider(text))).toBe(id));

  it.each([
    ["Nebr.", "NE"],
    ["Neb", "NE"],
    ["Iowa", "IA"],
    ["ia", "IA"],
    ["N. Dak.", "ND"],
    ["31", "NE"],
    ["South Dakota", "SD"],
    ["W. Va.", "WV"],
  ])("state %j is %s", (text, code) => expect(value(readState(text))).toBe(code));

  it.each([
    ["FC", "0801"],
    ["Feeders", "0801"],
    ["801", "0801"],
    ["Hogs", "0815"],
    ["Live Cattle", "0802"],
    ["Fats", "0802"],
    ["Dairy", "0847"],
  ])("commodity %j is %s", (text, code) => expect(value(readCommodity(text))).toBe(code));

  it.each([
    ["Steers Wt 1", "0801", "809"],
    ["Steers <600 lbs", "0801", "809"],
    ["Steers < 600", "0801", "809"],
    ["Str W2", "0801", "810"],
    ["Steers 600-1000 lbs", "0801", "810"],
    ["Heifers Weight 2", "0801", "812"],
    ["HW1", "0801", "811"],
    ["Light Heifers", "0801", "811"],
    ["Steers Weight 1", undefined, "809"],
    ["Steers", "0802", "820"],
    ["Steers & Heifers", "0802", "820"],
    ["Unborn Steers and Heifers", "0801", "817"],
    ["Hogs", "0815", "997"],
    ["Farrow to Finish", "0815", "804"],
    ["Yearlings", "0803", "808"],
    ["0809", "0801", "809"],
  ])("type %j of %s is %s", (text, commodity, code) => expect(value(readType(text, commodity))).toBe(code));

  it.each([
    ["Individual", "I"],
    ["individuals", "I"],
    ["LLC", "Y"],
    ["L.L.C.", "Y"],
    ["Corp", "C"],
    ["Husband & Wife", "S"],
    ["Dale & Karen", "S"],
    ["Partnership", "P"],
    ["Y", "Y"],
  ])("entity type %j is %s", (text, code) => expect(value(readEntityType(text))).toBe(code));

  it.each([
    ["LRP", "lrp"],
    ["81", "lrp"],
    ["Livestock Risk Protection - Feeder", "lrp"],
    ["lgm", "lgm"],
    ["82", "lgm"],
  ])("plan %j is %s", (text, plan) => expect(value(readPlan(text))).toBe(plan));

  it.each([
    ["550 lbs", "5.5"],
    ["5.5 cwt", "5.5"],
    ["5.5", "5.5"],
    ["8.25", "8.25"],
  ])("target weight %j is %s cwt", (text, cwt) => expect(value(readWeightCwt(text))).toBe(cwt));

  it("reads a bare weight of 50 or more as pounds, with a note", () => {
    expect(readWeightCwt("550")).toEqual({
      ok: true,
      value: "5.5",
      note: '"550" is read as 550 lbs, 5.5 cwt',
    });
  });

  it.each([
    ["$ 37 ", "37"],
    ["$1,234.50", "1234.50"],
    ["(12.50)", "-12.50"],
    ["37 /cwt", "37"],
    [".85", "0.85"],
  ])("amount %j is %s", (text, amount) => expect(value(readDecimal(text))).toBe(amount));

  it.each([
    [".85", 0.85],
    ["95%", 0.95],
    ["92.5 %", 0.925],
    ["90", 0.9],
    ["0.9995", 0.9995],
  ])("level %j is %s", (text, level) => expect(value(readFraction(text))).toBe(level));

  it.each([
    ["1,250 hd", 1250],
    ["120 head", 120],
    ["1 250", 1250],
  ])("head %j is %s", (text, n) => expect(value(readInteger(text))).toBe(n));

  it.each([
    ["Mar 9, 2027", "2027-03-09"],
    ["March 9 2027", "2027-03-09"],
    ["Sept 30, 2026", "2026-09-30"],
    ["04/30/2026", "2026-04-30"],
    ["4/30/26", "2026-04-30"],
    ["9-Mar-2027", "2027-03-09"],
    ["2027-03-09", "2027-03-09"],
    ["4/30/2026 0:00", "2026-04-30"],
    ["Tue, Mar 9, 2027", "2027-03-09"],
  ])("date %j is %s", (text, iso) => expect(value(readDate(text))).toBe(iso));

  it.each([
    ["2027", 2027],
    ["CY2027", 2027],
    ["CY 27", 2027],
    ["Crop Year 2027", 2027],
  ])("crop year %j is %s", (text, year) => expect(value(readCropYear(text))).toBe(year));

  it("refuses what is not a date, a month or a year", () => {
    expect(readDate("Feb 30, 2027").ok).toBe(false);
    expect(readDate("Smarch 3, 2027").ok).toBe(false);
    expect(readCropYear("CY1998").ok).toBe(false);
    expect(readFraction("150 %").ok).toBe(false);
    expect(readInteger("5 %").ok).toBe(false);
    expect(readDecimal("1.234,50").ok).toBe(false);
  });
});

describe("[READ2] a value that could mean two things is asked once, with its candidates", () => {
  it("a bare animal names no weight class", () => {
    const read = readType("Steers", "0801");
    expect(read.ok).toBe(false);
    expect(!read.ok && read.ambiguous?.candidates).toEqual([
      { value: "809", label: "Steers Weight 1 (Steers <600 lbs)" },
      { value: "810", label: "Steers Weight 2 (Steers 600-1000 lbs)" },
    ]);
    expect(!read.ok && read.message).toBe(
      '"Steers" could be Steers Weight 1 (Steers <600 lbs) or Steers Weight 2 (Steers 600-1000 lbs): choose one for the file',
    );
  });

  it("a trust is revocable or irrevocable", () => {
    const read = readEntityType("Trust");
    expect(!read.ok && read.ambiguous?.candidates.map((c) => c.value)).toEqual(["R", "T"]);
  });
});

describe("[TAXMASK1] a masked tax id is no tax id given, never a refusal", () => {
  it.each(["xxx-xx-4471", "XXX-XX-4471", "***-**-4471", "XXXXX4471", "•••-••-4471", "xx-xxx4471"])(
    "%j",
    (text) => {
      const read = readTaxId(text);
      expect(read).toEqual({
        ok: true,
        value: null,
        note: "the tax id is masked, so it is read as not given: add the full one on the entity",
      });
    },
  );
  it("a real one is still read, a short one still refused", () => {
    expect(value(readTaxId("123-45-6789"))).toEqual({ digits: "123456789", type: 1 });
    expect(readTaxId("4471").ok).toBe(false);
  });
});

describe("[MSG1] messages in the agent's words", () => {
  it("a type is refused with RMA's names of the commodity's types, no codes", () => {
    const read = readType("Steers Wt 9", "0801");
    expect(!read.ok && read.message).toBe(
      '"Steers Wt 9" is not a Feeder Cattle type: Steers Weight 1, Steers Weight 2, Heifers Weight 1, Heifers Weight 2, Brahman Weight 1, Brahman Weight 2, Dairy Weight 1, Dairy Weight 2, Unborn Steers & Heifers, Unborn Brahman, Unborn Dairy or Unborn Calves',
    );
  });
  it("an entity type is refused with the list it takes, never contradicting itself", () => {
    const read = readEntityType("Cooperative");
    expect(!read.ok && read.message).toMatch(
      /^"Cooperative" is not an entity type: Public Schools \(A\), .*Individuals \(I\)/,
    );
    expect(readEntityType("Individual").ok).toBe(true);
  });
});

describe("[READ1] the entity type a name says", () => {
  it.each([
    ["Miller Cattle LLC", "Y"],
    ["Sandhills Feeders, Inc.", "C"],
    ["Dale & Karen Miller", "S"],
    ["Robert Johnson", "I"],
    ["Johnson, Robert", "I"],
    ["Estate of Ida Berg", "D"],
    ["Berg Family Revocable Trust", "R"],
  ])("%j is %s", (name, code) => expect(value(entityTypeOfName(name) ?? { ok: false })).toBe(code));
  it.each(["Miller Ranch", "Double K Cattle", "Berg Trust"])("%j says no single type", (name) => {
    expect(entityTypeOfName(name)?.ok ?? false).toBe(false);
  });
});
