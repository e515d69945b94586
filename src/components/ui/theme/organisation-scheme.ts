import { type ColorScheme, colorSchemeSchema } from "../../../../shared/schemas/organisation";
import { DEFAULT_COLOR_SCHEME } from "./tokens";

/**
 * The colour scheme an organisation's settings ask for: their `colorScheme` when it is a valid scheme
 * (organisation schema), else the defaults of spec §3 — a broken setting never breaks the screen.
 */
export function schemeFromSettings(settings: unknown): ColorScheme {
  if (typeof settings !== "object" || settings === null || !("colorScheme" in settings)) {
    return DEFAULT_COLOR_SCHEME;
  }
  const parsed = colorSchemeSchema.safeParse(settings.colorScheme);
  return parsed.success ? parsed.data : DEFAULT_COLOR_SCHEME;
}
