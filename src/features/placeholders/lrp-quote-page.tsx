import { PLANNED } from "./descriptions";
import { NotBuiltYet } from "./not-built-yet";

/** /insurance/lrp-quote — replace this module with the LRP quote screen. */
export default function LrpQuotePage() {
  return <NotBuiltYet>{PLANNED["lrp-quote"]}</NotBuiltYet>;
}
