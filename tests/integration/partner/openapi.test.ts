import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTNER_ROUTES } from "../../../sync-server/partner/routes";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// The partner API's OpenAPI document (docs/partner-api.md): it validates against the official OpenAPI 3.1
// schema (@seriousme/openapi-schema-validator ships it, with $dynamicRef written as $ref so Ajv can
// resolve it) and each of its Schema Objects against JSON Schema 2020-12; and every operation IN THE
// DOCUMENT (not a hand list) answers as documented, with requests made from the document: its example
// (200), no key (401), a key without the operation's security scope (403), malformed JSON and a body
// against its schema (400), an oversized body (413), an exhausted key (429). Each answer's status must be
// documented for the operation, its content type and body must fit the documented media type and schema,
// and its required documented headers must be present. Not provoked here: 422 (the spec's messages:
// partner-api.test.ts), 500, and 503 (the server always has the embedded sample market).

const partner = demoUser("partner@demo.rangeline.test");
const SCOPES = ["quotes:read", "market:read", "book:read", "commissions:read"] as const;

type Media = { schema: object; example?: Record<string, unknown> };
type Header = { $ref?: string; required?: boolean; schema?: { type?: string } };
type Op = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: ({ $ref: string } | { name: string; in: string; example?: string })[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { headers?: Record<string, Header>; content?: Record<string, Media> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  components: {
    headers: Record<string, Header>;
    parameters: Record<string, { name: string; in: string; schema: { pattern: string } }>;
  };
};

const pointer = (...parts: string[]) =>
  parts.map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
const local = (ref: string) => ref.replace(/^#\/components\/[a-z]+\//, "");

async function startWithKeys(env: Record<string, string>) {
  const server = await startTestServer({ RATE_LIMIT_API_PER_ADDRESS: "100000", ...env });
  const token = await server.token(partner);
  const key = async (scopes: readonly string[]) => {
    const r = await fetch(`http://127.0.0.1:${server.port}/api/orgs/demo/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `openapi ${scopes.join(" ")}`, scopes }),
    });
    expect(r.status).toBe(201);
    return ((await r.json()) as { key: string }).key;
  };
  return { server, key };
}

describe("the OpenAPI document of the partner API", () => {
  let server: TestServer;
  let doc: Doc;
  let all: string;
  /** A key for each scope alone. */
  const only = new Map<string, string>();
  /** Answers the document's schemas: getSchema("doc#" + JSON pointer). */
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    const started = await startWithKeys({ PARTNER_API_PER_KEY_PER_MINUTE: "100000" });
    server = started.server;
    all = await started.key(SCOPES);
    for (const s of SCOPES) only.set(s, await started.key([s]));
    const res = await fetch(url("/api/v1/openapi.json"));
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
    ajv.addSchema(doc as object, "doc");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("validates against the official OpenAPI 3.1 schema; each Schema Object is valid JSON Schema 2020-12", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const meta = createRequire(import.meta.url)(
      "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json",
    ) as { $id: string };
    expect(meta.$id).toMatch(/^https:\/\/spec\.openapis\.org\/oas\/3\.1\/schema\//);
    const oas = new Ajv2020({ strict: false, allErrors: true });
    addFormats(oas);
    oas.addFormat("media-range", /^[\w.+-]+\/[\w.+*-]+/);
    const validate = oas.compile(meta);
    expect(validate(doc), JSON.stringify(validate.errors, null, 1)).toBe(true);

    // Every Schema Object (wherever a `schema` sits, and the components' schemas) against 2020-12,
    // compiled strictly (unknown keywords, type mistakes) unless it is a bare reference.
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(strict);
    const found: { at: string; schema: Record<string, unknown> }[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      for (const [k, v] of Object.entries(node)) {
        if (k === "schema" && v && typeof v === "object")
          found.push({ at: `${at}/${k}`, schema: v as Record<string, unknown> });
        else walk(v, `${at}/${k}`);
      }
    };
    walk(doc.paths, "#/paths");
    walk(doc.components.headers, "#/components/headers");
    walk(doc.components.parameters, "#/components/parameters");
    for (const [name, s] of Object.entries((doc.components as unknown as { schemas: object }).schemas))
      found.push({ at: `#/components/schemas/${name}`, schema: s as Record<string, unknown> });
    expect(found.length).toBeGreaterThan(PARTNER_ROUTES.length * 2);
    for (const { at, schema } of found) {
      expect(strict.validateSchema(schema), `${at}: ${JSON.stringify(strict.errors)}`).toBe(true);
      if (!("$ref" in schema)) expect(() => strict.compile(schema), at).not.toThrow();
    }
  });

  it("documents every route the server serves under /api/v1, each once", () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(PARTNER_ROUTES.map((r) => r.operationId).sort());
  });

  /** Checks an answer against what the document says of the operation; returns the status. */
  async function expectDocumented(at: { path: string; method: string; op: Op }, res: Response, why: string) {
    const label = `${at.method.toUpperCase()} ${at.path} (${why}) → ${res.status}`;
    const text = await res.text();
    const documented = at.op.responses[String(res.status)];
    expect(documented, `${label} is not documented: ${text}`).toBeDefined();
    if (!documented) return res.status;
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const h = header.$ref ? doc.components.headers[local(header.$ref)] : header;
      const value = res.headers.get(name);
      if (h?.required) expect(value, `${label}: header ${name}`).toBeTruthy();
      if (value !== null && h?.schema) {
        const fits = ajv.compile(h.schema);
        expect(fits(h.schema.type === "integer" ? Number(value) : value), `${label}: ${name}: ${value}`).toBe(
          true,
        );
      }
    }
    const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
    const media = documented.content ?? {};
    expect(Object.keys(media), `${label}: content type ${type}`).toContain(type);
    const schema = ajv.getSchema(
      `doc#${pointer("paths", at.path, at.method, "responses", String(res.status), "content", type, "schema")}`,
    );
    if (!schema) throw new Error(`${label}: no schema`);
    expect(schema(JSON.parse(text)), `${label}: ${JSON.stringify(schema.errors)} in ${text}`).toBe(true);
    return res.status;
  }

  it("every operation in it answers as documented, with requests made from the document", async () => {
    const requestIdParam = doc.components.parameters.RequestId;
    expect(requestIdParam?.in).toBe("header");
    const seen = new Map<string, Set<number>>();
    for (const at of operations()) {
      const { path, method, op } = at;
      const scope = op.security[0]?.apiKey?.[0] as string;
      expect(SCOPES).toContain(scope);
      const media = op.requestBody?.content["application/json"];
      // Query parameters from the document: each with its example (COMM6: GET /api/v1/commissions?cropYear=).
      const query = (op.parameters ?? []).flatMap((p) =>
        "in" in p && p.in === "query" ? [[p.name, p.example ?? ""] as [string, string]] : [],
      );
      const search = query.length > 0 ? `?${new URLSearchParams(query)}` : "";
      const send = (key: string | null, body?: string, headers: Record<string, string> = {}, at = search) =>
        fetch(url(`${path}${at}`), {
          method: method.toUpperCase(),
          headers: {
            ...(key ? { authorization: `Bearer ${key}` } : {}),
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            ...headers,
          },
          body,
        });
      const example = media ? JSON.stringify(media.example) : undefined;
      if (media) expect(media.example, `${path}: an example request`).toBeDefined();
      const statuses = new Set<number>();
      seen.set(op.operationId, statuses);

      // The document's own example, as it stands, with a request id of ours (the documented parameter).
      const id = `openapi-${op.operationId}`;
      expect(id).toMatch(new RegExp(requestIdParam?.schema.pattern as string));
      const ok = await send(all, example, { [requestIdParam?.name as string]: id });
      expect(ok.headers.get("x-request-id")).toBe(id);
      statuses.add(await expectDocumented(at, ok, "its example"));
      const noKey = await send(null, example);
      expect(noKey.headers.get("www-authenticate")).toMatch(/^Bearer/);
      statuses.add(await expectDocumented(at, noKey, "no key"));
      const otherScope = SCOPES.find((s) => s !== scope) as string;
      statuses.add(
        await expectDocumented(at, await send(only.get(otherScope) as string, example), "no scope"),
      );
      if (query.length > 0)
        statuses.add(
          await expectDocumented(
            at,
            await send(all, undefined, {}, `?${new URLSearchParams(query.map(([n]) => [n, "not-a-value"]))}`),
            "a malformed query",
          ),
        );
      if (media) {
        statuses.add(await expectDocumented(at, await send(all, "{not json"), "malformed JSON"));
        statuses.add(await expectDocumented(at, await send(all, "{}"), "against the schema"));
        statuses.add(
          await expectDocumented(at, await send(all, JSON.stringify({ pad: "x".repeat(70_000) })), "too big"),
        );
      }
    }
    for (const { op } of operations()) {
      const expected = Object.keys(op.responses)
        .map(Number)
        .filter((s) => ![422, 429, 500, 503].includes(s));
      expect([...(seen.get(op.operationId) ?? [])].sort(), op.operationId).toEqual(expected.sort());
    }
  });

  it("every operation answers 429 with Retry-After as documented once its key's budget is spent", async () => {
    const limited = await startWithKeys({ PARTNER_API_PER_KEY_PER_MINUTE: "8" });
    try {
      for (const at of operations()) {
        const key = await limited.key(SCOPES);
        const example = at.op.requestBody?.content["application/json"]?.example;
        const query = (at.op.parameters ?? []).flatMap((p) =>
          "in" in p && p.in === "query" ? [[p.name, p.example ?? ""] as [string, string]] : [],
        );
        const search = query.length > 0 ? `?${new URLSearchParams(query)}` : "";
        let last: Response | null = null;
        for (let i = 0; i < 20 && last?.status !== 429; i++) {
          await last?.body?.cancel();
          last = await fetch(`http://127.0.0.1:${limited.server.port}${at.path}${search}`, {
            method: at.method.toUpperCase(),
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: example ? JSON.stringify(example) : undefined,
          });
        }
        if (!last) throw new Error("no answer");
        expect(last.status, at.path).toBe(429);
        expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        await expectDocumented(at, last, "budget spent");
      }
    } finally {
      await limited.server.stop();
    }
  });

  it("the reference page names every operation of the document", async () => {
    const page = await fetch(url("/api/v1/reference"));
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const { path, method } of operations()) expect(html).toContain(`${method.toUpperCase()} ${path}`);
  });
});
