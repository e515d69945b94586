import { DEFAULT_COLOR_SCHEME } from "../../../../shared/catalogue/app-defaults";

/**
 * Back to the spec's default colours: removes the organisation's colours that applyColorScheme put on
 * the root, so theme.css's defaults (the same colours, theme.test.ts checks) apply again. Needs no
 * schema, so the signed-out shell does not load zod.
 */
export function resetColorScheme(root: HTMLElement = document.documentElement): void {
  for (const name of Object.keys(DEFAULT_COLOR_SCHEME)) root.style.removeProperty(`--color-${name}`);
}
