import { SheetError } from "./sheet-error";

// The few pieces of SpreadsheetML the import reads (parse-xlsx.ts), found with small patterns instead of
// a whole XML parser: a workbook's parts are machine-written, their elements never nest in themselves
// (a row holds cells, a shared string its runs), and text in them has `<` escaped.

/** An element's attributes between its name and `>`: quoted values may hold `>` and `/`. */
const ATTRS = "((?:[^>\"'/]|\"[^\"]*\"|'[^']*'|/(?!>))*)";

/** `<name …/>` or `<name …>content</name>`: group 1 the attributes, group 2 the content. */
export const elementPattern = (name: string, flags = "g"): RegExp =>
  new RegExp(String.raw`<${name}\b${ATTRS}(?:/>|>([\s\S]*?)</${name}>)`, flags);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML text with its entities and character references replaced. */
export function decodeXml(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** An element's attributes by local name (`r:id` as `id`), decoded. */
export function attributes(attrs: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of attrs.matchAll(/(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    found.set(m[1] as string, decodeXml(m[2] ?? m[3] ?? ""));
  return found;
}

/** A reader of one attribute (by local name, decoded), for the elements read once per cell. */
export function attributeOf(name: string): (attrs: string) => string | undefined {
  const pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  return (attrs) => {
    const m = pattern.exec(attrs);
    return m ? decodeXml(m[1] ?? m[2] ?? "") : undefined;
  };
}

const TEXT = elementPattern("t");

/** The text of a shared string or inline string: its runs' `<t>`, the phonetic guides (`rPh`) left out. */
export function runText(xml: string): string {
  let text = "";
  for (const m of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(TEXT)) text += decodeXml(m[2] ?? "");
  return text;
}

/**
 * The elements matching `pattern` (made by elementPattern) in text that arrives in pieces, each as soon
 * as it is whole. What is held between them is one unfinished element, at most `max` characters; the
 * pieces are searched again only when the element's end tag arrives or the held text has doubled, so the
 * work stays linear however the file is cut.
 */
export async function* streamedElements(
  pieces: AsyncIterable<string>,
  pattern: RegExp,
  endTag: string,
  max: number,
  tooLarge: () => string,
): AsyncGenerator<RegExpExecArray> {
  let held = "";
  let searched = 0;
  for await (const piece of pieces) {
    const from = Math.max(0, held.length - endTag.length);
    held += piece;
    if (held.length > max + piece.length) throw new SheetError(tooLarge());
    if (held.indexOf(endTag, from) < 0 && held.length < 2 * searched + 65_536) continue;
    pattern.lastIndex = 0;
    let used = 0;
    for (let m = pattern.exec(held); m; m = pattern.exec(held)) {
      used = pattern.lastIndex;
      yield m;
    }
    held = held.slice(used);
    searched = held.length;
  }
  pattern.lastIndex = 0;
  for (let m = pattern.exec(held); m; m = pattern.exec(held)) yield m;
}

// Built-in number formats that show a date or time (ECMA-376 §18.8.30, and the East Asian ones).
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** A format code shows a date when, outside `[…]`, quotes and escaped characters, it has y m d h s. */
const isDateCode = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*\]|"[^"]*"|\\.|_.|\*./g, ""));

/** For each cell style (`s`, an index into `cellXfs`), whether its number format is a date's. */
export function dateStyles(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(elementPattern("numFmt"))) {
    const a = attributes(m[1] ?? "");
    custom.set(Number(a.get("numFmtId")), a.get("formatCode") ?? "");
  }
  const cellXfs = elementPattern("cellXfs").exec(stylesXml)?.[2] ?? "";
  return Array.from(cellXfs.matchAll(elementPattern("xf")), (m) => {
    const id = Number(attributes(m[1] ?? "").get("numFmtId") ?? 0);
    const code = custom.get(id);
    return code === undefined ? DATE_FORMAT_IDS.has(id) : isDateCode(code);
  });
}

/** A serial date (days since 1899-12-30, or 1904-01-01 in a 1904 workbook) as `YYYY-MM-DD`. */
export function serialDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25_569 + (date1904 ? 1_462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/** The column of a cell reference ("AB12" → 27, zero-based), or -1. */
export function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    column = column * 26 + (c - 96);
  }
  return i === 0 ? -1 : column - 1;
}
