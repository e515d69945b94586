import { describe, expect, it } from "vitest";
import { attachmentProblem, sniffAttachmentType } from "./attachment-sniff";
import { ATTACHMENT_MAX_BYTES } from "./claim";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("attachment types by content", () => {
  it("tells PDF, PNG, JPEG and HEIC by their first bytes, whatever the name says", () => {
    expect(sniffAttachmentType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffAttachmentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffAttachmentType(bytes([0, 0, 0, 24], "ftypheic", [0, 0, 0, 0]))).toBe("image/heic");
    expect(sniffAttachmentType(bytes([0, 0, 0, 24], "ftypisom"))).toBeNull(); // an MP4, not a photo
    expect(sniffAttachmentType(bytes("<html><script>"))).toBeNull();
    expect(sniffAttachmentType(bytes("%PD"))).toBeNull();
  });

  it("says why a file cannot be attached: empty, too large, not an accepted type", () => {
    expect(attachmentProblem("a.pdf", new Uint8Array())).toBe("a.pdf is empty.");
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(bytes("%PDF-"));
    expect(attachmentProblem("big.pdf", big)).toMatch(
      /big.pdf is 10.0 MB; a claim document may be at most 10 MB/,
    );
    expect(attachmentProblem("fake.pdf", bytes("MZ\x90"))).toMatch(
      /fake.pdf is not a PDF, PNG, JPEG or HEIC/,
    );
    expect(attachmentProblem("ok.pdf", bytes("%PDF-1.4"))).toBeNull();
  });
});
