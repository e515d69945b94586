import { FUTURES_ROOTS, isFuturesRoot } from "../contracts";
import type { FuturesSettlement } from "../snapshot";
import { type ColumnSpec, cellError, importError, readDelimited } from "./delimited";

// Our futures/options settlement CSV (README "Market data files"): comma-separated, header row,
//   Trade Date,Root,Contract Month,Settle,Implied Volatility
//   2026-11-20,LE,2026-12,229.450,0.1550
// Root: GF, LE, HE, ZC, ZM or DL. Contract Month YYYY-MM. Settle in the contract's quote unit in
// dollars ($/cwt livestock and milk, $/bu corn, $/short ton meal). Implied Volatility: at-the-money,
// annualised fraction; may be empty. Every row must carry the same trade date, the snapshot's as-of.

const COLUMNS = [
  { key: "tradeDate", header: "Trade Date", type: "date" },
  { key: "root", header: "Root", type: "text" },
  { key: "contractMonth", header: "Contract Month", type: "month" },
  { key: "settle", header: "Settle", type: "decimal" },
  { key: "impliedVolatility", header: "Implied Volatility", type: "decimal", optional: true },
] as const satisfies readonly ColumnSpec[];

export function importFuturesCsv(
  text: string,
  file = "futures.csv",
): { asOf: string; futures: FuturesSettlement[] } {
  const rows = readDelimited(text, file, ",", COLUMNS);
  if (rows.length === 0) throw importError(file, "line 2", "no settlements");
  const asOf = rows[0].values.tradeDate as string;
  const seen = new Set<string>();
  const futures = rows.map((row) => {
    const v = row.values;
    if (v.tradeDate !== asOf)
      throw cellError(file, row, "tradeDate", "Trade Date", `every row needs the same trade date (${asOf})`);
    const root = v.root as string;
    if (!isFuturesRoot(root))
      throw cellError(
        file,
        row,
        "root",
        "Root",
        `expected one of ${FUTURES_ROOTS.join(", ")}, found "${root}"`,
      );
    if (!((v.settle as number) > 0)) throw cellError(file, row, "settle", "Settle", "must be greater than 0");
    const vol = v.impliedVolatility as number | undefined;
    if (vol !== undefined && !(vol > 0 && vol <= 5))
      throw cellError(
        file,
        row,
        "impliedVolatility",
        "Implied Volatility",
        `expected an annualised fraction such as 0.18, found ${vol}`,
      );
    const key = `${root}:${v.contractMonth}`;
    if (seen.has(key))
      throw cellError(
        file,
        row,
        "contractMonth",
        "Contract Month",
        `${root} ${v.contractMonth} appears twice`,
      );
    seen.add(key);
    return {
      root,
      contractMonth: v.contractMonth as string,
      settle: v.settle as number,
      ...(vol !== undefined ? { impliedVolatility: vol } : {}),
    };
  });
  return { asOf, futures };
}
