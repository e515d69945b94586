import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig, version as viteVersion } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompressDir } from "./sync-server/web/precompress";

// The installable PWA (README.md): the manifest, and a service worker built from src/sw.ts
// ("injectManifest") that precaches the app shell. main.tsx registers it through workbox-window and
// asks the user before an update reloads the page, so nothing is injected into index.html here.
export default defineConfig(({ command }) => {
  // The server runs with NODE_ENV development or test (npm start, the end-to-end tests); that is the
  // server's mode, not the bundle's. A build is always a production bundle: React's production build,
  // and import.meta.env.PROD true so that main.tsx registers the service worker.
  if (command === "build") process.env.NODE_ENV = "production";
  return config;
});

// zod 4 compiles object parsers with `new Function` and, to learn whether it may, calls
// `Function("")` once: the Content-Security-Policy (no 'unsafe-eval', docs/hardening.md) refuses it and reports
// a violation. Set before zod's chunk runs (whatever parses first, at load or later), jitless parsing
// never tries eval. The server keeps zod's default.
const ZOD_JITLESS = "globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };";
const zodJitless = (chunk: { name: string }) => (chunk.name === "zod" ? ZOD_JITLESS : "");
const zodGroup = { name: "zod", test: /node_modules[\\/]zod[\\/]/ };

// One decimal.js file for the page and the pricing worker (docs/first-visit.md). The worker is bundled on its own,
// so it carried a second copy (~12 KB gzipped) in its `markets` chunk, fetched on every first quote
// screen next to the page's. The page's build emits decimal.js as a chunk of a fixed name (with the
// module's own exports: rolldown makes it a one-line re-export of the page's decimal chunk, 61 bytes);
// the worker's build leaves `decimal.js` out and imports that file. The fixed name's hash is of what
// makes both files (decimal.mjs, the Vite and rolldown versions; the decimal chunk holds that module
// alone, so its one export's name does not depend on the app): a new decimal.js is a new name, so an
// `immutable` copy in a browser's cache never points at a file that is gone.
const DECIMAL = "decimal.js";
const DECIMAL_FILE = (() => {
  const require = createRequire(import.meta.url);
  const hash = createHash("sha256")
    .update(readFileSync(require.resolve("decimal.js/decimal.mjs")))
    .update(viteVersion)
    .update(readFileSync(require.resolve("rolldown/package.json")))
    .digest("hex")
    .slice(0, 10);
  return `decimal-${hash}.js`;
})();
const sharedDecimal = (): Plugin => ({
  name: "rangeline:shared-decimal",
  apply: "build",
  buildStart() {
    this.emitFile({
      type: "chunk",
      id: DECIMAL,
      fileName: `assets/${DECIMAL_FILE}`,
      preserveSignature: "allow-extension",
    });
  },
});

// Brotli and gzip copies of the build's text files (docs/first-visit.md), served by sync-server/web/static-files.ts.
// Last of all (after vite-plugin-pwa has written sw.js), once the whole build is on disk.
const precompress = (): Plugin => {
  let outDir = "dist";
  return {
    name: "rangeline:precompress",
    apply: "build",
    configResolved(resolved) {
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const { files, bytes, brotli } = precompressDir(outDir);
        this.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
        );
      },
    },
  };
};

