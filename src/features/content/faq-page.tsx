import { Accordion, type AccordionItem } from "../../components/ui/accordion";
import "./content.css";

const QUESTIONS: AccordionItem[] = [
  {
    value: "lrp-vs-lgm",
    title: "What is the difference between LRP and LGM?",
    content: (
      <>
        <p>
          Livestock Risk Protection (LRP) insures a price: it pays when the market price of feeder cattle, fed
          cattle or swine at the end of the endorsement is below the coverage price you chose.
        </p>
        <p>
          Livestock Gross Margin (LGM) insures a margin: the value of your cattle, hogs or milk minus the cost
          of corn and soybean meal to produce them. It pays when that margin, over the months you market, ends
          below your guarantee.
        </p>
      </>
    ),
  },
  {
    value: "what-can-be-insured",
    title: "Which livestock can I insure?",
    content: (
      <ul>
        <li>
          LRP: Feeder Cattle (0801), Fed Cattle (0802) and Swine (0815), each with its types and weights.
        </li>
        <li>
          LGM: Cattle (0803) — calf finishing and yearling finishing; Swine (0815) — farrow to finish,
          finishing and SEW pig finishing; Dairy Cattle (0847).
        </li>
      </ul>
    ),
  },
  {
    value: "lengths-levels",
    title: "How long does LRP coverage last and how much can I cover?",
    content: (
      <p>
        Endorsements run 13, 17, 21, 26, 30, 34, 39, 43, 47 or 52 weeks; not every length is offered every day
        or for every type. RMA publishes coverage levels each day, roughly 70 % to 100 % of the expected
        ending value. One endorsement covers up to 12,000 head of feeder or fed cattle or 70,000 swine; in a
        crop year the limits are 25,000 cattle and 750,000 swine.
      </p>
    ),
  },
  {
    value: "subsidy",
    title: "How much of the premium does the government pay?",
    content: (
      <>
        <p>For LRP the subsidy depends on the coverage level:</p>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Coverage level</th>
                <th scope="col">Subsidy</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>70 % to under 80 %</td>
                <td>55 %</td>
              </tr>
              <tr>
                <td>80 % to under 85 %</td>
                <td>50 %</td>
              </tr>
              <tr>
                <td>85 % to under 90 %</td>
                <td>45 %</td>
              </tr>
              <tr>
                <td>90 % to under 95 %</td>
                <td>40 %</td>
              </tr>
              <tr>
                <td>95 % to 100 %</td>
                <td>35 %</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          For LGM it rises with the deductible, from 18 % with no deductible to 50 % (cattle from $70, swine
          from $12 per head, dairy from $1.10 per cwt). There is no LGM subsidy when all target marketings
          fall in one month. Beginning and veteran farmers and ranchers receive additional subsidy on both
          plans.
        </p>
      </>
    ),
  },
  {
    value: "when-to-buy",
    title: "When can I buy?",
    content: (
      <p>
        LRP is sold each business day after RMA posts the rates, about 3:30 pm Central, until 8:25 am Central
        the next morning. There are no cattle sales on Cattle on Feed report days and no swine sales on Hogs
        and Pigs report days. LGM is sold weekly.
      </p>
    ),
  },
  {
    value: "when-to-pay",
    title: "When do I pay the premium?",
    content: (
      <p>LRP premium is billed after the endorsement ends. Your agent and insurance provider bill you.</p>
    ),
  },
  {
    value: "how-paid",
    title: "How is an LRP indemnity worked out?",
    content: (
      <p>
        At the end date the actual ending value is compared with your coverage price: the CME Feeder Cattle
        Index for feeder cattle, the five-area weekly weighted average direct slaughter steer price for fed
        cattle and the CME Lean Hog Index for swine. If the actual value is lower, the difference per cwt is
        paid on the head and weight insured.
      </p>
    ),
  },
  {
    value: "buy-here",
    title: "Can I buy coverage in Rangeline?",
    content: (
      <p>
        Rangeline quotes and keeps records; coverage is bought through a licensed crop insurance agent with an
        approved insurance provider. Use “Apply for Coverage” to start an application with your agent.
      </p>
    ),
  },
  {
    value: "offline",
    title: "Does it work without a signal?",
    content: (
      <p>
        Yes. Install Rangeline from your browser (“Add to Home screen” or “Install app”). The app, the last
        market snapshot and your data stay on the device; quotes are calculated there. Changes you make
        offline are sent when you are back online, and each quote shows the date of the market data it used.
      </p>
    ),
  },
  {
    value: "accuracy",
    title: "Are the quotes exact?",
    content: (
      <p>
        Where RMA has published a rate for the day, Rangeline uses it and rounds premiums the way RMA does.
        Where no published rate exists — for a what-if — the rate is modelled and labelled “indicative”.
        Always confirm a quote with your agent before you buy.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <div className="prose">
      <p>Answers to the questions producers ask most about LRP, LGM and Rangeline.</p>
      <Accordion items={QUESTIONS} />
    </div>
  );
}
