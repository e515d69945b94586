import { useState } from "react";

// "Copy as text" (for a text message or an e-mail) and "Print" for a quote.

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (e.g. an insecure origin): fall back to a selected textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function QuoteActions({ text, disabled }: { text: () => string; disabled?: boolean }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <div className="quote-actions">
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={async () => setCopied((await copyText(text())) ? "copied" : "failed")}
      >
        Copy as text
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={disabled}
        onClick={() => window.print()}
      >
        Print
      </button>
      <span className="quote-actions__status" role="status">
        {copied === "copied"
          ? "Copied"
          : copied === "failed"
            ? "Could not copy; select the table instead"
            : ""}
      </span>
    </div>
  );
}
