import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizedJson, ServerRefusal, UNREACHABLE } from "./authorized-json";

// A real HTTP server on 127.0.0.1 that answers what each path asks for and echoes what it was sent.

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** What a call threw (a call that succeeds fails the test). */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("The call succeeded; a failure was expected.");
    },
    (e: unknown) => e as ServerRefusal,
  );

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const sent = await read(req);
    const echo = {
      method: req.method,
      authorization: req.headers.authorization ?? null,
      contentType: req.headers["content-type"] ?? null,
      body: sent.toString("utf8"),
    };
    const answer = (status: number, text: string, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(text);
    };
    if (req.url === "/ok") return answer(200, JSON.stringify({ ok: true, echo }));
    if (req.url === "/refused")
      return answer(422, JSON.stringify({ message: "name: at most 80 characters.", reason: "invalid" }));
    if (req.url === "/html-error") return answer(502, "<html>Bad gateway</html>", "text/html");
    if (req.url === "/null-error") return answer(500, "null");
    answer(404, JSON.stringify({ message: "No such route." }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("authorizedJson", () => {
  it("sends the token as a Bearer header and gives back the answer's JSON", async () => {
    const answer = await authorizedJson<{ ok: boolean; echo: Record<string, unknown> }>(`${base}/ok`, "t0k");
    expect(answer).toEqual({
      ok: true,
      echo: { method: "GET", authorization: "Bearer t0k", contentType: null, body: "" },
    });
  });

  it("sends a JSON body as application/json and bytes as application/octet-stream", async () => {
    const json = await authorizedJson<{ echo: Record<string, unknown> }>(`${base}/ok`, "t", {
      method: "PUT",
      json: { name: "Spring mailing" },
    });
    expect(json.echo).toMatchObject({
      method: "PUT",
      contentType: "application/json",
      body: '{"name":"Spring mailing"}',
    });
    const bytes = await authorizedJson<{ echo: Record<string, unknown> }>(`${base}/ok`, "t", {
      method: "POST",
      bytes: new TextEncoder().encode("abc").buffer,
    });
    expect(bytes.echo).toMatchObject({ contentType: "application/octet-stream", body: "abc" });
  });

  it("throws a refusal with the server's message, its status and the rest of its body", async () => {
    const error = await failure(authorizedJson(`${base}/refused`, "t", { method: "POST", json: {} }));
    expect(error).toBeInstanceOf(ServerRefusal);
    expect(error.message).toBe("name: at most 80 characters.");
    expect(error.status).toBe(422);
    expect(error.body.reason).toBe("invalid");
  });

  it("says which status the server answered when the refusal is not JSON or carries no message", async () => {
    const html = await failure(authorizedJson(`${base}/html-error`, "t"));
    expect(html).toBeInstanceOf(ServerRefusal);
    expect(html.message).toBe("The server answered 502.");
    expect(html.status).toBe(502);
    const nothing = await failure(authorizedJson(`${base}/null-error`, "t"));
    expect(nothing.message).toBe("The server answered 500.");
  });

  it("says the server could not be reached when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(authorizedJson(`http://127.0.0.1:${port}/ok`, "t"));
    expect(error).not.toBeInstanceOf(ServerRefusal);
    expect(error.message).toBe(UNREACHABLE);
    expect(UNREACHABLE).toBe("The server could not be reached. Try again.");
  });

  it("lets an abort through as the abort it is (the caller stopped it)", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(authorizedJson(`${base}/ok`, "t", { signal: controller.signal }));
    expect(error.name).toBe("AbortError");
  });
});
