import type { LgmCommodityCode } from "../../catalogue";
import { type Money, money } from "../money";

// LGM subsidy by deductible (DOMAIN.md), per commodity: the percent for the highest step at or below
// the deductible. Deductibles in dollars per head (cattle, swine) or per cwt of milk (dairy).

type Ladder = readonly { from: string; percent: string }[];

export const LGM_SUBSIDY_LADDERS: Readonly<Record<LgmCommodityCode, Ladder>> = {
  "0803": [
    { from: "0", percent: "18" },
    { from: "10", percent: "20" },
    { from: "20", percent: "23" },
    { from: "30", percent: "27" },
    { from: "40", percent: "31" },
    { from: "50", percent: "36" },
    { from: "60", percent: "43" },
    { from: "70", percent: "50" },
  ],
  "0815": [
    { from: "0", percent: "18" },
    { from: "2", percent: "21" },
    { from: "4", percent: "25" },
    { from: "6", percent: "30" },
    { from: "8", percent: "37" },
    { from: "10", percent: "47" },
    { from: "12", percent: "50" },
  ],
  "0847": [
    { from: "0", percent: "18" },
    { from: "0.1", percent: "19" },
    { from: "0.2", percent: "21" },
    { from: "0.3", percent: "23" },
    { from: "0.4", percent: "25" },
    { from: "0.5", percent: "28" },
    { from: "0.6", percent: "31" },
    { from: "0.7", percent: "34" },
    { from: "0.8", percent: "38" },
    { from: "0.9", percent: "43" },
    { from: "1.0", percent: "48" },
    { from: "1.1", percent: "50" },
  ],
};

export function lgmSubsidyPercent(
  commodityCode: LgmCommodityCode,
  deductible: Money | number | string,
): Money {
  const d = money(deductible);
  let percent = "0";
  for (const step of LGM_SUBSIDY_LADDERS[commodityCode]) if (d.gte(step.from)) percent = step.percent;
  return money(percent);
}
