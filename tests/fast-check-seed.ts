import fc from "fast-check";

// Property tests say the same thing on every run (CONVENTIONS 10: a seeded randomized test): one seed for
// every fc.assert that does not name its own. FC_SEED=<n> explores another part of the input space
// locally; a failure prints its seed and path, to be pinned as a regression case.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261127) });
