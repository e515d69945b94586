import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";
import { sampleProfile, writeProfile } from "./book-records";
import { connect, demoUser, startTestServer, type TestServer } from "./harness";

describe("sync smoke", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.stop());

  it("[ACL4] an agent edits a customer and another agent sees it", async () => {
    const agent = demoUser("agent@demo.rangeline.test");
    const a = connect(server.syncUrl, "org/demo/customer/c-demo", await server.token(agent));
    expect(await a.ready).toBe(true);
    expect(a.doc.getMap("meta").get("schemaVersion")).toBe(DOCUMENT_SCHEMA_VERSION);
    writeProfile(a.doc, sampleProfile("c-demo", { name: "Casey Ranch" }));
    const b = connect(
      server.syncUrl,
      "org/demo/customer/c-demo",
      await server.token(demoUser("agent2@demo.rangeline.test")),
    );
    expect(await b.ready).toBe(true);
    await expect.poll(() => b.doc.getMap("profile").toJSON().name).toBe("Casey Ranch");
    a.destroy();
    b.destroy();
  });
});