// The landing route's chunks and the market snapshot requested by the HTML at once (docs/first-visit.md): without
// this the browser learns of the LRP quote screen's chunks only once the entry (and React) have run,
// then of each chunk's imports one round trip after another, and of /api/market/current only once the
// screen runs. Every route gets the same page, so the others pay for this too (docs/first-visit.md).
const LANDING_SCREEN = /src[\\/]features[\\/]lrp-quote[\\/]lrp-quote-page\.tsx$/;
// The screen starts the pricing worker through a dynamic import of its client, and the worker loads its
// own module graph: both found only once the screen runs, so they are listed here too.
const PRICING_CLIENT = /worker[\\/]client\.ts$/;
const PRICING_WORKER = /pricing\.worker-[\w-]+\.js$/;
// The LRP part of the snapshot (src/lib/pricing/http-market-source.ts: MARKET_LRP_PART_URL).
const MARKET_SNAPSHOT = "/api/market/current?part=lrp";
const landingPreloads = (): Plugin => ({
  name: "rangeline:landing-preloads",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [c] : []));
      const screen = chunks.find((c) => c.moduleIds.some((id) => LANDING_SCREEN.test(id)));
      if (!screen) throw new Error("landing-preloads: the LRP quote screen's chunk is not in the build");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = byName.get(fileName);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk?.imports ?? []) visit(imported);
      };
      visit(screen.fileName);
      const client = chunks.find((c) => c.moduleIds.some((id) => PRICING_CLIENT.test(id)));
      if (!client) throw new Error("landing-preloads: the pricing worker's client is not in the build");
      visit(client.fileName);
      // The worker's files are assets of this build (it is bundled on its own): its entry and the
      // chunks it imports, read from its import statements — and the page's decimal.js file it shares
      // (sharedDecimal), unless the page preloads that already. Fetched into the HTTP cache (they are
      // immutable), not run: a document cannot hand a module to a worker.
      const assets = new Map(
        Object.values(bundle).flatMap((a) => (a.type === "asset" ? [[a.fileName, String(a.source)]] : [])),
      );
      const workerFiles = new Set<string>();
      const visitWorker = (fileName: string) => {
        const source = assets.get(fileName) ?? byName.get(fileName)?.code;
        if (workerFiles.has(fileName) || files.has(fileName) || source === undefined) return;
        workerFiles.add(fileName);
        for (const [, relative] of source.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
          visitWorker(`assets/${relative}`);
      };
      for (const fileName of assets.keys()) if (PRICING_WORKER.test(fileName)) visitWorker(fileName);
      if (workerFiles.size === 0) throw new Error("landing-preloads: the pricing worker is not in the build");
      const href = (file: string) => `/${file}`;
      return [
        {
          tag: "link",
          attrs: { rel: "preload", href: MARKET_SNAPSHOT, as: "fetch", crossorigin: "anonymous" },
          injectTo: "head",
        },
        ...[...files]
          .filter((file) => !html.includes(href(file)))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: href(file) },
            injectTo: "head" as const,
          })),
        ...[...workerFiles].map((file) => ({
          tag: "link",
          attrs: { rel: "preload", as: "fetch", crossorigin: "anonymous", href: href(file) },
          injectTo: "head" as const,
        })),
        ...[...styles]
          .filter((file) => !html.includes(href(file)))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", crossorigin: true, href: href(file) },
            injectTo: "head" as const,
          })),
      ];
    },
  },
});

// The app's static import graph, recorded while building: the lrp-quote chunk group reads it (below).
const importGraph = new Map<string, readonly string[]>();
const recordImportGraph = (): Plugin => ({
  name: "rangeline:import-graph",
  apply: "build",
  moduleParsed(info) {
    importGraph.set(info.id, info.importedIds);
  },
});
const staticClosure = (root: RegExp): Set<string> => {
  const seen = new Set<string>();
  const queue = [...importGraph.keys()].filter((id) => root.test(id));
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(importGraph.get(id) ?? []));
  }
  return seen;
};
let landingOnly: Set<string> | undefined;
/**
 * The app's own modules (not libraries) that the landing screen imports statically and the entry does
 * not (docs/first-visit.md): in one chunk with the screen, not ~20 chunks of 1-2 KB, each a request with ~1 KB
 * of headers and a round trip. A later screen that needs one of them loads that chunk.
 */
const inLandingScreen = (id: string): boolean => {
  if (!landingOnly) {
    const entry = staticClosure(/src[\\/]main\.tsx$/);
    landingOnly = new Set(
      [...staticClosure(LANDING_SCREEN)].filter((m) => !entry.has(m) && !/node_modules/.test(m)),
    );
  }
  return landingOnly.has(id);
};

