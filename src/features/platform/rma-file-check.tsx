import { useState } from "react";
import { importMarketFiles, type MarketFiles } from "../../../shared/market";

const KINDS: { key: keyof MarketFiles; label: string }[] = [
  { key: "lrpRate", label: "A00630 LRP rates" },
  { key: "lrpActualEndingValue", label: "A00620 LRP actual ending values" },
  { key: "lgmGrossMargin", label: "A00600 LGM gross margins" },
  { key: "lgmDraw", label: "A00610 LGM draws" },
  { key: "futures", label: "Futures settlements (CSV)" },
];

/**
 * Checks an RMA or futures file with the same importer the market feed uses, on this device: the
 * rows it read, or the importer's message naming the line and column that is wrong. (It does not
 * publish the file: the feed fetches RMA's files itself.)
 */
export function RmaFileCheck() {
  const [kind, setKind] = useState<keyof MarketFiles>("lrpRate");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const check = async (file: File) => {
    try {
      const text = await file.text();
      const snapshot = importMarketFiles({ [kind]: { text, file: file.name } }, { label: "check" });
      const counts = Object.entries(snapshot)
        .filter(([, v]) => Array.isArray(v))
        .map(([k, v]) => `${(v as unknown[]).length} ${k}`)
        .join(", ");
      setResult({ ok: true, text: `${file.name} reads cleanly: ${counts}.` });
    } catch (error) {
      setResult({ ok: false, text: (error as Error).message });
    }
  };
  return (
    <div className="platform__check" data-testid="rma-check">
      <h3>Check a market file</h3>
      <label className="book-field">
        <span className="book-field__label">Kind of file</span>
        <select
          className="book-input"
          value={kind}
          onChange={(e) => setKind(e.target.value as keyof MarketFiles)}
        >
          {KINDS.map((k) => (
            <option key={k.key} value={k.key}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <input
        type="file"
        aria-label="Market file to check"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
          e.target.value = "";
        }}
      />
      {result ? (
        <p className={result.ok ? "platform__ok" : "book-field__error"} data-testid="rma-check-result">
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
