import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyColorScheme } from "./apply-color-scheme";
import {
  BORDER_RADIUS,
  BREAKPOINTS,
  colorSchemeProperties,
  DEFAULT_COLOR_SCHEME,
  FONT_FAMILY,
  FONT_SIZE,
  SPACING_UNIT,
  spacing,
} from "./tokens";

const here = fileURLToPath(new URL(".", import.meta.url));
const srcDir = join(here, "..", "..", "..");
const themeCss = readFileSync(join(here, "theme.css"), "utf8");

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith(".css") ? [path] : [];
  });
}

describe("theme (spec §9, §3 default colours)", () => {
  it("has the spec's breakpoints, spacing, radius and font", () => {
    expect(Object.values(BREAKPOINTS)).toEqual([0, 600, 900, 1200, 1536]);
    expect(SPACING_UNIT).toBe(8);
    expect(spacing(3)).toBe("24px");
    expect(BORDER_RADIUS).toBe(4);
    expect(FONT_FAMILY).toBe("Roboto");
    expect(FONT_SIZE).toBe(14);
  });

  it("has the organisation's default colours", () => {
    expect(DEFAULT_COLOR_SCHEME).toEqual({
      primary: "#AC141C",
      secondary: "#EF767A",
      success: "#49DCB1",
      info: "#445699",
      warning: "#EEB868",
      error: "#AC141C",
    });
  });

  it("the stylesheet declares the same colours, font, size, spacing and radius", () => {
    for (const [name, value] of Object.entries(colorSchemeProperties(DEFAULT_COLOR_SCHEME)))
      expect(themeCss).toContain(`${name}: ${value.toLowerCase()};`);
    expect(themeCss).toContain(`--font-family: "${FONT_FAMILY}"`);
    expect(themeCss).toContain(`--font-size: ${FONT_SIZE}px;`);
    expect(themeCss).toContain(`--space-1: ${SPACING_UNIT}px;`);
    expect(themeCss).toContain(`--radius: ${BORDER_RADIUS}px;`);
  });

  it("every media query in the app's stylesheets uses a spec breakpoint", () => {
    const allowed = new Set<number>(Object.values(BREAKPOINTS));
    const files = cssFiles(srcDir);
    expect(files.length).toBeGreaterThan(3);
    let queries = 0;
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)) {
        queries++;
        const px = Number(match[2]);
        const breakpoint = match[1] === "max" ? Math.round(px + 0.02) : px;
        expect(allowed.has(breakpoint), `${file}: ${match[0]}`).toBe(true);
      }
    }
    expect(queries).toBeGreaterThan(0);
  });

  it("turns a scheme into custom properties and rejects a colour that is not hex", () => {
    expect(colorSchemeProperties({ ...DEFAULT_COLOR_SCHEME, primary: "#123456" })["--color-primary"]).toBe(
      "#123456",
    );
    expect(() => colorSchemeProperties({ ...DEFAULT_COLOR_SCHEME, info: "blue" })).toThrow(
      "enter the info colour as a hex colour such as #AC141C, or pick one",
    );
  });

  it("puts a scheme on the root element as custom properties", () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => set.set(name, value) } };
    applyColorScheme({ ...DEFAULT_COLOR_SCHEME, primary: "#0A3D62" }, root as unknown as HTMLElement);
    expect(Object.fromEntries(set)).toEqual({
      "--color-primary": "#0A3D62",
      "--color-secondary": "#EF767A",
      "--color-success": "#49DCB1",
      "--color-info": "#445699",
      "--color-warning": "#EEB868",
      "--color-error": "#AC141C",
    });
  });

  it("self-hosts Roboto (no font CDN)", () => {
    const fonts = readFileSync(join(here, "fonts.ts"), "utf8");
    expect(fonts).toContain("@fontsource/roboto/latin-400.css");
    const html = readFileSync(join(srcDir, "..", "index.html"), "utf8");
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
  });
});
