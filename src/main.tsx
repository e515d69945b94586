import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./components/ui/theme/theme.css";
import { App } from "./app/app";
import { whenSettled } from "./app/when-settled";
import { registerServiceWorker } from "./lib/pwa/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Once the first screen has what it needs (docs/first-visit.md): Roboto (until then the system's sans-serif; the
// faces swap in) and the service worker, whose precache downloads the whole app. The service worker
// exists only in a build (vite-plugin-pwa writes /sw.js); `vite dev` runs without.
void whenSettled().then(() => {
  void import("./components/ui/theme/fonts");
  if (import.meta.env.PROD) void registerServiceWorker();
});
