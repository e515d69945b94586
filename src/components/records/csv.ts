// The browser's side of a CSV export: the text itself is written by shared/csv.ts (the one writer, CSV1).

/** Offers `text` to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
