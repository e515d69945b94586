// The browsers the end-to-end tests drive, both Debian's (scripts/ensure-chromium.mjs installs them):
// - the headless shell, for every test by default: the same engine without the whole browser's
//   window, compositor and UI, at about 0.56x the CPU on the same specs (README "End-to-end tests: two
//   at once");
// - the whole browser in its headless mode, for what only it does: showing a notification from the
//   service worker (alerts.spec.ts), Web Push through its GCM client (push-subscribe.spec.ts).
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** The shell's binary itself (the path above is a script), for a process the test kills outright. */
export const HEADLESS_SHELL_BINARY = "/usr/lib/chromium/chromium-headless-shell";
export const WHOLE_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
