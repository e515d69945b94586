import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./components/ui/theme/fonts";
import "./components/ui/theme/theme.css";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/pwa/service-worker";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker exists only in a build (vite-plugin-pwa writes /sw.js); `vite dev` runs without.
if (import.meta.env.PROD) registerServiceWorker();
