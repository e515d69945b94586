import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import "./home.css";

/** The landing page: what Rangeline quotes, for whom, and how quoting works. */
export default function HomePage() {
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-hero">
        <h2 id="home-hero" className="home__hero-title">
          Livestock price insurance, quoted where you work
        </h2>
        <p className="home__lead">
          Rangeline quotes the two federal livestock insurance plans — Livestock Risk Protection (LRP) and
          Livestock Gross Margin (LGM) — on your phone or computer, in the sale barn or the pickup, with or
          without a signal.
        </p>
        <div className="home__actions">
          <ButtonLink to="/insurance/lrp-quote">Quote LRP</ButtonLink>
          <ButtonLink to="/insurance/lgm" variant="secondary">
            Quote LGM
          </ButtonLink>
        </div>
      </section>

      <div className="home__plans">
        <Card aria-labelledby="home-lrp">
          <h2 id="home-lrp">Livestock Risk Protection (LRP)</h2>
          <p>
            LRP (plan 81) protects against a fall in the market price of <strong>feeder cattle</strong>,{" "}
            <strong>fed cattle</strong> and <strong>swine</strong>. You pick how long the coverage runs and
            how much of the expected price to protect; if the market ends below your coverage price, the
            endorsement pays the difference.
          </p>
          <ul>
            <li>
              Endorsement lengths of 13, 17, 21, 26, 30, 34, 39, 43, 47 and 52 weeks, as RMA offers them.
            </li>
            <li>Coverage levels from about 70 % to 100 % of the expected ending value, published daily.</li>
            <li>
              Premium subsidy of 35 % to 55 % depending on the coverage level; beginning and veteran farmers
              and ranchers get more.
            </li>
            <li>Up to 12,000 head of cattle or 70,000 swine per endorsement.</li>
            <li>The premium is billed after the endorsement ends.</li>
          </ul>
        </Card>
        <Card aria-labelledby="home-lgm">
          <h2 id="home-lgm">Livestock Gross Margin (LGM)</h2>
          <p>
            LGM (plan 82) protects the <strong>gross margin</strong>: the market value of your livestock minus
            the cost of feed (corn and soybean meal). It covers <strong>cattle</strong>,{" "}
            <strong>swine</strong> and <strong>dairy cattle</strong> (Class III milk), and pays when the
            actual margin over the months you market ends below the guarantee.
          </p>
          <ul>
            <li>
              An insurance period of 11 months for cattle and dairy, 6 months for swine, with target
              marketings month by month.
            </li>
            <li>
              You choose a deductible (cattle $0–150, swine $0–20 per head, dairy $0–2.00 per cwt); the higher
              the deductible, the larger the subsidy, from 18 % up to 50 %.
            </li>
            <li>Sold weekly.</li>
          </ul>
        </Card>
      </div>

      <Card aria-labelledby="home-who">
        <h2 id="home-who">Who Rangeline is for</h2>
        <dl className="home__who">
          <dt>Producers</dt>
          <dd>
            Cattle, hog and dairy operations that want to see what price protection costs today, follow it on
            a watchlist and keep their coverages in one place.
          </dd>
          <dt>Crop insurance agents</dt>
          <dd>
            Agents who quote for their customers, keep their book of business (customers, entities, policies,
            coverages and claims) and send scheduled quotes by e-mail or text message.
          </dd>
          <dt>Agencies and partners</dt>
          <dd>
            Administrators who manage their organisation's settings and users, and partners who use the API.
          </dd>
        </dl>
      </Card>

      <Card aria-labelledby="home-how">
        <h2 id="home-how">How quoting works</h2>
        <ol className="home__steps">
          <li>
            <strong>Market data on your device.</strong> Rangeline keeps the latest market snapshot — futures
            settlements, option volatilities and RMA's published rates — on your device. Every figure says
            which date it comes from.
          </li>
          <li>
            <strong>Describe the livestock.</strong> Pick the plan, the commodity and type, the number of head
            and their target weight, or for LGM your target marketings by month.
          </li>
          <li>
            <strong>Compare.</strong> See every endorsement length and coverage level (LRP) or deductible
            (LGM) side by side: coverage price, premium, subsidy and what you pay per cwt and per head.
          </li>
          <li>
            <strong>Talk to your agent.</strong> Coverage is bought through a licensed crop insurance agent.
            LRP can be bought after RMA posts the day's rates (about 3:30 pm Central) until 8:25 am Central
            the next morning.
          </li>
        </ol>
        <p>
          Quotes are calculated on your device, so they work offline; they are estimates for planning, and the
          insurance provider's figures are the ones that count.
        </p>
      </Card>
    </div>
  );
}
