import { useLayoutEffect } from "react";
import { type BookIndex, useBookIndex } from "../../components/book";

/**
 * The coverage list's book document: opens it (Yjs, the sync layer, the schemas) and hands its lists to
 * the page. Its own chunk, so a page load paints the list from the device's copy before this code has
 * loaded (coverages-page.tsx). Renders nothing.
 */
export default function CoverageListLive({ onBook }: { onBook: (book: BookIndex) => void }) {
  const book = useBookIndex();
  // Before the browser paints: the rows change in the same frame as the book document arrives.
  useLayoutEffect(() => onBook(book), [book, onBook]);
  return null;
}
