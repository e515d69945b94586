import { describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, logoProblem, looksLikeSvg, sniffLogoType } from "./logo";

const enc = (t: string) => new TextEncoder().encode(t);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe("logo files", () => {
  it("PNG and WebP by their bytes, whatever the name", () => {
    expect(sniffLogoType(png)).toBe("image/png");
    expect(sniffLogoType(new Uint8Array([...enc("RIFF"), 1, 2, 3, 4, ...enc("WEBPVP8 ")]))).toBe(
      "image/webp",
    );
    expect(sniffLogoType(enc("GIF89a"))).toBeNull();
    expect(logoProblem(png)).toBeNull();
  });
  it("refuses SVG (with or without an XML prolog or comments) saying why", () => {
    for (const text of [
      "<svg xmlns='x'/>",
      '<?xml version="1.0"?><!-- logo --><svg>',
      "\n  <!DOCTYPE svg><svg>",
    ]) {
      expect(looksLikeSvg(enc(text)), text).toBe(true);
      expect(logoProblem(enc(text))).toContain("SVG files are not accepted");
    }
    expect(looksLikeSvg(enc("<html><svg>"))).toBe(false);
  });
  it("refuses empty and oversized files", () => {
    expect(logoProblem(new Uint8Array())).toBe("The file is empty.");
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(png);
    expect(logoProblem(big)).toContain("at most 512 KB");
    expect(logoProblem(enc("hello"))).toContain("not a PNG or WebP");
  });
});
