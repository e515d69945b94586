import Decimal from "decimal.js";
import { getLgmCommodity, type LgmCommodityCode } from "./livestock";

// Spec §9 "Head-count steps": the LGM deductible choices (DOMAIN.md: dollars per head for cattle and
// swine, dollars per cwt of milk for dairy). Cattle 0 to 150 by 10 (16 values); swine 0 to 20 by 2
// (11 values); dairy cattle 0 to 2.0 by 0.1 (21 values). Decimal strings in canonical form
// ("0", "0.1", ..., "1", "1.1", ..., "2"), computed exactly with decimal.js.

const steps = (to: string, by: string): readonly string[] => {
  const out: string[] = [];
  for (let v = new Decimal(0); v.lte(to); v = v.plus(by)) out.push(v.toString());
  return Object.freeze(out);
};

export const LGM_DEDUCTIBLE_STEPS: Readonly<Record<LgmCommodityCode, readonly string[]>> = {
  "0803": steps("150", "10"),
  "0815": steps("20", "2"),
  "0847": steps("2.0", "0.1"),
};

/** Throws `Invalid commodity code: {code}` for anything but 0803, 0815, 0847. */
export function lgmDeductibleSteps(commodityCode: string): readonly string[] {
  return LGM_DEDUCTIBLE_STEPS[getLgmCommodity(commodityCode).code];
}
