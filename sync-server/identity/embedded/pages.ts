import type { DemoUser } from "../demo-users";

// The embedded provider's server-rendered pages: the demo sign-in page, the web_message response that
// auth0-spa-js's hidden frame or popup listens for, and an error page. Plain HTML, readable at 360 px.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );

const styles = `
  body { font: 16px/1.5 Roboto, system-ui, sans-serif; margin: 0; background: #f5f5f5; color: #1a1a1a; }
  main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p.note { color: #444; margin: 0 0 1rem; }
  p.problem { background: #fdecea; border-left: 4px solid #b3261e; padding: 0.5rem 0.75rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
  button { width: 100%; text-align: left; padding: 0.75rem 1rem; font: inherit; border: 1px solid #8a8a8a;
    border-radius: 4px; background: #fff; cursor: pointer; min-height: 48px; }
  button:hover, button:focus-visible { border-color: #1b5e20; outline: 2px solid #1b5e20; outline-offset: 1px; }
  .who { display: block; font-weight: 500; overflow-wrap: anywhere; }
  .what { display: block; color: #444; font-size: 0.875rem; }
`;

function page(title: string, body: string, status = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body><main>${status}${body}</main></body>
</html>`;
}

/**
 * The demo sign-in page. Each user is a button of one GET form that repeats the original /authorize
 * parameters and adds login_hint, so choosing a user is the same request a test can make directly.
 */
export function signInPage(
  params: Record<string, string>,
  users: readonly DemoUser[],
  problem?: string,
): string {
  const hidden = Object.entries(params)
    .filter(([name]) => name !== "login_hint" && name !== "prompt")
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const buttons = users
    .map(
      (user) => `<li><button type="submit" name="login_hint" value="${escapeHtml(user.email)}">
<span class="who">${escapeHtml(user.name)}</span>
<span class="what">${escapeHtml(user.email)} · ${escapeHtml(user.roles.join(", "))} · organisation ${escapeHtml(user.orgId)}</span>
</button></li>`,
    )
    .join("\n");
  const status = problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : "";
  return page(
    "Sign in · Rangeline development",
    `<h1>Sign in to Rangeline</h1>
<p class="note">Development identity provider: choose a demo user. No password is asked; this page never runs in production.</p>
<form method="get" action="/authorize" aria-label="Demo users">
${hidden}
<ul>
${buttons}
</ul>
</form>`,
    status,
  );
}

/**
 * The response_mode=web_message answer: posts the authorization response to the window that opened
 * the hidden frame or popup, only to the app's origin. The script runs under a CSP nonce.
 */
export function webMessagePage(
  targetOrigin: string,
  response: Record<string, string>,
  scriptNonce: string,
): string {
  const message = JSON.stringify({ type: "authorization_response", response }).replace(/</g, "\\u003c");
  const origin = JSON.stringify(targetOrigin).replace(/</g, "\\u003c");
  return page(
    "Signing in…",
    `<p>Signing in…</p>
<script nonce="${escapeHtml(scriptNonce)}">
(function () {
  var target = window.opener || window.parent;
  target.postMessage(${message}, ${origin});
})();
</script>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(detail)}</p>`);
}
