import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, serializeError } from "~/lib/logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("logging errors", () => {
  it("keeps an error's type, message and stack when it is passed as err", () => {
    const { logger, lines } = capture();
    logger.error({ err: new TypeError("the gown is missing") }, "lookup failed");
    const err = lines[0]!.err as Record<string, string>;
    expect(err.type).toBe("TypeError");
    expect(err.message).toBe("the gown is missing");
    expect(err.stack).toContain("logger.test.ts");
  });

  it("drops a failed query's parameters, which carry customers' names and emails", () => {
    const error = new Error(
      'Failed query: insert into "appointments" ("name", "email") values ($1, $2)\nparams: Ava Stone,ava@example.com',
    );
    const described = serializeError(error) as Record<string, string>;
    expect(described.message).toContain("Failed query: insert into");
    expect(JSON.stringify(described)).not.toContain("ava@example.com");
    expect(JSON.stringify(described)).not.toContain("Ava Stone");
  });

  it("follows the cause, and describes a thrown non-error plainly", () => {
    const described = serializeError(new Error("outer", { cause: new Error("inner") })) as { cause: { message: string } };
    expect(described.cause.message).toBe("inner");
    expect(serializeError("plain text")).toEqual({ message: "plain text" });
  });
});
