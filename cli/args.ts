// A small argument reader: positional words, `--flag` booleans and `--name value` options.

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], booleanFlags: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      if (booleanFlags.includes(name)) {
        flags.add(name);
        continue;
      }
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options, flags };
}
