import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import { workbookEntries, zip } from "../tests/fixtures/import/zip";

// The XLSX copies of the messy agency exports (tests/fixtures/import/messy/*.csv, issue 41): each CSV's lines
// as one worksheet — its title, blank, repeated-header, total and note rows included — with figures that
// are plain numbers as number cells and everything else as the text the agency typed.
//   npx tsx scripts/messy-import-fixtures.ts

const dir = fileURLToPath(new URL("../tests/fixtures/import/messy/", import.meta.url));
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const column = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + column(i % 26);

for (const name of readdirSync(dir).filter((f) => f.endsWith(".csv"))) {
  const text = readFileSync(`${dir}${name}`, "utf8");
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const rows = data
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          if (cell === "") return "";
          const at = `${column(c)}${r + 1}`;
          return /^-?\d+(\.\d+)?$/.test(cell)
            ? `<c r="${at}"><v>${cell}</v></c>`
            : `<c r="${at}" t="inlineStr"><is><t>${esc(cell)}</t></is></c>`;
        })
        .join("");
      return xml ? `<row r="${r + 1}">${xml}</row>` : "";
    })
    .join("");
  const bytes = zip(workbookEntries([{ name: name.replace(/\.csv$/, ""), data: rows }]));
  writeFileSync(`${dir}${name.replace(/\.csv$/, ".xlsx")}`, bytes);
}
