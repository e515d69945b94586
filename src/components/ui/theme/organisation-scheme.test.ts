import { describe, expect, it } from "vitest";
import { schemeFromSettings } from "./organisation-scheme";
import { DEFAULT_COLOR_SCHEME } from "./tokens";

describe("organisation colour scheme", () => {
  const custom = {
    primary: "#0A3D62",
    secondary: "#60A3BC",
    success: "#38ADA9",
    info: "#4A69BD",
    warning: "#F6B93B",
    error: "#B71540",
  };

  it("uses the organisation's scheme when it is valid", () => {
    expect(schemeFromSettings({ name: "Demo", colorScheme: custom })).toEqual(custom);
  });

  it("falls back to the spec's defaults when there is no or a broken scheme", () => {
    expect(schemeFromSettings(undefined)).toEqual(DEFAULT_COLOR_SCHEME);
    expect(schemeFromSettings({ name: "Demo" })).toEqual(DEFAULT_COLOR_SCHEME);
    expect(schemeFromSettings({ colorScheme: { ...custom, info: "blue" } })).toEqual(DEFAULT_COLOR_SCHEME);
    expect(schemeFromSettings({ colorScheme: { primary: "#000000" } })).toEqual(DEFAULT_COLOR_SCHEME);
  });
});
