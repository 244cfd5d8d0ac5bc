import { describe, expect, it } from "vitest";
import { safeRedirectPath, trustedOriginsFor } from "~/modules/accounts/accounts.server";
import { flashCookie, readFlash } from "~/modules/accounts/flash.server";
import { addressSchema, signUpSchema } from "~/modules/accounts/schema";

describe("trusted origins", () => {
  it("trusts both loopback spellings when APP_URL is unset, and only APP_URL when it is set", () => {
    expect(trustedOriginsFor(null, 3000)).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(trustedOriginsFor("https://shop.example/", 3000)).toEqual(["https://shop.example"]);
  });
});

describe("sign-up rules (SPEC §5)", () => {
  it("needs a full name, an email and a password of at least 6 characters", () => {
    expect(signUpSchema.safeParse({ fullName: "Ann", email: "ann@example.com", password: "12345" }).success).toBe(false);
    expect(signUpSchema.safeParse({ fullName: "", email: "ann@example.com", password: "123456" }).success).toBe(false);
    expect(signUpSchema.safeParse({ fullName: "Ann", email: "not-an-email", password: "123456" }).success).toBe(false);
    const ok = signUpSchema.safeParse({ fullName: " Ann ", email: " Ann@Example.com ", password: "123456" });
    expect(ok.success && ok.data).toEqual({ fullName: "Ann", email: "ann@example.com", password: "123456" });
  });
});

describe("address rules (SPEC §5)", () => {
  const base = { addressType: "shipping", fullName: "Ann", addressLine1: "1 Main St", city: "Savannah", state: "GA", postalCode: "31401" };
  it("requires full name, line 1, city, state and postal code; country defaults to US", () => {
    const ok = addressSchema.safeParse(base);
    expect(ok.success && ok.data.country).toBe("US");
    expect(ok.success && ok.data.addressLine2).toBe(null);
    for (const field of ["fullName", "addressLine1", "city", "state", "postalCode"]) {
      expect(addressSchema.safeParse({ ...base, [field]: " " }).success, field).toBe(false);
    }
    expect(addressSchema.safeParse({ ...base, addressType: "home" }).success).toBe(false);
  });
});

describe("redirects and flashes", () => {
  it("follows only paths on this site", () => {
    expect(safeRedirectPath("/account?tab=orders", "/")).toBe("/account?tab=orders");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", null]) expect(safeRedirectPath(bad, "/x")).toBe("/x");
  });

  it("round-trips a toast through its cookie and drops a damaged one", () => {
    const cookie = flashCookie({ kind: "error", message: "Access denied. Admin privileges required." }).split(";", 1)[0]!;
    expect(readFlash(new Request("http://x/", { headers: { cookie } }))).toEqual({
      kind: "error",
      message: "Access denied. Admin privileges required.",
    });
    expect(readFlash(new Request("http://x/", { headers: { cookie: "hive_flash=garbage" } }))).toBeNull();
  });
});
