import { describe, expect, it } from "vitest";
import { createSignedTokens } from "~/lib/signed-token.server";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac-256";
const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);

function tokensAt(nowMs: number, secret = SECRET) {
  return createSignedTokens({ secret, now: () => nowMs });
}

/** Flips one base64url character to another, at `index` from the start (negative: from the end). */
function flip(token: string, index: number) {
  const at = index < 0 ? token.length + index : index;
  const c = token[at]!;
  return `${token.slice(0, at)}${c === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

describe("signed tokens", () => {
  const tokens = tokensAt(T0);

  it("round-trip a subject for their purpose, with the expiry they were given", () => {
    const token = tokens.sign("cancel-appointment", "appt-42", { expiresInSeconds: 3600 });
    expect(token).toMatch(/^t1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify("cancel-appointment", token)).toEqual({ valid: true, subject: "appt-42", expiresAt: new Date(T0 + 3600_000) });
    const atDate = tokens.sign("cancel-appointment", "appt-42", { expiresAt: new Date(T0 + 60_000) });
    expect(tokens.verify("cancel-appointment", atDate)).toMatchObject({ valid: true, expiresAt: new Date(T0 + 60_000) });
  });

  it("carry any subject, non-ASCII included, and only as URL-safe text", () => {
    const subject = "zoë.ñandú@exämple.com|日本|🙂";
    const token = tokens.sign("confirm-email", subject, { expiresInSeconds: 60 });
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(tokens.verify("confirm-email", token)).toMatchObject({ valid: true, subject });
  });

  it("never verify for another purpose", () => {
    const unsubscribe = tokens.sign("unsubscribe", "sub-1", { neverExpires: true });
    expect(tokens.verify("cancel-appointment", unsubscribe)).toEqual({ valid: false, reason: "forged" });
    const cancel = tokens.sign("cancel-appointment", "sub-1", { neverExpires: true });
    expect(tokens.verify("unsubscribe", cancel)).toEqual({ valid: false, reason: "forged" });
    // The same subject under two purposes signs differently: each purpose has its own key.
    expect(unsubscribe.split(".")[1]).toBe(cancel.split(".")[1]);
    expect(unsubscribe.split(".")[2]).not.toBe(cancel.split(".")[2]);
  });

  it("never verify under another secret", () => {
    const token = tokens.sign("unsubscribe", "sub-1", { neverExpires: true });
    expect(tokensAt(T0, "another-secret-that-is-long-enough-too-ok").verify("unsubscribe", token)).toEqual({
      valid: false,
      reason: "forged",
    });
  });

  it("expire at their expiry, and not a second before", () => {
    const token = tokens.sign("cancel-appointment", "appt-42", { expiresInSeconds: 600 });
    expect(tokensAt(T0 + 599_000).verify("cancel-appointment", token)).toMatchObject({ valid: true });
    expect(tokensAt(T0 + 600_000).verify("cancel-appointment", token)).toEqual({ valid: false, reason: "expired" });
    expect(tokensAt(T0 + 86_400_000).verify("cancel-appointment", token)).toEqual({ valid: false, reason: "expired" });
  });

  it("keep working forever when told to, and only then", () => {
    const token = tokens.sign("unsubscribe", "sub-1", { neverExpires: true });
    expect(tokensAt(T0 + 50 * 365 * 86_400_000).verify("unsubscribe", token)).toEqual({ valid: true, subject: "sub-1", expiresAt: null });
  });

  it("refuse tampering anywhere: payload, signature, version", () => {
    const token = tokens.sign("cancel-appointment", "appt-42", { expiresInSeconds: 3600 });
    const [, payload, mac] = token.split(".") as [string, string, string];
    for (const index of [3, 4, 3 + Math.floor(payload.length / 2), 3 + payload.length - 1]) {
      expect(tokens.verify("cancel-appointment", flip(token, index)), `payload character ${index}`).toMatchObject({ valid: false });
    }
    for (const index of [-1, -2, -20, -43]) {
      expect(tokens.verify("cancel-appointment", flip(token, index)), `signature character ${index}`).toEqual({
        valid: false,
        reason: "forged",
      });
    }
    // A signature that differs only in the last character's spare bits decodes to the same bytes: still refused.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]!;
    expect(Buffer.from(`${mac.slice(0, -1)}${twin}`, "base64url")).toEqual(Buffer.from(mac, "base64url"));
    expect(tokens.verify("cancel-appointment", `t1.${payload}.${mac.slice(0, -1)}${twin}`)).toEqual({ valid: false, reason: "forged" });
    // A payload re-signed with an extended expiry by someone without the key.
    const extended = Buffer.from(`9999999999:appt-42`).toString("base64url");
    expect(tokens.verify("cancel-appointment", `t1.${extended}.${mac}`)).toEqual({ valid: false, reason: "forged" });
    expect(tokens.verify("cancel-appointment", `t2.${payload}.${mac}`)).toEqual({ valid: false, reason: "malformed" });
  });

  it("refuse truncated tokens", () => {
    const token = tokens.sign("cancel-appointment", "appt-42", { expiresInSeconds: 3600 });
    for (let length = 0; length < token.length; length++) {
      expect(tokens.verify("cancel-appointment", token.slice(0, length)), `first ${length} characters`).toMatchObject({ valid: false });
    }
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["an object", { token: "t1.a.b" }],
    ["an array", ["t1", "x", "y"]],
    ["an empty string", ""],
    ["garbage", "not a token at all"],
    ["dots only", ".."],
    ["padding", `t1.MDpzdWItMQ==.${"A".repeat(43)}`],
    ["non-ASCII", `t1.ÿþ€.${"é".repeat(43)}`],
    ["emoji", "🙂.🙂.🙂"],
    ["a NUL byte", `t1.MDpzdWItMQ\u0000.${"A".repeat(43)}`],
    ["whitespace around", `  t1.MDpzdWItMQ.${"A".repeat(43)}\n`],
    ["very long", `t1.${"A".repeat(100_000)}.${"A".repeat(43)}`],
  ])("refuse %s without throwing", (_label, input) => {
    expect(() => tokens.verify("unsubscribe", input)).not.toThrow();
    expect(tokens.verify("unsubscribe", input)).toMatchObject({ valid: false });
  });

  it("say malformed for what is not a token, forged for what is shaped like one", () => {
    expect(tokens.verify("unsubscribe", "garbage")).toEqual({ valid: false, reason: "malformed" });
    expect(tokens.verify("unsubscribe", `t1.MDpzdWItMQ.${"A".repeat(43)}`)).toEqual({ valid: false, reason: "forged" });
  });

  it("refuse, loudly, a purpose or lifetime that is a bug in the caller", () => {
    expect(() => tokens.sign("Has Spaces", "x", { neverExpires: true })).toThrow(TypeError);
    expect(() => tokens.verify("", "x")).toThrow(TypeError);
    expect(() => tokens.sign("unsubscribe", "", { neverExpires: true })).toThrow(RangeError);
    expect(() => tokens.sign("unsubscribe", "x", { expiresInSeconds: 0 })).toThrow(RangeError);
    expect(() => tokens.sign("unsubscribe", "x", { expiresAt: new Date(T0 - 1) })).toThrow(RangeError);
    expect(() => createSignedTokens({ secret: "short" })).toThrow("at least 32 characters");
  });
});
