import { PLANNED } from "./descriptions";
import { NotBuiltYet } from "./not-built-yet";

/** /insurance/lgm and /insurance/lgm/quote — replace this module with the LGM quote screen. */
export default function LgmQuotePage() {
  return <NotBuiltYet>{PLANNED["lgm-quote"]}</NotBuiltYet>;
}
