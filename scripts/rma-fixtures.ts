// Writes the LGM and A00620 fixtures (shared/market/fixtures/) from their figures
// (shared/market/fixtures/lgm-figures.ts, ours) in RMA's own record layout (shared/market/layouts/, from
// RMA's A00010 rows). No real LGM or A00620 file was found (../shared/rma/README.md), so these are built,
// not cut: the shape is RMA's, the figures are not. The fixtures are for sales date 2026-11-20
// (reinsurance year 2027); the layout data ends with RY2025, so they are written in RY2025's last
// layout version (A00600 and A00610 version 51, A00620 version 49). Run from the repository root:
//   npx tsx scripts/rma-fixtures.ts
import { writeFileSync } from "node:fs";
import { reinsuranceYear } from "../shared/book/crop-year";
import { fixtureLayout, fixtureText } from "../shared/market/fixtures/layout-files";

const dir = new URL("../shared/market/fixtures/", import.meta.url);
for (const member of ["A00600", "A00610", "A00620"] as const) {
  const { name, text } = fixtureText(member);
  writeFileSync(new URL(name, dir), text);
  const layout = fixtureLayout(member);
  console.log(
    `${name}: RY${layout.reinsuranceYear} layout version ${layout.version}, data RY${reinsuranceYear("2026-11-20")}, ${text.split("\r\n").length - 2} rows`,
  );
}
