// Field-level writes of a record: what turns one version into the next, key by key.

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The writes that turn `before` into `after` at `path`, key by key inside objects (nested maps), so a
 * change to one SBI or one address field leaves another agent's change to a sibling in place.
 */
export function writeDiff(
  write: (path: string[], value: unknown) => void,
  remove: (path: string[]) => void,
  path: string[],
  before: unknown,
  after: unknown,
): void {
  if (after === undefined) {
    if (before !== undefined) remove(path);
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      writeDiff(write, remove, [...path, key], before[key], after[key]);
    return;
  }
  write(path, after); // unchanged values are not sent (y-json setAt compares)
}

/**
 * The writes of the fields given at `path`: a plain object is written key by key (keys it does not
 * give are left alone — one key per field, an address never replaced whole), a key given as undefined
 * is removed, anything else set as it is (a string for a free-text field is spliced in by y-json).
 */
export function writeGiven(
  write: (path: string[], value: unknown) => void,
  remove: (path: string[]) => void,
  path: string[],
  value: unknown,
): void {
  if (value === undefined) {
    remove(path);
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, entry] of Object.entries(value)) writeGiven(write, remove, [...path, key], entry);
    return;
  }
  write(path, value);
}
