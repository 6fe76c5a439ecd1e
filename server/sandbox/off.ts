/** `SANDBOX=off`, or `auto` on a machine without the sandbox's programs: no command runs. */
import { type ExecResult, PACKAGE_OF, type Sandbox, type SandboxStatus } from "./port.ts";

export class NoSandbox implements Sandbox {
  readonly status: SandboxStatus;

  constructor(missing: string[], problem: string | null = null) {
    this.status = { kind: "off", missing, ...(problem ? { problem } : {}) };
  }

  /** Why commands cannot run here, for messages. */
  reason(): string {
    if (this.status.problem) return `this server has no sandbox: ${this.status.problem}`;
    if (this.status.missing.length === 0) return "the operator turned the sandbox off (SANDBOX=off)";
    const packages = this.status.missing.map((p) => PACKAGE_OF[p] ?? p).join(" ");
    return `this server has no sandbox: ${this.status.missing.join(", ")} not found (apt-get install ${packages})`;
  }

  async exec(): Promise<ExecResult> {
    return { output: "", exit_code: null, failure: `Commands cannot run: ${this.reason()}.` };
  }

  async close(): Promise<void> {}
}
