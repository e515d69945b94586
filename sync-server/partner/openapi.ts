import { z } from "zod";
import { cropYearOf } from "../../shared/book/crop-year";
import { PARTNER_ROUTES, type PartnerRoute } from "./routes";
import { problemSchema } from "./schemas";

// The OpenAPI 3.1 document of the partner API, generated from the zod schemas of the routes table
// (z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses). Served at /api/v1/openapi.json and
// validated against the official OpenAPI 3.1 schema in tests/integration/partner.

const schema = (s: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

const strip = (s: Record<string, unknown>) => {
  const { $schema: _drop, ...rest } = s;
  return rest;
};

/** What a request id may be when the caller sends one (else the server makes one). */
export const REQUEST_ID_PATTERN = "^[A-Za-z0-9._-]{1,64}$";

const requestIdHeader = { $ref: "#/components/headers/RequestId" };
const problemResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { "X-Request-Id": requestIdHeader, ...headers },
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

/** The route's example request, priced on `day` (the current snapshot's trading day) when known. */
function exampleOf(route: PartnerRoute, day: string | undefined) {
  if (!route.example) return undefined;
  if (!day || !("salesDate" in route.example)) return route.example;
  return { ...route.example, salesDate: day, cropYear: cropYearOf(day) };
}

/** The route's query parameters, one per key of its query schema. */
function queryParameters(r: PartnerRoute) {
  if (!r.query) return [];
  const json = schema(r.query, "input") as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(typeof description === "string" ? { description } : {}),
      ...(r.queryExample?.[name] !== undefined ? { example: r.queryExample[name] } : {}),
      schema: rest,
    };
  });
}

function operation(r: PartnerRoute, day: string | undefined) {
  const example = exampleOf(r, day);
  return {
    operationId: r.operationId,
    summary: r.summary,
    description: `${r.description}\n\nScope: \`${r.scope}\`.`,
    security: [{ apiKey: [r.scope] }],
    "x-scope": r.scope,
    parameters: [{ $ref: "#/components/parameters/RequestId" }, ...queryParameters(r)],
    ...(r.request
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: strip(schema(r.request, "input")),
                ...(example ? { example } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      "200": {
        description: "OK",
        headers: { "X-Request-Id": requestIdHeader },
        content: { "application/json": { schema: strip(schema(r.response, "output")) } },
      },
      ...(r.request ? { "400": problemResponse("The body is not JSON or does not fit the schema.") } : {}),
      ...(r.query ? { "400": problemResponse("A query parameter is missing or not what it says.") } : {}),
      "401": problemResponse(
        "No API key, or not a valid one (revoked, unknown, or its owner is no longer a partner of the organisation).",
        {
          "WWW-Authenticate": { description: "`Bearer`", schema: { type: "string" } },
        },
      ),
      "403": problemResponse("The key lacks the route's scope, or its organisation is disabled."),
      ...(r.request ? { "413": problemResponse("The body is too large (over 64 KiB).") } : {}),
      ...(r.request
        ? { "422": problemResponse("The input cannot be priced (the specification's message).") }
        : {}),
      "429": problemResponse("Too many requests for this key: wait Retry-After seconds.", {
        "Retry-After": { description: "seconds", required: true, schema: { type: "integer", minimum: 1 } },
      }),
      "500": problemResponse("Something failed on the server: quote the request id."),
      ...(r.usesMarket ? { "503": problemResponse("No market snapshot is published yet.") } : {}),
    },
  };
}

/** The document; `marketDay` (the current snapshot's trading day) dates the examples. */
export function openApiDocument(serverUrl: string, marketDay?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of PARTNER_ROUTES) {
    paths[r.path] ??= {};
    paths[r.path][r.method] = operation(r, marketDay);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Rangeline partner API",
      version: "1.0.0",
      description:
        "Livestock insurance quotes (LRP, LGM), the market snapshot they are priced against, and read access to the organisation's book. Authenticate with an API key from /api-keys: `Authorization: Bearer rl_live_…`. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "rl_live_{id}_{secret}" },
      },
      schemas: { Problem: strip(schema(problemSchema, "output")) },
      headers: {
        RequestId: {
          description:
            "The request's id (yours if you sent a valid X-Request-Id); quote it when asking for help.",
          required: true,
          schema: { type: "string" },
        },
      },
      parameters: {
        RequestId: {
          name: "X-Request-Id",
          in: "header",
          required: false,
          description: "Your id for the request, echoed back (else the server makes one).",
          schema: { type: "string", pattern: REQUEST_ID_PATTERN },
        },
      },
    },
    paths,
  };
}
