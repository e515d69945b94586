import { describe, expect, it } from "vitest";
import { backdatedCoverage } from "../../../shared/book/sce-backdated";
import { LGM_SCE, sampleLgmInput, sampleLrpInput, sampleSceRecord } from "../../../shared/book/sce-samples";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { deviceSceCheck, withDeviceCheck } from "./device-sce-check";
import { sceFieldOf, withoutPath } from "./sce-form";

// [SCE3] (rule SCE1) on the create forms (issue 40 §2): a back-dated endorsement typed from the SCE is judged before
// saving by the server's rule with the snapshot nearest its sales date among those the device holds; a
// figure outside RMA's bounds is refused at its field (naming the bound) and the form cannot save it.

const NEITHER = { farmerClassification: "Neither" };
const may13 = generateSampleSnapshot("2026-05-13");
const nov18 = generateSampleSnapshot("2026-11-18");
/** $3,000/cwt at a 0.1 % rate, sold 2026-05-12 (the market about $316): the probe, typed on the form. */
const probe = backdatedCoverage(sampleLrpInput({ salesDate: "2026-05-12" }), null, {
  coveragePrice: "3,000",
  rate: "0.001",
  totalPremium: "2,250",
  subsidy: "788",
});
if (!probe.ok) throw new Error(probe.message);

describe("[SCE3] the create forms' check of figures typed from the SCE", () => {
  it("refuses $3,000/cwt at the coverage price field with RMA's bounds, and the form's result is a refusal", () => {
    const check = deviceSceCheck(probe.record, NEITHER, [nov18, may13]);
    expect(check.status).toBe("outside");
    if (check.status !== "outside") return;
    expect(check.field).toBe("sce.coveragePrice");
    expect(sceFieldOf(check.field)).toBe("coveragePrice");
    // The nearest snapshot held (May 13, not the current Nov 18) is the reference, as on the server.
    expect(check.message).toMatch(
      /^\$3000\.00 per cwt is outside RMA's bounds for that type and day: \$\d+\.\d\d to \$\d+\.\d\d per cwt at coverage level 0\.95 \(RMA's offers of 2026-05-13 for Steers 600-1000 lbs, 26 weeks, widened for the 1 days from 2026-05-12\)$/,
    );
    const result = withDeviceCheck(probe, check);
    expect(result).toEqual({
      ok: false,
      code: "invalid-input",
      field: "sce.coveragePrice",
      message: check.message,
    });
    if (!result.ok) expect(withoutPath(result.message, result.field)).toBe(check.message);
  });

  it("takes figures inside the bounds and names the day they were checked against", () => {
    // 100 head × 7.5 cwt × $300 = $225,000 × 0.0312 = $7,020, 35 % subsidy $2,457 (the market about $316).
    const sce = { coveragePrice: "300", rate: "0.0312", totalPremium: "7,020", subsidy: "2,457" };
    const typed = backdatedCoverage(sampleLrpInput({ salesDate: "2026-05-12" }), null, sce);
    if (!typed.ok) throw new Error(typed.message);
    const { record } = typed;
    const check = deviceSceCheck(record, NEITHER, [nov18, may13]);
    expect(check).toEqual({ status: "inside", reference: "2026-05-13" });
    const made = { ok: true as const, record, figuresFrom: "sce" as const };
    expect(withDeviceCheck(made, check)).toBe(made);
  });

  it("where the device holds the sales day itself, judges the figures against that day's offer, as the server does", () => {
    const check = deviceSceCheck(sampleSceRecord("lrp"), NEITHER, [nov18, may13]);
    expect(check).toEqual({
      status: "outside",
      field: "coverageLevel",
      message:
        "the offers of 2026-05-13 for Steers 600-1000 lbs, 26 weeks have no row at coverage level 0.95 (offered: 0.7224 to 1)",
    });
  });

  it("with no snapshot on the device, says the server judges and does not block", () => {
    const check = deviceSceCheck(probe.record, NEITHER, [null, undefined]);
    expect(check).toEqual({ status: "server", why: "this device holds no market data near that day" });
    expect(withDeviceCheck(probe, check)).toBe(probe);
  });

  it("with a snapshot that holds no RMA offer of the type, says so and lets the server judge", () => {
    const none = { ...may13, lrpRates: may13.lrpRates.filter((r) => r.typeCode !== "810") };
    expect(deviceSceCheck(probe.record, NEITHER, [none])).toEqual({
      status: "server",
      why: "the market data of May 13, 2026 on this device has no RMA LRP figures for this type",
    });
  });

  it("LGM: an expected gross margin ten times the market's is refused at its field with the bound", () => {
    const tenfold = backdatedCoverage(sampleLgmInput(), null, {
      ...LGM_SCE,
      expectedGrossMargin: "300,000",
    });
    if (!tenfold.ok) throw new Error(tenfold.message);
    const check = deviceSceCheck(tenfold.record, NEITHER, [may13]);
    expect(check.status === "outside" && check.field).toBe("sce.expectedGrossMargin");
    expect(check.status === "outside" && check.message).toMatch(
      /^\$300000 is outside RMA's bounds for that type and day: -?\$\d+ to \$\d+ \(the engine's price of the same marketings and deductible on 2026-05-13 for Yearling Finishing, widened for the 62 days from 2026-03-12\)$/,
    );
    expect(deviceSceCheck(sampleSceRecord("lgm"), NEITHER, [may13])).toEqual({
      status: "inside",
      reference: "2026-05-13",
    });
  });
});
