import { type FormEvent, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { platformFetch } from "./platform-api";

// Upload RMA files (and the futures CSV) to the server, which reads them with the market feed's
// importer: "Check" reads them and says what the snapshot would hold; "Publish" also sends it to every
// device. A file the importer refuses is named with its line and column, and nothing is published.

const KINDS = [
  { key: "lrpRate", label: "LRP rates (A00630_LrpRate)" },
  { key: "lrpActualEndingValue", label: "LRP actual ending values (A00620_LrpActualEndingValue)" },
  { key: "lgmGrossMargin", label: "LGM gross margins (A00600_LgmGrossMargin)" },
  { key: "lgmDraw", label: "LGM draws (A00610_LgmDraw; with the gross margins)" },
  { key: "futures", label: "Futures settlements (CSV)" },
] as const;
type Kind = (typeof KINDS)[number]["key"];

const PART_NAMES: Record<string, string> = {
  lrpRates: "LRP rates",
  lrpActualEndingValues: "LRP actual ending values",
  lgm: "LGM margins",
  futures: "futures",
};

interface Summary {
  published: boolean;
  kept?: boolean;
  asOf: string;
  counts: { lrpRates: number; lrpActualEndingValues: number; lgm: number; futures: number };
  uploaded: string[];
  carried: string[];
  carriedFrom: string | null;
}

export function MarketUpload({
  getAccessToken,
  onPublished,
}: {
  getAccessToken: () => Promise<string>;
  onPublished: () => void;
}) {
  const [files, setFiles] = useState<Partial<Record<Kind, File>>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<
    { ok: true; summary: Summary } | { ok: false; message: string } | null
  >(null);
  const [inputs, setInputs] = useState(0);

  const send = async (publish: boolean) => {
    const chosen = KINDS.filter((k) => files[k.key]);
    if (chosen.length === 0) {
      setResult({ ok: false, message: "Choose at least one file." });
      return;
    }
    if (
      publish &&
      !window.confirm("Publish this market snapshot to every device? Quotes everywhere will use it at once.")
    )
      return;
    setBusy(true);
    setResult(null);
    try {
      const payload: Record<string, { name: string; text: string }> = {};
      for (const k of chosen) {
        const file = files[k.key] as File;
        payload[k.key] = { name: file.name, text: await file.text() };
      }
      const summary = await platformFetch<Summary>(getAccessToken, "/api/platform/market/upload", {
        method: "POST",
        json: { files: payload, publish },
      });
      setResult({ ok: true, summary });
      if (publish) {
        setFiles({});
        setInputs((n) => n + 1);
        onPublished();
      }
    } catch (error) {
      setResult({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form className="platform__check" data-testid="market-upload" onSubmit={submit} noValidate>
      <h3>Upload market files</h3>
      <p className="book-form__help">
        For a day the automatic fetch missed, or a correction. Choose the files you have; the parts you leave
        out are carried over from the snapshot published last. Each file at most 1 MB (HTTP_MAX_BODY_BYTES).
      </p>
      {KINDS.map((k) => (
        <label key={`${k.key}-${inputs}`} className="book-field">
          <span className="book-field__label">{k.label}</span>
          <input
            type="file"
            name={k.key}
            accept=".txt,.csv,text/plain,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setFiles((f) => ({ ...f, [k.key]: file }));
              setResult(null);
            }}
          />
        </label>
      ))}
      <div className="platform__actions">
        <Button type="submit" variant="secondary" disabled={busy} data-testid="market-check">
          Check files
        </Button>
        <Button type="button" disabled={busy} onClick={() => void send(true)} data-testid="market-publish">
          Publish snapshot
        </Button>
      </div>
      {result?.ok === false ? (
        <Alert tone="error" title="Nothing was published">
          <p data-testid="market-upload-error">{result.message}</p>
        </Alert>
      ) : null}
      {result?.ok ? (
        <Alert tone="success" title={result.summary.published ? "Published" : "The files read cleanly"}>
          <p data-testid="market-upload-result">
            {result.summary.published ? "Published the" : "Would publish the"} snapshot of{" "}
            <strong>{result.summary.asOf}</strong>: {result.summary.counts.lrpRates} LRP rates,{" "}
            {result.summary.counts.lrpActualEndingValues} actual ending values, {result.summary.counts.lgm}{" "}
            LGM margin sets, {result.summary.counts.futures} futures.
            {result.summary.carried.length > 0
              ? ` Carried over from ${result.summary.carriedFrom}: ${result.summary.carried.map((p) => PART_NAMES[p] ?? p).join(", ")}.`
              : ""}
          </p>
          {result.summary.published && result.summary.kept === false ? (
            <p className="book-form__help">
              No market feed runs on this server: the snapshot reached the devices but is not kept in market
              history, and the sample data's next day replaces it.
            </p>
          ) : null}
        </Alert>
      ) : null}
    </form>
  );
}
