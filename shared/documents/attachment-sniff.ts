import { ATTACHMENT_MAX_BYTES, type AttachmentType } from "./claim";

// What a claim attachment is, told by its first bytes (docs/claims.md), never by its name or the type a
// browser claims: PDF (%PDF-), PNG (its 8-byte signature), JPEG (FF D8 FF), HEIC (an ISO-BMFF `ftyp`
// box of a HEIF brand). The server refuses anything else; the device checks the same before queueing.

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The attachment type of some content, or null when it is none of the accepted ones. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (HEIF_BRANDS.has(brand)) return "image/heic";
  }
  return null;
}

/** Why a file cannot be attached (size, then type), or null when it can. */
export function attachmentProblem(name: string, bytes: Uint8Array): string | null {
  if (bytes.length === 0) return `${name} is empty.`;
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    return `${name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; a claim document may be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`;
  if (!sniffAttachmentType(bytes))
    return `${name} is not a PDF, PNG, JPEG or HEIC file (checked by its content); scan or save it as a PDF or a photo.`;
  return null;
}

export const ATTACHMENT_TYPE_LABELS: Readonly<Record<AttachmentType, string>> = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG photo",
  "image/heic": "HEIC photo",
};
