import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { root, schemaVariables } from "./doc-references";

// docs/configuration.md and .env.example list the variables the env schema (app/lib/env.server.ts) reads: all of
// them, and nothing else, so none of the three can drift from the others.
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** The variables in the first column of configuration.md's table (a cell may name several). */
function documentedInConfiguration(): string[] {
  return read("docs/configuration.md")
    .split("\n")
    .filter((line) => /^\|\s*`[A-Z]/.test(line))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

/** `NAME=value` lines of .env.example (`# NAME=` for one that is better left unset). */
function envExampleEntries(): Map<string, string> {
  return new Map([...read(".env.example").matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

/** `names` are the schema's variables, all of them and no other: `where` says which list they come from. */
function expectSchemaVariables(names: string[], where: string) {
  expect(
    [...schemaVariables].filter((name) => !names.includes(name)),
    `missing from ${where}`,
  ).toEqual([]);
  expect(
    names.filter((name) => !schemaVariables.includes(name)),
    "not read by the env schema",
  ).toEqual([]);
}

describe("configuration docs and the env schema", () => {
  it("the schema has variables to compare (read from envSchema's shape)", () => {
    expect(schemaVariables).toContain("DATABASE_URL");
    expect(schemaVariables.length).toBeGreaterThan(40);
  });

  it("docs/configuration.md documents every variable the schema reads, and no other", () => {
    const documented = documentedInConfiguration();
    expectSchemaVariables(documented, "docs/configuration.md");
    expect(
      documented.filter((name, index) => documented.indexOf(name) !== index),
      "documented twice",
    ).toEqual([]);
  });

  it(".env.example lists every variable the schema reads, and no other", () => {
    expectSchemaVariables([...envExampleEntries().keys()], ".env.example");
  });

  it("each value .env.example gives is that variable's default", () => {
    const defaults = parseEnv({});
    for (const [name, value] of envExampleEntries()) {
      if (value === "") continue;
      expect(parseEnv({ [name]: value })[name as keyof typeof defaults], name).toEqual(defaults[name as keyof typeof defaults]);
    }
  });
});
