import { useState } from "react";
import { LOGO_KINDS, LOGO_MAX_BYTES, type LogoKind, logoProblem } from "../../../shared/admin/logo";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { adminFetch } from "./admin-api";
import type { Edit } from "./settings-draft";

const LABELS: Record<LogoKind, { label: string; use: string }> = {
  fullLogo: { label: "Full logo", use: "wide screens and e-mails" },
  compactLogo: { label: "Compact logo", use: "the app's header" },
  favicon: { label: "Browser icon", use: "the browser tab (square)" },
  loadingIndicator: { label: "Loading image", use: "shown while a screen loads" },
};

/** AUDIT2: an image as the change log names it ("the full logo"), its key otherwise. */
export const imageWords = (kind: string): string =>
  Object.hasOwn(LABELS, kind) ? `the ${LABELS[kind as LogoKind].label.toLowerCase()}` : kind;

/**
 * Logos and the browser icon: a PNG or WebP file (checked here and again by the server by its content,
 * at most 512 KB; SVG is refused), stored on the server; the settings keep its address.
 */
export function LogoUploads({
  orgId,
  settings,
  apply,
  getAccessToken,
}: {
  orgId: string;
  settings: Record<string, unknown>;
  apply: (edits: readonly Edit[]) => string | null;
  getAccessToken: () => Promise<string>;
}) {
  const [errors, setErrors] = useState<Partial<Record<LogoKind, string>>>({});
  const [busy, setBusy] = useState<LogoKind | null>(null);
  const base = `/api/orgs/${encodeURIComponent(orgId)}/assets`;

  const upload = async (kind: LogoKind, file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = logoProblem(bytes);
    if (problem) {
      setErrors((e) => ({ ...e, [kind]: `${file.name}: ${problem}` }));
      return;
    }
    setBusy(kind);
    try {
      const { url } = await adminFetch<{ url: string }>(getAccessToken, `${base}/${kind}`, {
        method: "PUT",
        bytes: bytes.buffer as ArrayBuffer,
      });
      const refused = apply([{ op: "set", path: [kind], value: url }]);
      setErrors((e) => ({ ...e, [kind]: refused ?? undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, [kind]: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (kind: LogoKind) => {
    try {
      await adminFetch(getAccessToken, `${base}/${kind}`, { method: "DELETE" });
      const refused = apply([{ op: "remove", path: [kind] }]);
      setErrors((e) => ({ ...e, [kind]: refused ?? undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, [kind]: (error as Error).message }));
    }
  };

  return (
    <section className="settings__logos" aria-labelledby="logos-title" data-testid="logo-uploads">
      <h2 id="logos-title">Logos</h2>
      <p className="book-form__help">
        PNG or WebP, at most {LOGO_MAX_BYTES / 1024} KB. SVG files are not accepted (they can carry scripts):
        export the logo as PNG.
      </p>
      <ul className="settings__logo-list">
        {LOGO_KINDS.map((kind) => {
          const url = typeof settings[kind] === "string" ? (settings[kind] as string) : null;
          return (
            <li key={kind} className="settings__logo" data-logo={kind}>
              <div>
                <strong>{LABELS[kind].label}</strong>
                <span className="book-form__help"> — {LABELS[kind].use}</span>
              </div>
              {url ? (
                <img
                  src={url}
                  alt={`Current ${LABELS[kind].label.toLowerCase()}`}
                  className="settings__logo-image"
                />
              ) : (
                <span className="book-form__help">None</span>
              )}
              <span className="settings__logo-actions">
                <label className="settings__file">
                  <span>{busy === kind ? "Uploading…" : url ? "Replace…" : "Upload…"}</span>
                  <input
                    type="file"
                    accept="image/png,image/webp"
                    aria-label={`Upload the ${LABELS[kind].label.toLowerCase()}`}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = "";
                      if (file) void upload(kind, file);
                    }}
                  />
                </label>
                {url ? (
                  <Button variant="ghost" onClick={() => void remove(kind)}>
                    Remove
                  </Button>
                ) : null}
              </span>
              {errors[kind] ? <Alert tone="error">{errors[kind]}</Alert> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
