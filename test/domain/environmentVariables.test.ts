import { describe, expect, it } from "vitest";
import {
  ENV_MAX_BYTES,
  environmentVariablesToObject,
  normalizeEnvironmentVariables,
  parseEnvironmentVariableLines,
  validateEnvironmentVariableObject,
} from "../../server/domain/environmentVariables.ts";
import { ApiError } from "../../server/errors.ts";

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected a validation error");
}

describe("environment variables, object form (sessions)", () => {
  it("accepts valid names, sorts them and normalizes to NAME=value lines", () => {
    const list = validateEnvironmentVariableObject({ b_var: "2", A: "x=y", _Z9: "", LOG: "  spaced  " });
    expect(list).toEqual([
      ["A", "x=y"],
      ["LOG", "  spaced  "],
      ["_Z9", ""],
      ["b_var", "2"],
    ]);
    const text = normalizeEnvironmentVariables(list);
    expect(text).toBe("A=x=y\nLOG=  spaced  \n_Z9=\nb_var=2");
    expect(environmentVariablesToObject(text)).toEqual({ A: "x=y", LOG: "  spaced  ", _Z9: "", b_var: "2" });
    expect(normalizeEnvironmentVariables(validateEnvironmentVariableObject({}))).toBe("");
    expect(environmentVariablesToObject("")).toEqual({});
  });

  it.each([
    ["a name starting with a digit", { "1ABC": "x" }, "1ABC"],
    ["a name with a dash", { "MY-VAR": "x" }, "MY-VAR"],
    ["a name with a space", { "MY VAR": "x" }, "MY VAR"],
    ["an empty name", { "": "x" }, ""],
    ["the reserved name PATH", { PATH: "/bin" }, "PATH"],
    ["a reserved name in another letter case", { Home: "/root" }, "Home"],
    ["HOSTNAME", { HOSTNAME: "h" }, "HOSTNAME"],
    ["the reserved prefix CLOUD_AGENTS_", { CLOUD_AGENTS_TOKEN: "x" }, "CLOUD_AGENTS_TOKEN"],
    ["the reserved prefix LD_", { LD_PRELOAD: "/evil.so" }, "LD_PRELOAD"],
    ["the reserved prefix DYLD_ in lower case", { dyld_insert_libraries: "x" }, "dyld_insert_libraries"],
    ["a multi-line value", { NOTE: "a\nb" }, "NOTE"],
    ["a value with a carriage return", { NOTE: "a\rb" }, "NOTE"],
    ["a name longer than 256 characters", { ["A".repeat(257)]: "x" }, "A".repeat(257)],
  ])("rejects %s, naming the variable", (_what, input, name) => {
    const err = failure(() => validateEnvironmentVariableObject(input));
    expect(err.status).toBe(400);
    expect(err.param).toBe(`environment_variables.${name}`);
    if (name.length > 0 && name.length <= 80) expect(err.message).toContain(name);
  });

  it("rejects two names that differ only in letter case, naming both", () => {
    const err = failure(() => validateEnvironmentVariableObject({ API_KEY: "a", api_key: "b" }));
    expect(err.status).toBe(400);
    expect(err.message).toContain("API_KEY");
    expect(err.message).toContain("api_key");
    expect(err.message).toContain("letter case");
  });

  it("accepts exactly 32 KiB in total and rejects one byte more", () => {
    const value = "v".repeat(ENV_MAX_BYTES - "BIG=".length);
    expect(normalizeEnvironmentVariables(validateEnvironmentVariableObject({ BIG: value }))).toHaveLength(
      ENV_MAX_BYTES,
    );
    const err = failure(() => validateEnvironmentVariableObject({ BIG: `${value}v` }));
    expect(err.param).toBe("environment_variables");
    expect(err.message).toContain("32 KiB");
    // Multi-byte characters count in UTF-8 bytes.
    const euros = "€".repeat(Math.ceil(ENV_MAX_BYTES / 3));
    expect(failure(() => validateEnvironmentVariableObject({ E: euros })).message).toContain("bytes");
  });

  it("keeps a variable named __proto__ as a plain variable", () => {
    const input = JSON.parse('{"__proto__":"x","A":"1"}') as Record<string, unknown>;
    const obj = environmentVariablesToObject(normalizeEnvironmentVariables(validateEnvironmentVariableObject(input)));
    expect(Object.keys(obj)).toEqual(["A", "__proto__"]);
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
  });
});

describe("environment variables, string form (deployments)", () => {
  it("parses NAME=value lines, skipping blank lines and CRs, and normalizes them", () => {
    const list = parseEnvironmentVariableLines("B=2\r\n\nA=a=b\n  \nC=\n");
    expect(normalizeEnvironmentVariables(list)).toBe("A=a=b\nB=2\nC=");
  });

  it.each([
    ["a line without =", "JUSTANAME", /line 1: expected NAME=value/],
    ["an invalid name", "OK=1\n9LIVES=x", /line 2: the name "9LIVES" is invalid/],
    ["a reserved name", "SHELL=/bin/zsh", /SHELL is a reserved name/],
    ["a reserved prefix", "LD_LIBRARY_PATH=/x", /LD_LIBRARY_PATH uses the reserved prefix LD_/],
    ["a duplicate", "A=1\nB=2\nA=3", /A is defined more than once/],
    ["a case-insensitive duplicate", "Tz=1\nTZ=2", /TZ duplicates Tz|Tz duplicates TZ/],
    ["a space around the name", " A=1", /the name " A" is invalid/],
  ])("rejects %s with a message naming the variable or line", (_what, text, message) => {
    const err = failure(() => parseEnvironmentVariableLines(text));
    expect(err.status).toBe(400);
    expect(err.param).toBe("environment_variables");
    expect(err.message).toMatch(message);
  });

  it("applies the same 32 KiB limit", () => {
    const line = `BIG=${"v".repeat(ENV_MAX_BYTES)}`;
    expect(failure(() => parseEnvironmentVariableLines(line)).message).toContain("32 KiB");
  });
});
