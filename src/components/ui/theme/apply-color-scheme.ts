import { type ColorScheme, colorSchemeProperties } from "./tokens";

/** Puts an organisation's colours on the document root, where theme.css reads them. */
export function applyColorScheme(scheme: ColorScheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(colorSchemeProperties(scheme)))
    root.style.setProperty(name, value);
}
