import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// Organisation settings on the server (docs/administration.md): secrets are write-only and sealed at rest,
// logos are PNG/WebP by content with caching headers, and every route is refused to the wrong role and
// to another organisation. The secret grep: after setting a secret, no API response, no log line, no
// synced document and no byte of the database holds it.

const SECRET = "sk-live-SECRET-4f1e9b7c2a";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const webp = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  30,
  0,
  0,
  0,
  ...new TextEncoder().encode("WEBPVP8 "),
]);
const svg = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

const admin = demoUser("admin@demo.rangeline.test");
const agent = demoUser("agent@demo.rangeline.test");
const superAdmin = demoUser("superadmin@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const partner = demoUser("partner@demo.rangeline.test");
const otherAgent = demoUser("agent@other.rangeline.test");

describe("organisation settings API", () => {
  let server: TestServer;
  const logLines: string[] = [];
  const responses: string[] = [];
  const call = async (
    user: { sub: string } | null,
    method: string,
    path: string,
    body?: unknown,
    type?: string,
  ) => {
    const headers: Record<string, string> = {};
    if (user) headers.authorization = `Bearer ${await server.token(user as typeof admin)}`;
    if (body !== undefined) headers["content-type"] = type ?? "application/json";
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? (body as Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
    });
    const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
    responses.push(`${[...response.headers].join(";")} ${text}`);
    return { status: response.status, text, headers: response.headers };
  };

  beforeAll(async () => {
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logLines.push(args.map(String).join(" "));
      });
    }
    server = await startTestServer({}, { log: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await server?.stop();
    vi.restoreAllMocks();
  });

  it("an admin sets, replaces and clears a secret; the API says only set / not set", async () => {
    expect(
      (await call(admin, "PUT", "/api/orgs/demo/secrets/fmhApiKey", { value: "first-value" })).status,
    ).toBe(200);
    const replaced = await call(admin, "PUT", "/api/orgs/demo/secrets/fmhApiKey", { value: SECRET });
    expect(replaced.status).toBe(200);
    expect(JSON.parse(replaced.text)).toMatchObject({ name: "fmhApiKey", set: true });
    await call(admin, "PUT", "/api/orgs/demo/secrets/providerApiKey.PRV1", { value: `${SECRET}-provider` });
    const listed = JSON.parse((await call(admin, "GET", "/api/orgs/demo/secrets")).text);
    expect(listed.secrets.map((s: { name: string; set: boolean }) => [s.name, s.set])).toEqual([
      ["fmhApiKey", true],
      ["providerApiKey.PRV1", true],
    ]);
    // Stored sealed: the row opens to the value with the server's key only.
    const sealed = await server.storage.settings.getOrgSecret("demo", "fmhApiKey");
    expect(sealed && Buffer.from(sealed).includes(SECRET)).toBe(false);
    expect((await call(admin, "DELETE", "/api/orgs/demo/secrets/providerApiKey.PRV1")).status).toBe(200);
    const after = JSON.parse((await call(admin, "GET", "/api/orgs/demo/secrets")).text);
    expect(after.secrets.map((s: { name: string }) => s.name)).toEqual(["fmhApiKey"]);
    // The audit log names the secret, never its value.
    const audit = JSON.parse((await call(admin, "GET", "/api/orgs/demo/audit")).text);
    expect(audit.audit.map((a: { action: string; target: string }) => `${a.action} ${a.target}`)).toContain(
      "secret.set fmhApiKey",
    );
  });

  it("bad secret input is refused with where and why", async () => {
    const unknown = await call(admin, "PUT", "/api/orgs/demo/secrets/password", { value: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("must be one of hubspotAccessToken");
    const empty = await call(admin, "PUT", "/api/orgs/demo/secrets/fmhSigningKey", { value: "" });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text).issues[0].path).toEqual(["value"]);
  });

  it("[ACL11] secrets, images and the audit are refused to other roles and other organisations", async () => {
    for (const user of [agent, superAdmin, customer, partner, otherAgent]) {
      expect((await call(user, "GET", "/api/orgs/demo/secrets")).status, user.email).toBe(403);
      expect((await call(user, "PUT", "/api/orgs/demo/secrets/fmhApiKey", { value: "stolen" })).status).toBe(
        403,
      );
      expect((await call(user, "DELETE", "/api/orgs/demo/secrets/fmhApiKey")).status).toBe(403);
      expect((await call(user, "PUT", "/api/orgs/demo/assets/fullLogo", png, "image/png")).status).toBe(403);
      expect((await call(user, "DELETE", "/api/orgs/demo/assets/fullLogo")).status).toBe(403);
    }
    for (const user of [superAdmin, customer, partner, otherAgent]) {
      expect((await call(user, "GET", "/api/orgs/demo/audit")).status, user.email).toBe(403);
    }
    expect((await call(agent, "GET", "/api/orgs/demo/audit")).status).toBe(200);
    // The demo admin is no admin of `other`.
    expect((await call(admin, "GET", "/api/orgs/other/secrets")).status).toBe(403);
    expect((await call(admin, "PUT", "/api/orgs/other/secrets/fmhApiKey", { value: "x" })).status).toBe(403);
    expect((await call(null, "GET", "/api/orgs/demo/secrets")).status).toBe(401);
    // The refused write changed nothing.
    expect((await server.storage.settings.listOrgSecrets("demo")).map((s) => s.updatedBy)).toEqual([
      admin.sub,
    ]);
  });

  it("logos: PNG and WebP by content, SVG refused with a reason, served with caching headers", async () => {
    const up = await call(admin, "PUT", "/api/orgs/demo/assets/fullLogo", png, "application/octet-stream");
    expect(up.status).toBe(201);
    const { url, contentType } = JSON.parse(up.text);
    expect(contentType).toBe("image/png");
    expect(url).toMatch(/^\/api\/orgs\/demo\/assets\/fullLogo\/[0-9a-f]{16}$/);
    const image = await call(null, "GET", url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = image.headers.get("etag") ?? "";
    const again = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    const w = await call(admin, "PUT", "/api/orgs/demo/assets/favicon", webp, "image/webp");
    expect(JSON.parse(w.text).contentType).toBe("image/webp");
    const refused = await call(admin, "PUT", "/api/orgs/demo/assets/compactLogo", svg, "image/svg+xml");
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.text).message).toContain("SVG files are not accepted");
    const text = await call(
      admin,
      "PUT",
      "/api/orgs/demo/assets/compactLogo",
      new TextEncoder().encode("hello"),
      "image/png",
    );
    expect(text.status).toBe(415);
    expect(text.text).toContain("not a PNG or WebP image");
    const big = new Uint8Array(600 * 1024);
    big.set(png);
    const tooBig = await call(admin, "PUT", "/api/orgs/demo/assets/compactLogo", big, "image/png");
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toContain("at most 512 KB");
    expect((await call(admin, "PUT", "/api/orgs/demo/assets/banner", png, "image/png")).status).toBe(400);
    // A replaced image's old address is gone; another organisation's address is not this one.
    expect((await call(null, "GET", "/api/orgs/other/assets/fullLogo/0000000000000000")).status).toBe(404);
    expect((await call(admin, "DELETE", "/api/orgs/demo/assets/fullLogo")).status).toBe(200);
    expect((await call(null, "GET", url)).status).toBe(404);
  });

  it("branding: a customer (who cannot read the org document) gets its name, colours and logo; another org's customer does not", async () => {
    const writer = connect(server.syncUrl, "org/demo", await server.token(admin));
    expect(await writer.ready).toBe(true);
    const scheme = {
      primary: "#1F5C99",
      secondary: "#EF767A",
      success: "#49DCB1",
      info: "#445699",
      warning: "#EEB868",
      error: "#AC141C",
    };
    writer.doc.getMap("settings").set("colorScheme", scheme);
    writer.doc.getMap("settings").set("name", "Demo Agency");
    await vi.waitFor(
      async () => {
        const b = await call(customer, "GET", "/api/orgs/demo/branding");
        expect(JSON.parse(b.text)).toMatchObject({ name: "Demo Agency", colorScheme: scheme });
      },
      { timeout: 10_000, interval: 500 },
    );
    writer.destroy();
    expect((await call(customer, "GET", "/api/orgs/other/branding")).status).toBe(403);
    expect(
      (await call(demoUser("customer@other.rangeline.test"), "GET", "/api/orgs/demo/branding")).status,
    ).toBe(403);
    expect((await call(null, "GET", "/api/orgs/demo/branding")).status).toBe(401);
  });

  it("the secret grep: no response, log line, synced document or stored byte holds a secret", async () => {
    // Read the value back the only way there is: the server's own key.
    expect(responses.some((r) => r.includes(SECRET))).toBe(false);
    expect(logLines.some((l) => l.includes(SECRET))).toBe(false);
    for (const name of await server.storage.listDocuments("")) {
      const stored = await server.storage.loadDocument(name);
      const bytes = [stored.state, ...stored.updates.map((u) => u.update)].filter(Boolean) as Uint8Array[];
      for (const b of bytes) expect(Buffer.from(b).includes(SECRET), name).toBe(false);
    }
    for (const file of readdirSync(server.dataDir)) {
      const path = join(server.dataDir, file);
      try {
        expect(readFileSync(path).includes(SECRET), file).toBe(false);
        expect(readFileSync(path).includes("first-value"), file).toBe(false);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EISDIR") throw error;
      }
    }
  });
});
