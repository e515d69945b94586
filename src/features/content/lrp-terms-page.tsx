import { Link } from "react-router";
import "./content.css";

/** Terms specific to Livestock Risk Protection quotes. */
export default function LrpTermsPage() {
  return (
    <div className="prose">
      <p>
        These terms add to the general <Link to="/terms-and-conditions">Terms and Conditions</Link> for quotes
        of Livestock Risk Protection (LRP, plan 81).
      </p>

      <h2>1. Source of the figures</h2>
      <p>
        LRP quotes use the expected ending values, coverage prices, rates and price adjustment factors that
        the USDA Risk Management Agency (RMA) publishes for each sales day. Each quote shows the date of that
        data. Where RMA has not published a rate for the choice you made, Rangeline models one from option
        prices and labels the result “indicative”; an indicative figure is not what you would pay.
      </p>

      <h2>2. How a quote is worked out</h2>
      <ul>
        <li>
          Insured value = head × target weight (cwt) × coverage price × price adjustment factor × share.
        </li>
        <li>Total premium = insured value × rate; the subsidy is a share of it set by the coverage level.</li>
        <li>Producer premium = total premium − subsidy, in whole dollars as in RMA's examples.</li>
      </ul>

      <h2>3. Buying and paying</h2>
      <ul>
        <li>
          An endorsement can be bought only while sales are open: after RMA posts the day's rates (about 3:30
          pm Central) until 8:25 am Central the next morning, and not on Cattle on Feed (cattle) or Hogs and
          Pigs (swine) report days.
        </li>
        <li>
          Only your insurance provider can accept an endorsement. A quote in Rangeline reserves nothing.
        </li>
        <li>The premium is billed after the endorsement ends.</li>
        <li>
          One endorsement covers at most 12,000 head of feeder or fed cattle or 70,000 swine; the crop-year
          limits are 25,000 cattle and 750,000 swine.
        </li>
      </ul>

      <h2>4. The CME put comparison</h2>
      <p>
        Next to an LRP quote Rangeline may show a CME put option on the matching futures contract for
        comparison. LRP settles on a cash index, the put on futures, so the two can pay differently. The
        comparison is information only, not advice to trade.
      </p>
    </div>
  );
}
