// Test support: an in-memory Web Storage (Node has no localStorage/sessionStorage without flags), for
// the tests of what the device keeps: the sign-in hints and identity cache here, the application drafts
// and outbox (src/features/apply).
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  /** Everything stored, as one string (to search for what must not be there). */
  dump(): string {
    return JSON.stringify([...this.#items]);
  }
}
