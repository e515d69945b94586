// What one input event changed in a field's text: the smallest single splice that turns `before`
// into `after`, placed by the caret. The browser only tells us the new value; the caret says where
// the edit ended, which picks the right place when the change is ambiguous ("hello" → "helllo":
// typed after the third letter, not the fourth), so the shared text gets the insert where the person
// typed it and concurrent typing nearby keeps each person's run together.

export interface TextSplice {
  /** Where the splice starts, in `before`. */
  index: number;
  /** How many characters of `before` it removes. */
  remove: number;
  /** What it inserts there. */
  insert: string;
}

/**
 * The splice from `before` to `after`; `caret` is the caret's position in `after` once the edit is
 * made (the end of what was typed or pasted), or null when unknown. Null when nothing changed.
 */
export function spliceBetween(before: string, after: string, caret: number | null): TextSplice | null {
  if (before === after) return null;
  const shortest = Math.min(before.length, after.length);
  let common = 0;
  while (common < shortest && before.charCodeAt(common) === after.charCodeAt(common)) common++;
  let commonEnd = 0;
  while (
    commonEnd < shortest &&
    before.charCodeAt(before.length - 1 - commonEnd) === after.charCodeAt(after.length - 1 - commonEnd)
  )
    commonEnd++;
  // Where the common start and end overlap, the edit could sit anywhere in the overlap: the caret
  // (the end of the edit in `after`) decides; without one, the edit goes as late as it can.
  const hasCaret = caret !== null && caret >= 0 && caret <= after.length;
  let suffix = hasCaret ? Math.min(commonEnd, after.length - caret) : Math.min(commonEnd, shortest - common);
  let prefix = Math.min(common, shortest - suffix);
  // Never split a UTF-16 surrogate pair (an emoji typed next to another emoji).
  if (prefix > 0 && isHighSurrogate(after.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(after.charCodeAt(after.length - suffix))) suffix--;
  return {
    index: prefix,
    remove: before.length - prefix - suffix,
    insert: after.slice(prefix, after.length - suffix),
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
