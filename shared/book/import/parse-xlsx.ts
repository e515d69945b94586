import ExcelJS from "exceljs";
import { parseCsv, SheetError, sheetFromRows } from "./parse";
import type { Sheet } from "./types";

// An XLSX workbook as sheets, one per worksheet (exceljs). A date cell becomes its ISO date, a formula
// its cached result, rich text its plain text; the row number is the worksheet's.

const text = (value: ExcelJS.CellValue): unknown => {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return value;
  if ("result" in value) return text((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("text" in value) return String(value.text);
  if ("error" in value) return "";
  return "";
};

export async function parseXlsx(data: ArrayBuffer | Uint8Array): Promise<Sheet[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types take a Node Buffer; it reads any ArrayBuffer view (JSZip underneath).
    await workbook.xlsx.load(
      (data instanceof Uint8Array ? data : new Uint8Array(data)) as unknown as ExcelJS.Buffer,
    );
  } catch {
    throw new SheetError(
      "the file is not an XLSX workbook that can be read (save it again as .xlsx or .csv)",
    );
  }
  const sheets: Sheet[] = [];
  for (const worksheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    const lines: number[] = [];
    worksheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: unknown[] = [];
      row.eachCell({ includeEmpty: true }, (c, column) => {
        cells[column - 1] = text(c.value);
      });
      rows.push(Array.from(cells, (c) => c ?? ""));
      lines.push(number);
    });
    sheets.push(sheetFromRows(worksheet.name, rows, (i) => lines[i] ?? i + 1));
  }
  return sheets;
}

/** A file as sheets, by its name's extension (.csv, .txt, .xlsx). */
export async function parseFile(name: string, data: ArrayBuffer | Uint8Array): Promise<Sheet[]> {
  const lower = name.toLowerCase();
  if (lower.endsWith(".xlsx")) return parseXlsx(data);
  if (lower.endsWith(".csv") || lower.endsWith(".txt")) {
    return [parseCsv(name, new TextDecoder("utf-8").decode(data))];
  }
  throw new SheetError(`${name}: choose a .csv or .xlsx file`);
}
