// Calls to the platform API with the session's token; a refusal throws the server's message.
export { sessionJson as platformFetch } from "../../lib/auth/authorized-json";
