import type { FuturesRoot } from "../contracts";

// Shapes of the sample futures curves: a level near late-2026 markets, a seasonal pattern by calendar
// month (percent), a slope per month ahead (percent) and an at-the-money implied volatility that
// flattens with time. Sample data only: realistic magnitudes, not a forecast.

export interface SampleCurve {
  level: number;
  /** Percent by calendar month, January first. */
  seasonal: readonly number[];
  slopePerMonth: number;
  /** Settlement tick. */
  tick: number;
  volatility: number;
  /** Volatility lost per month ahead (fraction of itself), to at most 10 months. */
  volDecayPerMonth: number;
}

export const SAMPLE_CURVES: Readonly<Record<FuturesRoot, SampleCurve>> = {
  GF: {
    level: 325,
    seasonal: [0, 0, -1, -1.5, -1, 0, 0, 1, 1.5, 1, 0.5, 0],
    slopePerMonth: -0.3,
    tick: 0.025,
    volatility: 0.19,
    volDecayPerMonth: 0.012,
  },
  LE: {
    level: 229,
    seasonal: [0, 1, 0, 2, 0, -2, 0, -2, 0, 0, 0, 1],
    slopePerMonth: -0.2,
    tick: 0.025,
    volatility: 0.155,
    volDecayPerMonth: 0.01,
  },
  HE: {
    level: 86,
    seasonal: [0, -8, 0, -2, 4, 10, 10, 6, 0, -6, 0, -10],
    slopePerMonth: 0,
    tick: 0.025,
    volatility: 0.27,
    volDecayPerMonth: 0.015,
  },
  ZC: {
    level: 4.45,
    seasonal: [0, 0, 0, 0, 1, 0, 1.5, 0, -1.5, 0, 0, 0],
    slopePerMonth: 0.6,
    tick: 0.0025,
    volatility: 0.27,
    volDecayPerMonth: 0.01,
  },
  ZM: {
    level: 305,
    seasonal: [0, 0, 0, 0, 0.5, 0, 1, 1, 0.5, -0.5, 0, 0],
    slopePerMonth: 0.3,
    tick: 0.1,
    volatility: 0.24,
    volDecayPerMonth: 0.01,
  },
  DL: {
    level: 17.6,
    seasonal: [-2, -3, -4, -4, -3, -1, 1, 3, 5, 5, 3, 0],
    slopePerMonth: 0.1,
    tick: 0.01,
    volatility: 0.21,
    volDecayPerMonth: 0.015,
  },
};

/** How far ahead the sample lists contracts (months). */
export const SAMPLE_HORIZON_MONTHS = 24;
