import { describe, expect, it } from "vitest";
import { clearCachedIdentity, readCachedIdentity, writeCachedIdentity } from "./identity-cache";
import { MemoryStorage } from "./memory-storage";

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
