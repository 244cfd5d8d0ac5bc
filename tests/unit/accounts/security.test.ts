import { describe, expect, it } from "vitest";
import { totpEnrolment } from "~/modules/accounts/security.server";
import { confirmPasswordSchema, totpEnrolSchema } from "~/modules/accounts/schema";

describe("TOTP enrolment", () => {
  const uri = "otpauth://totp/The%20Hive:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=The%20Hive&digits=6&period=30";

  it("draws the URI as an SVG QR code on the server and shows the key in groups of four", () => {
    const enrolment = totpEnrolment(uri, ["a1b2c-d3e4f"]);
    expect(enrolment).not.toBeNull();
    expect(enrolment!.qrDataUrl.startsWith("data:image/svg+xml;base64,")).toBe(true);
    const svg = Buffer.from(enrolment!.qrDataUrl.split(",")[1]!, "base64").toString("utf8");
    expect(svg).toContain("<svg");
    expect(svg).toContain("<path");
    expect(enrolment!.secret).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP");
    expect(enrolment!.backupCodes).toEqual(["a1b2c-d3e4f"]);
  });

  it("refuses anything that is not a TOTP URI with a secret", () => {
    expect(totpEnrolment("https://example.com/?secret=ABC", [])).toBeNull();
    expect(totpEnrolment("otpauth://totp/x?issuer=y", [])).toBeNull();
    expect(totpEnrolment("not a url", [])).toBeNull();
  });

  it("asks for exactly six digits, and for a password", () => {
    expect(totpEnrolSchema.safeParse({ code: " 123456 " }).success).toBe(true);
    for (const code of ["12345", "1234567", "12a456", ""]) expect(totpEnrolSchema.safeParse({ code }).success, code).toBe(false);
    expect(confirmPasswordSchema.safeParse({ password: "" }).success).toBe(false);
    expect(confirmPasswordSchema.safeParse({ password: "secret12" }).success).toBe(true);
  });
});
