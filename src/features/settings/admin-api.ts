// Calls to the administration API (sync-server/admin) with the session's access token. A refusal
// comes back as an Error carrying the server's message (it says what is wrong and where); raw bytes
// (a logo) go as `bytes`.
export { sessionJson as adminFetch } from "../../lib/auth/authorized-json";
