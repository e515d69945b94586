// Writes shared/catalogue/regions.generated.ts from the us-atlas package (Census FIPS codes and names).
// Run with the project's Node 24 (it imports a TypeScript module through Node's type stripping):
//   npx node scripts/generate-regions.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildRegionsModule } from "../shared/catalogue/regions-build.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const atlas = join(root, "node_modules", "us-atlas");
const readJson = (file) => JSON.parse(readFileSync(join(atlas, file), "utf8"));

const source = buildRegionsModule(
  readJson("counties-10m.json"),
  readJson("states-10m.json"),
  readJson("package.json").version,
);
const target = join(root, "shared", "catalogue", "regions.generated.ts");
writeFileSync(target, source);
console.log(`wrote ${target} (${source.length} characters)`);
