import { useParams } from "react-router";
import { LgmEndorsementCreate } from "./lgm-endorsement-create";
import { LgmEndorsementView } from "./lgm-endorsement-view";
import "../../components/quote/quote.css";
import "./coverages.css";

/**
 * /agent/coverages/lgm/{endorsementId}: one LGM endorsement; the id "create" is the screen that
 * creates one (the route table has no separate create route for LGM).
 */
export default function LgmEndorsementPage() {
  const { endorsementId = "" } = useParams();
  if (endorsementId === "create") return <LgmEndorsementCreate />;
  return <LgmEndorsementView key={endorsementId} endorsementId={endorsementId} />;
}
