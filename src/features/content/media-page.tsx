import { DEFAULT_COLOR_SCHEME } from "../../../shared/catalogue/app-defaults";
import { Card } from "../../components/ui/card";
import "./content.css";

const COLOUR_NAMES = {
  primary: "Primary",
  secondary: "Secondary",
  success: "Success",
  info: "Info",
  warning: "Warning",
  error: "Error",
} as const;

/** Material for press and partners: what Rangeline is, its logo and colours. */
export default function MediaPage() {
  return (
    <div className="prose">
      <Card>
        <h2>About Rangeline</h2>
        <p>
          Rangeline is a web app for US livestock producers and their crop insurance agents. It quotes the two
          federal livestock insurance plans, Livestock Risk Protection (LRP) and Livestock Gross Margin (LGM),
          with scenario analysis, a breakeven calculator and watchlists, and gives agents their book of
          business and scheduled quote campaigns.
        </p>
        <p>
          It is built for places with poor coverage: it installs from the browser, keeps the latest market
          data and the user's records on the device, calculates quotes there, and synchronises when a
          connection returns.
        </p>
      </Card>
      <Card>
        <h2>Logo</h2>
        <div className="media-logo">
          <img src="/icons/icon-192.png" alt="The Rangeline logo" width="96" height="96" />
          <ul>
            <li>
              <a href="/icons/icon-512.png" download>
                App icon, 512 × 512 PNG
              </a>
            </li>
            <li>
              <a href="/icons/mark.svg" download>
                Logo mark, SVG
              </a>
            </li>
          </ul>
        </div>
        <p>Please do not stretch, recolour or crop the logo.</p>
      </Card>
      <Card>
        <h2>Colours</h2>
        <p>The default colour scheme; agencies may use their own colours in the app.</p>
        <ul className="swatches">
          {(Object.keys(COLOUR_NAMES) as (keyof typeof COLOUR_NAMES)[]).map((key) => (
            <li key={key}>
              <span className="swatch" style={{ background: DEFAULT_COLOR_SCHEME[key] }} aria-hidden="true" />
              <span>
                {COLOUR_NAMES[key]}
                <br />
                <code>{DEFAULT_COLOR_SCHEME[key]}</code>
              </span>
            </li>
          ))}
        </ul>
        <p>Text is set in Roboto.</p>
      </Card>
    </div>
  );
}
