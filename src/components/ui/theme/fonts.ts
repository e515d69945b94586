// Roboto, self-hosted from @fontsource/roboto (no font CDN): the Latin subset in the three weights the
// theme uses. The service worker precaches the woff2 files with the app shell.
import "@fontsource/roboto/latin-400.css";
import "@fontsource/roboto/latin-500.css";
import "@fontsource/roboto/latin-700.css";
