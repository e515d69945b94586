import { z } from "zod";

// Every environment variable the server reads, with its default. The README's configuration table
// mirrors this schema.
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./.data"),
  STATIC_DIR: z.string().min(1).default("./dist"),
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; on failure returns a readable list of what is wrong. */
export function readConfig(env: Record<string, string | undefined>): Config | { errors: string[] } {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  return { errors: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
}
