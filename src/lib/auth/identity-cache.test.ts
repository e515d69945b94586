import { describe, expect, it } from "vitest";
import { clearCachedIdentity, readCachedIdentity, writeCachedIdentity } from "./identity-cache";

class MemoryStorage implements Storage {
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
    this.#items.set(key, value);
  }
}

describe("the last confirmed identity, for offline use", () => {
  it("keeps the profile and role claims until sign-out", () => {
    const storage = new MemoryStorage();
    expect(readCachedIdentity(storage)).toBeUndefined();
    const user = { sub: "auth0|demo-agent", "https://rangeline.app/roles": ["agent"] };
    writeCachedIdentity(storage, { user, verifiedAt: 1_800_000_000_000 });
    expect(readCachedIdentity(storage)).toEqual({ user, verifiedAt: 1_800_000_000_000 });
    expect(storage.getItem("rangeline.auth.last-identity")).not.toMatch(/token/i);
    clearCachedIdentity(storage);
    expect(readCachedIdentity(storage)).toBeUndefined();
  });

  it("ignores a damaged entry", () => {
    const storage = new MemoryStorage();
    storage.setItem("rangeline.auth.last-identity", "{not json");
    expect(readCachedIdentity(storage)).toBeUndefined();
    storage.setItem(
      "rangeline.auth.last-identity",
      JSON.stringify({ user: { name: "no sub" }, verifiedAt: 1 }),
    );
    expect(readCachedIdentity(storage)).toBeUndefined();
  });
});
