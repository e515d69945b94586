import { RouterProvider } from "react-router/dom";
import { Providers } from "./providers";
import { createAppRouter } from "./router";

const router = createAppRouter();

// NAV2 (docs/hardening.md): a navigation renders its screen in one go, not as a React transition. A
// transition's render yields every few milliseconds and starts over whenever a store the screen tree
// reads changes (the sync status, an open document, the online flag), so while the book synced the
// next screen never finished rendering and the old one stayed up with "Syncing…" for seconds (the
// campaign form: 5-6 s on a 4× slower CPU, 0.5-1 s with this).
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  );
}
