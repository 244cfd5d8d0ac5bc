import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "../../../server/precompressed";

describe("acceptedEncodings", () => {
  it("puts brotli before gzip whatever order the browser names them in", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("br;q=0.1, gzip;q=1.0")).toEqual(["br", "gzip"]);
  });

  it("drops what is refused with q=0, and reads * as any encoding not named", () => {
    expect(acceptedEncodings("gzip, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*;q=0.5, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("*;q=0")).toEqual([]);
  });

  it("accepts neither without a header, for identity alone, or for a malformed q", () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings("")).toEqual([]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("deflate, zstd")).toEqual([]);
    expect(acceptedEncodings("br;q=abc, GZIP")).toEqual(["gzip"]);
  });
});
