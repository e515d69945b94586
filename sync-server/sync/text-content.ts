import * as Y from "yjs";

// What a shared text at a free-text field may hold (docs/sync-rules.md TEXT1, TEXT1): plain characters. A Y.Text can
// also carry formatting attributes (ContentFormat), embeds (ContentEmbed) and nested types
// (ContentType); the screens never write them, their JSON hides them (toString drops them), and a
// client that wrote them would smuggle content past the schemas. The fast path (text-scan.ts) takes
// characters only; the copy path asks this.

/** Why `text` is not plain characters (its first item that is not), or null when it is. */
export function plainTextProblem(text: Y.Text): string | null {
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted) continue;
    const { content } = item;
    if (content instanceof Y.ContentString) continue;
    if (content instanceof Y.ContentFormat) return "formatting in a shared text (only plain text is stored)";
    return "an embed in a shared text (only plain text is stored)";
  }
  return null;
}
