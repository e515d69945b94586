// One log entry is one line (docs/hardening.md, LOG1). A value that came from a request — a CSP
// report's directive, a document name, a path, an error message quoting a body — may hold a newline, a
// carriage return or a terminal escape; written raw it would forge a whole line ("superadmin … signed
// in") or repaint the operator's terminal. Every message the server logs goes through `oneLine`, and
// request values travel as a JSON object after the message (`logEntry`), quoted and escaped, so a value
// cannot pass for the server's own words. (Issue 43 will make every line one JSON object.)

// C0 and C1 control characters, DEL, and the two Unicode line separators JSON leaves raw.
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

const escaped = (c: string): string =>
  c === "\n"
    ? "\\n"
    : c === "\r"
      ? "\\r"
      : c === "\t"
        ? "\\t"
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** The text with every control character written as an escape: it prints as one line, inert. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** `message {"field":"value",…}`: the server's words, then the request's values as escaped JSON. */
export function logEntry(message: string, fields: Record<string, unknown>): string {
  return `${oneLine(message)} ${oneLine(JSON.stringify(fields))}`;
}
