import type { BackdatedResult } from "../../../shared/book/sce-backdated";
import { figuresVerdict } from "../../../shared/book/sce-record";
import { figureMarketFrom } from "../../../shared/book/sce-reference";
import type { Coverage } from "../../../shared/documents/book";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { formatDate } from "../../lib/format";

// Rule SCE1 on the create forms (docs/agent-book.md "Bought on an earlier day", issue 40 §2): a back-dated
// endorsement typed from the SCE is judged on the device by the server's own rule (shared/book/sce-record.ts
// figuresVerdict) with the snapshot nearest its sales date among those the device holds
// (shared/book/sce-reference.ts, the server's choice): a figure outside RMA's bounds is said at its field
// and blocks saving; where no held snapshot can bound the figures, the form says the server judges them.

export type DeviceSceCheck =
  /** Inside RMA's bounds near `reference` (its date), or that day's offer itself. */
  | { status: "inside"; reference: string }
  /** Refused: `field` dotted as backdatedCoverage's ("sce.coveragePrice"), `message` without it. */
  | { status: "outside"; field: string; message: string }
  /** Nothing on the device bounds the figures: only their agreement is checked here. */
  | { status: "server"; why: string };

/** SCE1's verdict on a record built from the SCE, with the snapshots the device holds. */
export function deviceSceCheck(
  record: Coverage,
  profile: unknown,
  held: readonly (MarketSnapshot | null | undefined)[],
): DeviceSceCheck {
  const market = figureMarketFrom(record.salesDate, held);
  const verdict = figuresVerdict(record, profile, market);
  if (!verdict.ok) return { status: "outside", field: verdict.field, message: verdict.message };
  const reference = market.day ?? market.reference;
  if (verdict.judged !== "agreement" && reference) return { status: "inside", reference: reference.asOf };
  return {
    status: "server",
    why: reference
      ? `the market data of ${formatDate(reference.asOf)} on this device has no RMA ${record.plan.toUpperCase()} figures for this type`
      : "this device holds no market data near that day",
  };
}

/** backdatedCoverage's result with SCE1's device check: a refusal of the bounds makes it a refusal at the field. */
export function withDeviceCheck(result: BackdatedResult, check: DeviceSceCheck | null): BackdatedResult {
  if (!result.ok || check?.status !== "outside") return result;
  return { ok: false, code: "invalid-input", field: check.field, message: check.message };
}
