import { z } from "zod";
import { PARTNER_ROUTES } from "./routes";
import { problemSchema } from "./schemas";

// The OpenAPI 3.1 document of the partner API, generated from the zod schemas of the routes table
// (z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses). Served at /api/v1/openapi.json.

const schema = (s: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;

const strip = (s: Record<string, unknown>) => {
  const { $schema: _drop, ...rest } = s;
  return rest;
};

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of PARTNER_ROUTES) {
    paths[r.path] ??= {};
    paths[r.path][r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      description: `${r.description}\n\nScope: \`${r.scope}\`.`,
      security: [{ apiKey: [r.scope] }],
      "x-scope": r.scope,
      ...(r.request
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: strip(schema(r.request, "input")),
                  ...(r.example ? { example: r.example } : {}),
                },
              },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "OK",
          headers: { "X-Request-Id": { schema: { type: "string" } } },
          content: { "application/json": { schema: strip(schema(r.response, "output")) } },
        },
        ...(r.request ? { "400": problemResponse("The body is not JSON or does not fit the schema.") } : {}),
        "401": problemResponse("No API key, or not a valid one (revoked, unknown)."),
        "403": problemResponse("The key lacks the route's scope."),
        ...(r.request ? { "413": problemResponse("The body is too large.") } : {}),
        ...(r.request
          ? { "422": problemResponse("The input cannot be priced (the specification's message).") }
          : {}),
        "429": {
          ...problemResponse("Too many requests for this key: wait Retry-After seconds."),
          headers: { "Retry-After": { schema: { type: "integer" } } },
        },
        "503": problemResponse("No market snapshot is published yet."),
      },
    };
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
    },
    paths,
  };
}
