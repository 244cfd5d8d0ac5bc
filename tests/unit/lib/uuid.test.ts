import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isUuid, UUID_PATTERN } from "~/lib/uuid";

describe("the one id check", () => {
  it("takes a database id (lower-case UUID) and nothing else", () => {
    expect(isUuid(randomUUID())).toBe(true);
    expect(isUuid("00000000-0000-4000-8000-000000000000")).toBe(true);
    expect(isUuid(randomUUID().toUpperCase())).toBe(false);
    expect(isUuid("0000000-0000-4000-8000-000000000000")).toBe(false);
    expect(isUuid(`${randomUUID()}\n`)).toBe(false);
    expect(isUuid("------------------------------------")).toBe(false);
    expect(isUuid("")).toBe(false);
  });

  it("lends its pattern to a bigger one (a storage key, a cursor)", () => {
    const key = new RegExp(`^design-requests/${UUID_PATTERN}\\.webp$`);
    expect(key.test(`design-requests/${randomUUID()}.webp`)).toBe(true);
    expect(key.test("design-requests/../../etc/passwd.webp")).toBe(false);
  });
});