const config: UserConfig = {
  plugins: [
    recordImportGraph(),
    sharedDecimal(),
    react(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      manifest: {
        id: "/",
        name: "Rangeline",
        short_name: "Rangeline",
        description:
          "LRP and LGM livestock insurance quotes for producers and their agents, online or offline.",
        lang: "en-US",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: "#AC141C",
        background_color: "#F6F5F3",
        categories: ["business", "finance", "productivity"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      includeAssets: ["icons/mark.svg", "icons/apple-touch-icon.png"],
      injectManifest: {
        // The shell: HTML, every script chunk (screens and the compute worker), styles, the Roboto
        // woff2 files and icons (listed by the manifest and includeAssets). Source maps and the older woff files stay out.
        globPatterns: ["**/*.{html,js,css,woff2}"],
        // The book import's worker (1.2 MB) only for agents, fetched by their session (src/sw.ts).
        globIgnores: ["**/*.map", "**/import-worker-????????.js"],
      },
      devOptions: { enabled: false },
    }),
    landingPreloads(),
    precompress(),
  ],
  // The worker's chunks (its entry, the chunk its entry shares with the lazily loaded claims and campaign
  // preview, and those): the jitless setting goes first in each, so it runs before zod whichever chunk
  // carries zod (imports run before the body of the chunk that imports them).
  worker: {
    format: "es",
    rolldownOptions: {
      // shared/ is pure (CONVENTIONS §1: definitions, no module-level effects), so a shared module
      // none of whose exports the worker uses is left out entirely. Without this, quoteLrp's module
      // importing the LRP input schema (for the parse the worker does without zod, docs/first-visit.md) would
      // keep the schema's module, and zod with it, in the first screen's worker.
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]/, sideEffects: false }] },
      // The page's decimal.js file (sharedDecimal, above), next to the worker's files in assets/.
      external: [DECIMAL],
      output: { banner: () => ZOD_JITLESS, paths: { [DECIMAL]: `./${DECIMAL_FILE}` } },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own: an app update then re-downloads only the app's code. A
        // group is loaded as a whole, so each one holds libraries needed at the same moment: every
        // screen needs react; sign-in alone needs auth0; a signed-in user's sync layer needs sync; zod
        // is shared by the signed-in parts (claims, documents, organisation colours). Gluing a lazily
        // needed library to an eager one would put it on every first screen. Ark UI has no group: each
        // component goes with the screens that use it (the user menu and the mobile drawer load on
        // demand), and what they share lands in a common chunk.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "auth0", test: /node_modules[\\/]@auth0[\\/]/ },
            {
              name: "sync",
              test: /node_modules[\\/](yjs|lib0|y-protocols|y-indexeddb|@hocuspocus|@lifeomic)[\\/]/,
            },
            zodGroup,
            // The LRP quote screen and the app modules only it needs at first (inLandingScreen, issue
            // 30: among them the parts of src/components/quote it shares with the agent's coverage
            // create screen) in one chunk: split by importer they cost the quote screen ~1 KB gzipped
            // of chunk overhead each. Not the rest of src/components/quote: its LGM parts (figures,
            // use-lgm-quote) would bring the LGM form, types and period chunks to the LRP screen. The
            // Order button's lazily loaded modules stay out.
            {
              name: "lrp-quote",
              test: (id: string) =>
                (/src[\\/]features[\\/]lrp-quote[\\/]/.test(id) || inLandingScreen(id)) &&
                !/order-button(-synced)?\.tsx$/.test(id),
            },
          ],
          // A group holds the modules it matches, not their dependencies too (the libraries' groups
          // match all of theirs): otherwise the lrp-quote group would pull the shell's UI parts in.
          includeDependenciesRecursively: false,
        },
        banner: zodJitless,
      },
    },
  },
  server: { port: 5173 },
};
