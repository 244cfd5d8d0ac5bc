import type { JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JWT_MESSAGES, verifyIssuedToken } from "~/modules/accounts/jwt.server";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

/**
 * The JWKS at /.well-known/jwks.json against a token Better Auth's jwt plugin
 * issues to a signed-in shopper (GET /api/auth/token): the token verifies,
 * a tampered one is refused ('Invalid JWT signature'), an expired one too.
 */
let server: BoutiqueServer;
let token = "";
let userId = "";
let jwks: JSONWebKeySet;

beforeAll(async () => {
  server = await startBoutique({});
  const signedUp = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "sign-up", fullName: "Jo Token", email: "jo@example.com", password: "secret12" }),
  });
  expect(signedUp.status).toBe(302);
  const cookie = signedUp.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .join("; ");
  const session = (await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } })).json()) as { user: { id: string } };
  userId = session.user.id;
  const issued = await fetch(`${server.url}/api/auth/token`, { headers: { cookie } });
  expect(issued.status).toBe(200);
  token = ((await issued.json()) as { token: string }).token;
  const published = await fetch(`${server.url}/.well-known/jwks.json`);
  expect(published.status).toBe(200);
  expect(published.headers.get("content-type")).toContain("application/json");
  jwks = (await published.json()) as JSONWebKeySet;
}, 240_000);

afterAll(async () => {
  await server?.stop("SIGTERM");
});

describe("the JWKS", () => {
  it("publishes public keys only, and the issued token verifies against them", async () => {
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key.kid).toBeTruthy();
      expect(key).not.toHaveProperty("d");
    }
    const claims = await verifyIssuedToken(token, jwks);
    expect(claims.sub).toBe(userId);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it("refuses a token whose signature was tampered with, or whose claims were", async () => {
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = signature.slice(0, 10) + (signature[10] === "A" ? "B" : "A") + signature.slice(11);
    await expect(verifyIssuedToken(`${header}.${payload}.${flipped}`, jwks)).rejects.toThrow(JWT_MESSAGES.invalidSignature);
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url");
    await expect(verifyIssuedToken(`${header}.${forged}.${signature}`, jwks)).rejects.toThrow(JWT_MESSAGES.invalidSignature);
    // A key the boutique never published does not verify it either.
    const stranger = { keys: jwks.keys.map((k) => ({ ...k, x: Buffer.alloc(32, 7).toString("base64url") })) };
    await expect(verifyIssuedToken(token, stranger)).rejects.toThrow(JWT_MESSAGES.invalidSignature);
  });

  it("rejects the token once it has expired, unless expired tokens are allowed", async () => {
    const later = new Date(Date.now() + 16 * 60_000);
    await expect(verifyIssuedToken(token, jwks, { now: later })).rejects.toThrow(JWT_MESSAGES.expired);
    const claims = await verifyIssuedToken(token, jwks, { now: later, allowExpired: true });
    expect(claims.sub).toBe(userId);
  });

  it("refuses a token without a session", async () => {
    const anonymous = await fetch(`${server.url}/api/auth/token`);
    expect(anonymous.status).toBe(401);
  });
});
