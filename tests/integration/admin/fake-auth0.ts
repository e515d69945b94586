import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadOrCreateSigningKeys, type SigningKeys } from "../../../sync-server/identity/keys";
import { TEST_ISSUER } from "../../../sync-server/identity/testing";

// A stand-in for Auth0's hosted service, for a server started in production mode: the tenant
// `identity.rangeline.test` publishes its JWKS over HTTPS (a certificate made here, which the server
// process trusts through NODE_EXTRA_CA_CERTS), reached through a CONNECT proxy (NODE_USE_ENV_PROXY and
// HTTPS_PROXY) that opens a tunnel to that tenant only — the server reaches nothing else. The server's
// own code is unchanged: it fetches https://identity.rangeline.test/.well-known/jwks.json like Auth0's.
// Tokens are minted with sync-server/identity/testing.ts (issueTestToken) and `keys`.

export const FAKE_AUTH0_DOMAIN = new URL(TEST_ISSUER).hostname;

export interface FakeAuth0 {
  keys: SigningKeys;
  /** Environment for the server process: the tenant, the proxy, the trusted certificate. */
  env: Record<string, string>;
  /** How many times the server fetched the JWKS. */
  jwksFetches(): number;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

export async function startFakeAuth0(): Promise<FakeAuth0> {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-fake-auth0-"));
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${FAKE_AUTH0_DOMAIN}`,
      "-addext",
      `subjectAltName=DNS:${FAKE_AUTH0_DOMAIN}`,
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate: ${made.stderr}`);
  const keys = await loadOrCreateSigningKeys(dir);
  let fetches = 0;
  const tenant = createHttpsServer(
    { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
    (req, res) => {
      if (req.url === "/.well-known/jwks.json") {
        fetches++;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ keys: [keys.publicJwk] }));
        return;
      }
      res.writeHead(404).end();
    },
  );
  const tenantPort = await listen(tenant);
  const proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, socket, head) => {
    if (req.url !== `${FAKE_AUTH0_DOMAIN}:443`) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect(tenantPort, "127.0.0.1", () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  const proxyPort = await listen(proxy);
  return {
    keys,
    env: {
      AUTH0_DOMAIN: FAKE_AUTH0_DOMAIN,
      NODE_USE_ENV_PROXY: "1",
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      HTTP_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: "127.0.0.1,localhost",
      NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"),
    },
    jwksFetches: () => fetches,
    async close() {
      proxy.closeAllConnections();
      tenant.closeAllConnections();
      await Promise.all([new Promise((r) => proxy.close(r)), new Promise((r) => tenant.close(r))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
