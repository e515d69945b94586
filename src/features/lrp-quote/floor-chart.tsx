import { memo, Suspense } from "react";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import { LineChart } from "../../components/charts";
import { SERIES_COLOURS } from "../../components/charts/colours";
import { formatPercent, formatPrice, formatWeeks, lrpPriceDigits } from "../../lib/format";

// Net price floor (coverage price − producer premium per cwt) and the cost (producer premium per cwt)
// against coverage level, for one endorsement length.

export const FloorChart = memo(function FloorChart({
  rows,
  weeks,
  commodity,
}: {
  rows: readonly LrpCoverageRow[];
  weeks: number;
  commodity: LrpCommodityCode;
}) {
  const points = rows
    .filter((r) => r.endorsementLengthWeeks === weeks)
    .sort((a, b) => a.coverageLevel - b.coverageLevel);
  if (points.length === 0) return null;
  const digits = lrpPriceDigits(commodity);
  const floors = points.map((r) => Number((r.coveragePricePerCwt - r.producerPremiumPerCwt).toFixed(4)));
  const best = points[floors.indexOf(Math.max(...floors))];
  return (
    <Suspense fallback={<p className="note">Loading the chart…</p>}>
      <LineChart
        title={`Net price floor and cost by coverage level, ${formatWeeks(weeks)}`}
        summary={`${points.length} coverage levels from ${formatPercent(points[0].coverageLevel)} to ${formatPercent(
          points[points.length - 1].coverageLevel,
        )}; the highest net floor is at ${formatPercent(best.coverageLevel)}.`}
        x={points.map((r) => r.coverageLevel * 100)}
        xLabel="Coverage level (%)"
        xFormat={(v) => `${Math.round(v * 100) / 100}%`}
        yLabel="Net price floor ($/cwt)"
        yFormat={(v) => formatPrice(v, Math.min(digits, 2))}
        y2Label="Producer premium ($/cwt)"
        y2Format={(v) => formatPrice(v, 2)}
        series={[
          { label: "Net price floor ($/cwt)", values: floors, color: SERIES_COLOURS.primary },
          {
            label: "Producer premium ($/cwt)",
            values: points.map((r) => r.producerPremiumPerCwt),
            color: SERIES_COLOURS.info,
            dash: [6, 4],
            axis: "right",
          },
        ]}
      />
    </Suspense>
  );
});
