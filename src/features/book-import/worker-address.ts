// The built import worker's address (worker/import-worker.ts), one build for the screen and the warm-up
// (src/app/warm-import-worker.ts): the screen starts the worker from it, an agent's session fetches it
// once so the service worker keeps it for an import without a connection (docs/book-import.md "Offline").
import url from "../../../worker/import-worker.ts?worker&url";

export default url;
