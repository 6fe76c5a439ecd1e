// Builds the SDK package: tsc to ESM + declarations in dist/, and the types generated from the
// OpenAPI description (../generated/api.d.ts) beside it in generated/, where the declarations
// import them from. `npm pack` runs it (prepack). TypeScript comes from the repository.
//
// The output is built in a scratch folder and moved into place file by file (rename is atomic),
// so a pack running at the same time (two test files) never sees a missing or half-written file.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const scratch = mkdtempSync(join(here, ".build-"));
try {
  execFileSync(process.execPath, [tsc, "-p", join(here, "tsconfig.json"), "--outDir", join(scratch, "dist")], {
    stdio: "inherit",
  });
  mkdirSync(join(scratch, "generated"));
  copyFileSync(join(here, "../generated/api.d.ts"), join(scratch, "generated/api.d.ts"));
  for (const folder of ["dist", "generated"]) {
    const built = readdirSync(join(scratch, folder));
    mkdirSync(join(here, folder), { recursive: true });
    for (const file of built) renameSync(join(scratch, folder, file), join(here, folder, file));
    for (const file of readdirSync(join(here, folder))) {
      if (!built.includes(file)) rmSync(join(here, folder, file), { recursive: true, force: true });
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
