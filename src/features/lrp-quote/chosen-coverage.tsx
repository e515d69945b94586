import Decimal from "decimal.js";
import type { ReactNode } from "react";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import { INSURANCE_PROVIDERS } from "../../../shared/catalogue/providers";
import { LRP_FUTURES } from "../../../shared/pricing/lrp/markets";
import type { LrpCoverageRow } from "../../../shared/pricing/lrp/quote";
import { describeRow } from "../../components/quote/columns";
import { Card } from "../../components/ui/card";
import { formatDate, formatDollars, formatMonth, formatPrice, lrpPriceDigits } from "../../lib/format";

// The chosen row in words, and the CME put beside it.

export function ChosenCoverage({
  row,
  commodity,
  head,
  providerId,
  children,
}: {
  row: LrpCoverageRow;
  commodity: LrpCommodityCode;
  head: number;
  providerId: string;
  /** What acts on the chosen row, at the card's foot (Save to watchlist). */
  children?: ReactNode;
}) {
  const digits = lrpPriceDigits(commodity);
  const floor = new Decimal(row.coveragePricePerCwt).minus(row.producerPremiumPerCwt);
  const provider = INSURANCE_PROVIDERS.find((p) => p.id === providerId)?.name ?? "ProAg";
  const root = LRP_FUTURES[commodity].root;
  return (
    <Card aria-labelledby="chosen-title" data-testid="chosen-coverage">
      <h2 id="chosen-title">
        Chosen: {describeRow(row)}
        {row.indicative ? <span className="badge badge--info"> indicative</span> : null}
      </h2>
      <p className="note no-print">
        <a href="#lrp-table-title">Every offer is in the coverage table below</a>: choose a row there to see
        it here.
      </p>
      <div className="split">
        <div>
          <h3>LRP endorsement</h3>
          <dl className="figures">
            <div>
              <dt>Producer Premium</dt>
              <dd>{formatDollars(row.producerPremium)}</dd>
            </div>
            <div>
              <dt>Producer Premium (/cwt)</dt>
              <dd>{formatPrice(row.producerPremiumPerCwt, 4)}</dd>
            </div>
            <div>
              <dt>Producer Premium (/head)</dt>
              <dd>{formatPrice(row.producerPremiumPerHead, 2)}</dd>
            </div>
            <div>
              <dt>Coverage Price (/cwt)</dt>
              <dd>{formatPrice(row.coveragePricePerCwt, digits)}</dd>
            </div>
            <div>
              <dt>Net price floor (/cwt)</dt>
              <dd data-testid="net-floor">{formatPrice(floor, 4)}</dd>
            </div>
            <div>
              <dt>End Date</dt>
              <dd>{formatDate(row.endDate)}</dd>
            </div>
          </dl>
          <p className="note">
            For {head.toLocaleString("en-US")} head through {provider}; premium is billed after the
            endorsement ends. Net price floor = coverage price − producer premium per cwt.
          </p>
        </div>
        <div>
          <h3>CME put, side by side</h3>
          <dl className="figures">
            <div>
              <dt>Futures Contract Month</dt>
              <dd>
                {root} {formatMonth(row.futuresContractMonth)}
              </dd>
            </div>
            <div>
              <dt>CME Put Strike</dt>
              <dd>{row.cmePutStrike === null ? "—" : formatPrice(row.cmePutStrike, digits)}</dd>
            </div>
            <div>
              <dt>CME Put Premium (/cwt)</dt>
              <dd>
                {row.cmePutPremiumPerCwt === null
                  ? "not available"
                  : formatPrice(row.cmePutPremiumPerCwt, lrpPriceDigits(commodity, "options"))}
              </dd>
            </div>
          </dl>
          <p className="note">
            LRP settles on a cash index; a put settles on futures. The put has no subsidy and is paid up
            front.
            {commodity === "0815" ? " Swine: the strike is in lean-hog terms (live ÷ 0.74)." : ""}
          </p>
        </div>
      </div>
      {children}
    </Card>
  );
}
