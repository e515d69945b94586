// Spec §9 "An exported constant 6, number lists 0 to 11, 2 to 11, 2 to 6, and a constant 0.74: meaning
// not shown." The values are reproduced under neutral names; where Rangeline uses one, the alias below
// says how we read it (our reading, not the spec's).

const range = (from: number, to: number): readonly number[] =>
  Object.freeze(Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** Meaning not shown in the spec. */
export const SPEC_CONSTANT_6 = 6;
/** Meaning not shown in the spec: 0, 1, ..., 11. */
export const SPEC_NUMBERS_0_TO_11 = range(0, 11);
/** Meaning not shown in the spec: 2, 3, ..., 11. */
export const SPEC_NUMBERS_2_TO_11 = range(2, 11);
/** Meaning not shown in the spec: 2, 3, 4, 5, 6. */
export const SPEC_NUMBERS_2_TO_6 = range(2, 6);
/** Meaning not shown in the spec; DOMAIN.md: 0.74 converts live to lean hog weight. */
export const SPEC_CONSTANT_0_74 = "0.74";

// Our readings (DOMAIN.md, LGM insurance periods):
/** 0.74: live-to-lean hog weight factor of the LGM swine gross margin (decimal string, exact). */
export const LIVE_TO_LEAN_HOG_FACTOR = SPEC_CONSTANT_0_74;
/** 0..11: the 0-based month indexes of the commodity catalogue (January = 0). */
export const MONTH_INDEXES = SPEC_NUMBERS_0_TO_11;
/** 6: the LGM swine insurance period in months. */
export const LGM_SWINE_INSURANCE_PERIOD_MONTHS = SPEC_CONSTANT_6;
/** 2..11: months of an LGM cattle or dairy insurance period that may carry target marketings (month 1 may not). */
export const LGM_CATTLE_DAIRY_MARKETING_MONTHS = SPEC_NUMBERS_2_TO_11;
/** 2..6: months of an LGM swine insurance period that may carry target marketings. */
export const LGM_SWINE_MARKETING_MONTHS = SPEC_NUMBERS_2_TO_6;
