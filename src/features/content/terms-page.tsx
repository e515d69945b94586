import { Link } from "react-router";
import "./content.css";

/** The general terms of use, in plain language. */
export default function TermsPage() {
  return (
    <div className="prose">
      <p>
        These terms apply to everyone who uses Rangeline. The terms for Livestock Risk Protection quotes are
        on the <Link to="/terms-and-conditions/lrp">LRP Terms and Conditions</Link> page.
      </p>

      <h2>1. What Rangeline is</h2>
      <p>
        Rangeline is a tool for quoting and record keeping. It is not an insurance company and does not sell,
        bind or change insurance. Coverage exists only when an approved insurance provider has accepted your
        application through a licensed agent, under the policy terms published by the USDA Risk Management
        Agency.
      </p>

      <h2>2. Quotes are estimates</h2>
      <p>
        Quotes are calculated from the market data stored on your device on the date shown with each quote.
        Prices, rates and availability change every day. A quote is not an offer of insurance; the premium,
        subsidy and coverage that count are those on the documents from your insurance provider.
      </p>

      <h2>3. Your account</h2>
      <ul>
        <li>Keep your sign-in to yourself; you are responsible for what is done with it.</li>
        <li>Your agency decides which roles you have and can remove your access.</li>
        <li>Signing out of Rangeline also signs you out of the other applications that share its sign-in.</li>
      </ul>

      <h2>4. Your data</h2>
      <ul>
        <li>
          Rangeline stores your records on your device so that it works offline, and on its servers so that
          they reach your other devices and, where you work with an agent, your agency.
        </li>
        <li>Agents of your agency can see and edit your customer records, coverages and applications.</li>
        <li>
          Anyone who can unlock your device can see what Rangeline stores on it. Sign out on shared devices.
        </li>
        <li>You can stop campaign messages at any time with the link in each message.</li>
      </ul>

      <h2>5. Fair use</h2>
      <p>
        Do not try to reach data that is not yours, disrupt the service or resell quotes. Partners use the API
        within the limits of their API keys.
      </p>

      <h2>6. Availability and changes</h2>
      <p>
        We aim to keep Rangeline available but cannot promise it will always be. The app updates itself; it
        asks before reloading. We may change these terms and will show the new terms here.
      </p>
    </div>
  );
}
