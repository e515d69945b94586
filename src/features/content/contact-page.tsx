import { Card } from "../../components/ui/card";
import "./content.css";

export default function ContactPage() {
  return (
    <div className="prose">
      <p>Who to ask depends on the question.</p>
      <div className="content-grid">
        <Card>
          <h2>About a quote or your coverage</h2>
          <p>
            Ask your crop insurance agent. Agents see your coverages, policies and quotes in Rangeline and can
            change them with you. If you do not have an agent yet, start with “Apply for Coverage”.
          </p>
        </Card>
        <Card>
          <h2>About your account</h2>
          <p>
            Your agency's administrator invites users and sets their roles. If you cannot sign in or a screen
            is not available for your role, contact the agency that invited you.
          </p>
        </Card>
        <Card>
          <h2>About the insurance plans</h2>
          <p>
            LRP and LGM are federal crop insurance plans of the USDA Risk Management Agency (RMA). Policy
            documents, handbooks and the list of approved insurance providers are on{" "}
            <a href="https://www.rma.usda.gov/" rel="noopener noreferrer" target="_blank">
              rma.usda.gov
            </a>
            .
          </p>
        </Card>
        <Card>
          <h2>About a campaign message</h2>
          <p>
            Quote messages come from your agency. Every message has a link to stop receiving that campaign;
            your agent can also remove you from it.
          </p>
        </Card>
      </div>
    </div>
  );
}
