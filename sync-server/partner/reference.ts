// The readable reference of the partner API (GET /api/v1/reference): an HTML page rendered from the
// generated OpenAPI document, so the page and the document cannot disagree. No scripts, no inline styles.

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );
const code = (v: unknown) => `<pre><code>${esc(JSON.stringify(v, null, 2))}</code></pre>`;

type Op = {
  summary: string;
  description: string;
  requestBody?: { content: { "application/json": { schema: unknown; example?: unknown } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

export function referencePage(doc: {
  info: { title: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}): string {
  const sections = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, raw]) => {
      const op = raw as Op;
      const body = op.requestBody?.content["application/json"];
      const ok = op.responses["200"]?.content?.["application/json"]?.schema;
      const errors = Object.entries(op.responses)
        .filter(([s]) => s !== "200")
        .map(([s, r]) => `<li><strong>${s}</strong> ${esc(r.description)}</li>`)
        .join("");
      const curl = `curl -s ${method === "post" ? "-X POST " : ""}${doc.servers[0]?.url ?? ""}${path} \\\n  -H "Authorization: Bearer $RANGELINE_KEY"${
        body?.example
          ? ` \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(body.example)}'`
          : ""
      }`;
      return `<section id="${esc(path)}"><h2>${method.toUpperCase()} ${esc(path)}</h2><p><strong>${esc(op.summary)}.</strong> ${esc(op.description)}</p>
<h3>Example</h3><pre><code>${esc(curl)}</code></pre>
${body ? `<details><summary>Request body schema</summary>${code(body.schema)}</details>` : ""}
${ok ? `<details><summary>Response schema (200)</summary>${code(ok)}</details>` : ""}
<h3>Errors</h3><ul>${errors}</ul></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title></head>
<body><main><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Keys: <a href="/api-keys">/api-keys</a>. Every answer carries <code>X-Request-Id</code>; quote it when asking for help.</p>
${sections.join("\n")}</main></body></html>`;
}
