// The LRP sales window and stale-price rules are one definition in shared/ (the quote screens and the
// agent book both use it): re-exported here for the screens' existing imports.
export * from "../../../shared/pricing/sales-window";
