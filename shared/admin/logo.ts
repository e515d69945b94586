// Organisation logos and favicon (docs/administration.md): PNG or WebP told by their first bytes, at most
// LOGO_MAX_BYTES. SVG is refused: an SVG can carry scripts and external references, and sanitising it
// safely needs more than a check of its bytes — the message says to save it as PNG or WebP.

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_KINDS = ["fullLogo", "compactLogo", "favicon", "loadingIndicator"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
export type LogoType = "image/png" | "image/webp";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** Whether the bytes look like SVG (XML text whose root is <svg>), to refuse it by name. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024)).toLowerCase();
  return /^\s*(?:\ufeff)?(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(
    head,
  );
}

/** Why a file cannot be a logo (empty, size, SVG, type), or null when it can. */
export function logoProblem(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return "The file is empty.";
  if (bytes.length > LOGO_MAX_BYTES)
    return `The file is ${Math.ceil(bytes.length / 1024)} KB; a logo may be at most ${LOGO_MAX_BYTES / 1024} KB.`;
  if (looksLikeSvg(bytes))
    return "SVG files are not accepted (they can carry scripts); export the logo as PNG or WebP.";
  if (!sniffLogoType(bytes)) return "The file is not a PNG or WebP image (checked by its content).";
  return null;
}
