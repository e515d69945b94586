import { Link } from "react-router";
import { useAgency } from "../../components/org-providers/use-agency";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { AgencyLine } from "./agency-line";
import { OutboxStatus } from "./outbox-status";
import { useApplyOrg } from "./use-apply-org";
import { useOutbox } from "./use-outbox";
import "./apply.css";

/** /insurance/apply — what an application is, who may apply, what to have at hand; the two forms. */
export default function ApplyPage() {
  const org = useApplyOrg();
  const outbox = useOutbox();
  const agency = useAgency(org);
  const q = `?org=${encodeURIComponent(org)}`;
  return (
    <div className="apply-start" data-testid="apply-start">
      <OutboxStatus items={outbox} />
      <AgencyLine orgId={org} agency={agency} />
      <p>
        An application asks your insurance agency to write livestock coverage for you with an insurance
        provider: Livestock Risk Protection (LRP), which protects against a fall in cattle or hog prices,
        and/or Livestock Gross Margin (LGM), which protects the margin between livestock prices and feed
        costs. Once your agency accepts it, your agent sets up your policy and you can buy coverage.
      </p>
      <h2>Who may apply</h2>
      <p>
        Any producer of cattle or swine in the United States: a person in their own name, or a business (a
        corporation, partnership, LLC, trust, estate and so on). You do not need an account. Someone who holds
        a power of attorney may apply for you.
      </p>
      <h2>What to have at hand</h2>
      <ul>
        <li>
          Your tax id: the SSN for a person, the EIN for a business (or the id RMA or the Bureau of Indian
          Affairs gave you).
        </li>
        <li>Date of birth, and your spouse's name if you are married.</li>
        <li>
          For a business: its legal name and type, and everyone owning 10 % or more, with their share and tax
          id.
        </li>
        <li>Your address with its county, a phone number and an e-mail address.</li>
        <li>If you are a beginning or veteran farmer or rancher: the year you started.</li>
      </ul>
      <p>
        The form works without a signal: what you type is kept on this phone, and a finished application is
        sent as soon as you are online again.
      </p>
      <div className="apply-start__doors">
        <Card>
          <h2>Apply as a person</h2>
          <p>In your own name (a sole proprietor too).</p>
          <ButtonLink to={`/insurance/apply/individual${q}`}>Individual application</ButtonLink>
        </Card>
        <Card>
          <h2>Apply as a business</h2>
          <p>For a corporation, partnership, LLC, trust or other entity.</p>
          <ButtonLink to={`/insurance/apply/business${q}`}>Business application</ButtonLink>
        </Card>
      </div>
      <p className="apply__note">
        Questions first? See the <Link to="/faq">FAQ</Link> or <Link to="/contact-us">contact us</Link>.
      </p>
    </div>
  );
}
