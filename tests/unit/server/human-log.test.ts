import { describe, expect, it } from "vitest";
import { chooseLogFormat, describeOpening, formatLogRecord } from "../../../server/human-log";

describe("log format", () => {
  it("is LOG_FORMAT when set, else readable at a terminal and JSON anywhere else", () => {
    expect(chooseLogFormat(undefined, { isTTY: true })).toBe("pretty");
    expect(chooseLogFormat(undefined, { isTTY: false })).toBe("json");
    expect(chooseLogFormat(undefined, {})).toBe("json");
    expect(chooseLogFormat("json", { isTTY: true })).toBe("json");
    expect(chooseLogFormat("pretty", { isTTY: false })).toBe("pretty");
  });
});

describe("readable log lines", () => {
  const time = "2026-11-20T15:04:05.000Z";
  const clock = new Date(time).toTimeString().slice(0, 8);

  it("print the opening sentence alone", () => {
    expect(formatLogRecord({ level: 30, time, msg: "boutique listening", engine: "pglite", summary: "The Hive is open at …" })).toBe(
      `${clock}  The Hive is open at …\n`,
    );
  });

  it("print a request as method, path, status and time", () => {
    expect(formatLogRecord({ level: 30, time, reqId: "r1", method: "GET", path: "/weddings", status: 200, ms: 12.5, msg: "request" })).toBe(
      `${clock}  GET /weddings → 200 (12.5 ms)\n`,
    );
  });

  it("name warnings and errors, keep details as key=value and a stack as it was written", () => {
    const line = formatLogRecord({
      level: 50,
      time,
      service: "boutique",
      msg: "closing the database failed",
      err: { type: "Error", message: "gone away", stack: "Error: gone away\n    at close (db.ts:1:1)" },
    });
    expect(line).toBe(
      `${clock}  ERROR closing the database failed  err.type=Error  err.message="gone away"\n` +
        `    err.stack:\n      Error: gone away\n          at close (db.ts:1:1)\n`,
    );
    expect(formatLogRecord({ level: 40, time, msg: "slow", ms: 900 })).toBe(`${clock}  WARN slow  ms=900\n`);
  });

  it("show a mail printed to the log with its body readable", () => {
    const line = formatLogRecord({
      level: 30,
      time,
      msg: "mail (log transport)",
      mail: { to: "ava@example.com", subject: "Welcome", text: "Hello Ava,\nYour code is HIVE15." },
    });
    expect(line).toContain("mail (log transport)  mail.to=ava@example.com  mail.subject=Welcome\n");
    expect(line).toContain("    mail.text:\n      Hello Ava,\n      Your code is HIVE15.\n");
  });
});

describe("the opening sentence", () => {
  it("on the embedded defaults", () => {
    expect(
      describeOpening({
        host: "127.0.0.1",
        port: 3000,
        engine: "pglite",
        dataDir: "./data",
        store: "built-in storefront (demo collection, no Shopify account)",
        mail: "log",
      }),
    ).toBe(
      "The Hive is open at http://localhost:3000 — embedded PostgreSQL (PGlite) in ./data · built-in storefront (demo collection, no Shopify account) · mail printed to the log",
    );
  });

  it("in production, naming PostgreSQL and the SMTP server without their passwords", () => {
    const sentence = describeOpening({
      host: "10.0.0.5",
      port: 8080,
      engine: "postgres",
      dataDir: "./data",
      databaseUrl: "postgres://boutique:s3cret@db.internal:5432/boutique",
      store: "Shopify store the-hive.myshopify.com (Storefront API 2025-07)",
      mail: "smtp",
      smtpUrl: "smtps://mailer:hunter22@mail.example.com:465",
    });
    expect(sentence).toBe(
      "The Hive is open at http://10.0.0.5:8080 — PostgreSQL at db.internal:5432/boutique · Shopify store the-hive.myshopify.com (Storefront API 2025-07) · mail sent through mail.example.com:465",
    );
    expect(sentence).not.toMatch(/s3cret|hunter22|boutique:|mailer/);
  });
});
