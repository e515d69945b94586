// Renders the PWA icons (public/icons/*.png) from their SVG sources with the Chromium the tests use.
// Run after changing an icon's SVG: `node scripts/generate-icons.mjs`; commit the PNGs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const icons = join(fileURLToPath(new URL("..", import.meta.url)), "public", "icons");
const targets = [
  ["icon-source.svg", "icon-192.png", 192],
  ["icon-source.svg", "icon-512.png", 512],
  ["icon-source.svg", "apple-touch-icon.png", 180],
  ["maskable-source.svg", "maskable-512.png", 512],
  ["maskable-source.svg", "maskable-192.png", 192],
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const [source, output, size] of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(join(icons, source), "utf8");
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator("img").screenshot({ path: join(icons, output), omitBackground: true });
    await page.close();
    console.log(`${output} (${size} × ${size})`);
  }
} finally {
  await browser.close();
}
