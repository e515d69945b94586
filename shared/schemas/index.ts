// zod schemas of spec §3 and §5: one schema per shape; types are z.infer of these.

export * from "./commodity";
export * from "./formats";
export * from "./organisation";
