import { expect, vi } from "vitest";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// A real server for the book import's integration tests (SQLite, fresh data): devices connected as a user,
// waiting for a device's edits to reach the server, and the API called as a user (or anonymously).

export const AGENT = demoUser("agent@demo.rangeline.test");
export const CUSTOMER = demoUser("customer@demo.rangeline.test");
export const ADMIN = demoUser("admin@demo.rangeline.test");

export class BookServer {
  private running: TestServer | undefined;
  private readonly clients: Client[] = [];

  get server(): TestServer {
    if (!this.running) throw new Error("the server is not started");
    return this.running;
  }

  async start(...args: Parameters<typeof startTestServer>): Promise<void> {
    this.running = await startTestServer(...args);
  }

  async stop(): Promise<void> {
    for (const client of this.clients) client.destroy();
    await this.running?.stop();
  }

  /** A device of `user` with the document `name` open and synced. */
  async open(name: string, user: { sub: string } = AGENT): Promise<Client> {
    const client = connect(this.server.syncUrl, name, await this.server.token(user));
    this.clients.push(client);
    expect(await client.ready).toBe(true);
    return client;
  }

  /** Resolves once every edit of the device has reached the server. */
  synced(client: Client): Promise<void> {
    return vi.waitFor(() => expect(client.provider.unsyncedChanges).toBe(0));
  }

  /** POST `path` with a JSON body as `user` (null: without a token). */
  async post(path: string, user: { sub: string } | null, body: unknown) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (user) headers.authorization = `Bearer ${await this.server.token(user)}`;
    const response = await fetch(new URL(path, `http://127.0.0.1:${this.server.port}`), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}
