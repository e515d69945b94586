import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { BOOK_HEADERS, bookRows, LGM_HEADERS, lgmRow, toCsv } from "../tests/fixtures/import/book-rows";

// The book import's fixture files (docs/book-import.md), made from tests/fixtures/import/book-rows.ts:
//   npx tsx scripts/import-fixtures.ts
// book.csv: 8 endorsement rows of 3 customers, the 5th row (line 6) over the per-endorsement head limit.
// book.xlsx: the same rows as an agency's workbook — dates as date cells, head and figures as numbers,
// a title row above the headers — and a second, empty worksheet.
// lgm.csv: an LGM sheet (docs/book-import.md §LGM) — two endorsements with their marketings in month
// columns, the second with marketings in its first month (refused at that column).

const dir = fileURLToPath(new URL("../tests/fixtures/import/", import.meta.url));
const rows = bookRows(8, 3);
(rows[4] as string[])[BOOK_HEADERS.indexOf("Head")] = "13000";

writeFileSync(`${dir}book.csv`, `${toCsv(BOOK_HEADERS, rows)}\n`);
const lgm = [lgmRow(0), lgmRow(1)];
(lgm[1] as string[])[LGM_HEADERS.indexOf("Apr Marketings")] = "10";
writeFileSync(`${dir}lgm.csv`, `${toCsv(LGM_HEADERS, lgm)}\n`);

const NUMBERS = new Set([
  "Head",
  "Target Wt",
  "Coverage Level",
  "Coverage Price",
  "Rate",
  "Total Premium",
  "Subsidy",
]);
const DATES = new Set(["Sales Date", "End Date"]);
const workbook = new ExcelJS.Workbook();
workbook.created = new Date("2026-11-20T00:00:00Z");
workbook.modified = workbook.created;
const sheet = workbook.addWorksheet("Endorsements");
sheet.addRow(["Book of business, exported 2026-11-20"]);
sheet.addRow([...BOOK_HEADERS]);
for (const row of rows)
  sheet.addRow(
    row.map((cell, i) => {
      const header = BOOK_HEADERS[i] as string;
      if (DATES.has(header)) return new Date(`${cell}T00:00:00Z`);
      if (NUMBERS.has(header)) return Number(cell);
      return cell;
    }),
  );
workbook.addWorksheet("Notes");
await workbook.xlsx.writeFile(`${dir}book.xlsx`);
