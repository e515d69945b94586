import { describe, expect, it } from "vitest";
import { clearLogoutCookie, hasLogoutCookie, logoutCookieDomain, setLogoutCookie } from "./logout-cookie";

/** Records what is written to document.cookie and reads back the way a browser would (name=value only). */
class FakeJar {
  writes: string[] = [];
  #values = new Map<string, string>();
  get cookie() {
    return [...this.#values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  set cookie(line: string) {
    this.writes.push(line);
    const [pair, ...attrs] = line.split("; ");
    const [name, value] = pair.split("=");
    if (attrs.includes("Max-Age=0")) this.#values.delete(name);
    else this.#values.set(name, value);
  }
}

describe("hiqLogout cookie (spec §3, §4)", () => {
  it("lives on the shared parent domain, localhost when local", () => {
    expect(logoutCookieDomain("portal.rangeline.app")).toBe("rangeline.app");
    expect(logoutCookieDomain("staging.portal.rangeline.app")).toBe("rangeline.app");
    expect(logoutCookieDomain("rangeline.app")).toBe("rangeline.app");
    expect(logoutCookieDomain("localhost")).toBe("localhost");
    expect(logoutCookieDomain("app.localhost")).toBe("localhost");
    expect(logoutCookieDomain("127.0.0.1")).toBeUndefined();
    expect(logoutCookieDomain("portal.rangeline.co.uk", "rangeline.co.uk")).toBe("rangeline.co.uk");
  });

  it("is set for 60 seconds and found by the poller; clearing removes it", () => {
    const jar = new FakeJar();
    jar.cookie = "other=1";
    expect(hasLogoutCookie(jar)).toBe(false);
    setLogoutCookie(jar, { domain: "rangeline.app", secure: true });
    expect(jar.writes.at(-1)).toBe(
      "hiqLogout=true; Path=/; Max-Age=60; Domain=rangeline.app; SameSite=Lax; Secure",
    );
    expect(hasLogoutCookie(jar)).toBe(true);
    clearLogoutCookie(jar, { domain: "rangeline.app", secure: true });
    expect(hasLogoutCookie(jar)).toBe(false);
    expect(jar.writes).toContain("hiqLogout=; Path=/; Max-Age=0; Domain=rangeline.app; SameSite=Lax; Secure");
  });

  it("does not mistake a cookie whose name merely contains hiqLogout", () => {
    const jar = new FakeJar();
    jar.cookie = "xhiqLogout=true";
    expect(hasLogoutCookie(jar)).toBe(false);
  });
});
