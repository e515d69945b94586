import { DomainError } from "../../errors";
import { type MarketSnapshot, marketSnapshotSchema } from "../snapshot";
import { importFuturesCsv } from "./futures-csv";
import { importLgm } from "./lgm";
import { importLrpActualEndingValues } from "./lrp-actual-ending-value";
import { importLrpRates } from "./lrp-rate";

// All imports of one snapshot together: each file is read completely, then the snapshot is checked as
// a whole; only then is it returned. A bad file throws and nothing is kept.

export interface MarketFiles {
  futures?: { text: string; file: string };
  lrpRate?: { text: string; file: string };
  lrpActualEndingValue?: { text: string; file: string };
  lgmGrossMargin?: { text: string; file: string };
  lgmDraw?: { text: string; file: string };
}

export function importMarketFiles(
  files: MarketFiles,
  options: { label: string; asOf?: string; riskFreeRate?: number },
): MarketSnapshot {
  const futures = files.futures ? importFuturesCsv(files.futures.text, files.futures.file) : undefined;
  const lrpRates = files.lrpRate ? importLrpRates(files.lrpRate.text, files.lrpRate.file) : [];
  const actual = files.lrpActualEndingValue
    ? importLrpActualEndingValues(files.lrpActualEndingValue.text, files.lrpActualEndingValue.file)
    : [];
  if (files.lgmDraw && !files.lgmGrossMargin)
    throw new DomainError(
      "invalid-input",
      `${files.lgmDraw.file}: draws need the A00600_LgmGrossMargin file beside them`,
    );
  // RMA's older LGM layouts date their rows by the file's sales date (lgm.ts): the as-of date given.
  const lgm = files.lgmGrossMargin
    ? importLgm(files.lgmGrossMargin, files.lgmDraw, { salesDate: options.asOf })
    : [];
  const asOf =
    options.asOf ??
    futures?.asOf ??
    [...lrpRates.map((r) => r.salesEffectiveDate), ...lgm.map((s) => s.salesEffectiveDate)].sort().at(-1);
  if (!asOf) throw new DomainError("invalid-input", "no as-of date: give --as-of or a file with dates");
  const parsed = marketSnapshotSchema.safeParse({
    label: options.label,
    source: lrpRates.length > 0 || lgm.length > 0 ? "rma" : "imported",
    asOf,
    riskFreeRate: options.riskFreeRate ?? 0.04,
    futures: futures?.futures ?? [],
    lrpRates,
    lrpActualEndingValues: actual,
    lgm,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError("invalid-input", `market snapshot: ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}
