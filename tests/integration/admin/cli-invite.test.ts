import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminCommand } from "../../../cli/admin";
import { parseArgs, UsageError } from "../../../cli/args";
import { startTestServer, type TestServer } from "../sync/harness";

// The production bootstrap (docs/administration.md): `rangeline admin invite` writes the first admin's
// invitation into the server's database and prints the link; the link makes them admin.

describe("rangeline admin invite", () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-cli-invite-"));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const env = { NODE_ENV: "test", DATA_DIR: dir, PUBLIC_URL: "https://portal.example.test" };
  const run = async (argv: string[]) => {
    let printed = "";
    const code = await adminCommand(parseArgs(argv, []), env, (t) => {
      printed += t;
    });
    return { code, printed };
  };

  it("prints a link that makes the new user the organisation's admin", async () => {
    const { code, printed } = await run([
      "admin",
      "invite",
      "--org",
      "acme",
      "--email",
      "Boss@Acme.test",
      "--role",
      "admin",
    ]);
    expect(code).toBe(0);
    expect(printed).toContain("Invitation for boss@acme.test (admin of acme)");
    const link = new URL(printed.trim().split("\n").at(-1) as string);
    expect(link.origin).toBe("https://portal.example.test");
    server = await startTestServer({}, { dataDir: dir });
    const response = await fetch(`http://127.0.0.1:${server.port}${link.pathname}${link.search}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const members = await server.storage.members.listMembers("acme");
    expect(members.map((m) => [m.email, m.roles])).toEqual([["boss@acme.test", ["admin"]]]);
    const audit = await server.storage.settings.listAdminAudit("acme", 10);
    expect(audit.map((a) => a.action)).toEqual(["invitation.accepted", "invitation.created"]);
    expect(audit[1]?.actorId).toBe("cli");
  });

  it("refuses bad input with what is wrong", async () => {
    await expect(run(["admin", "invite", "--org", "acme", "--email", "nope"])).rejects.toThrow(UsageError);
    await expect(run(["admin", "invite", "--org", "a/b", "--email", "x@y.test"])).rejects.toThrow(
      "--org must be an id",
    );
    await expect(
      run(["admin", "invite", "--org", "acme", "--email", "x@y.test", "--role", "superAdmin"]),
    ).rejects.toThrow("--role superAdmin: use admin, agent or partner");
    await expect(run(["admin", "revoke"])).rejects.toThrow('unknown admin command "revoke"');
  });
});
