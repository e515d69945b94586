#!/usr/bin/env node
// `npx rangeline …`: the pricing engine on the command line (see README "Command line").
import { register } from "tsx/esm/api";

register();
const { main, nodeIo } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2), nodeIo);
