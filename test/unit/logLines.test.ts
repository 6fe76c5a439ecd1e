/**
 * server/logger.ts writes the log lines of one turn of the event loop together, at the end of the
 * turn. Real child processes, their stdout read through a pipe: a line is out by the end of its
 * turn (not held until the process exits), lines keep their order across loggers and across a
 * burst larger than one write, and nothing is lost when the process exits at once or dies of an
 * uncaught exception.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const LOGGER = join(ROOT, "server/logger.ts");
const dir = mkdtempSync(join(tmpdir(), "cas-log-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` (TypeScript, with `createLogger` and `writeSync` in scope) as a process of its own. */
function run(name: string, body: string, onStdout?: (text: string, kill: () => void) => void) {
  const file = join(dir, `${name}.ts`);
  writeFileSync(
    file,
    `import { writeSync } from "node:fs";\nimport { createLogger } from ${JSON.stringify(LOGGER)};\nvoid writeSync;\n${body}\n`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    onStdout?.(stdout, () => child.kill("SIGKILL"));
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((done) =>
    child.on("close", (code, signal) => done({ code, signal, stdout, stderr })),
  );
}

const messages = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe("log lines on stdout", () => {
  it("are written at the end of their turn, not held until exit", async () => {
    // The process never exits on its own: it is killed (SIGKILL, no exit handlers) once the line is read.
    const result = await run(
      "turn",
      `const log = createLogger("info");
       log.info("first");
       writeSync(1, "written in the same turn\\n");
       setInterval(() => {}, 1000);`,
      (text, kill) => {
        if (text.includes('"msg":"first"')) kill();
      },
    );
    expect(result.signal).toBe("SIGKILL");
    // Held to the end of the turn: the direct write of the same turn comes out first.
    expect(result.stdout.indexOf("written in the same turn")).toBeLessThan(result.stdout.indexOf('"msg":"first"'));
    expect(result.stdout.indexOf("written in the same turn")).toBeGreaterThanOrEqual(0);
  });

  it("keep their order across loggers and through a burst of many writes' worth", async () => {
    const result = await run(
      "burst",
      `const a = createLogger("info");
       const b = createLogger("debug");
       for (let i = 0; i < 3000; i++) (i % 2 ? a : b).info("line " + i, { pad: "x".repeat(80) });
       setTimeout(() => a.info("later"), 20);`,
    );
    expect(result.code).toBe(0);
    expect(messages(result.stdout)).toEqual([...Array.from({ length: 3000 }, (_, i) => `line ${i}`), "later"]);
  });

  it("are all written when the process exits at once or dies of an uncaught exception", async () => {
    const exited = await run(
      "exit",
      `const log = createLogger("info");
       log.info("one"); log.error("two"); log.warn("three");
       process.exit(3);`,
    );
    expect(exited.code).toBe(3);
    expect(messages(exited.stdout)).toEqual(["one", "two", "three"]);
    const crashed = await run(
      "crash",
      `const log = createLogger("info");
       log.info("before the crash");
       throw new Error("boom");`,
    );
    expect(crashed.code).not.toBe(0);
    expect(crashed.stderr).toContain("boom");
    expect(messages(crashed.stdout)).toEqual(["before the crash"]);
  });
});
