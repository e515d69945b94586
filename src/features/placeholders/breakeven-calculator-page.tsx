import { PLANNED } from "./descriptions";
import { NotBuiltYet } from "./not-built-yet";

/** /breakeven-calculator — replace this module with the breakeven calculator. */
export default function BreakevenCalculatorPage() {
  return <NotBuiltYet>{PLANNED["breakeven-calculator"]}</NotBuiltYet>;
}
