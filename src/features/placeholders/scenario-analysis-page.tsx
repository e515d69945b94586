import { PLANNED } from "./descriptions";
import { NotBuiltYet } from "./not-built-yet";

/** /insurance/lgm/scenario-analysis — replace this module with the scenario analysis screen. */
export default function ScenarioAnalysisPage() {
  return <NotBuiltYet>{PLANNED["scenario-analysis"]}</NotBuiltYet>;
}
