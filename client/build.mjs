// Builds the SDK package: tsc to ESM + declarations in dist/, and the types generated from the
// OpenAPI description (../generated/api.d.ts) beside it in generated/, where the declarations
// import them from. `npm pack` runs it (prepack). TypeScript comes from the repository.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(`${here}dist`, { recursive: true, force: true });
rmSync(`${here}generated`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", `${here}tsconfig.json`], { stdio: "inherit" });
mkdirSync(`${here}generated`);
copyFileSync(`${here}../generated/api.d.ts`, `${here}generated/api.d.ts`);
