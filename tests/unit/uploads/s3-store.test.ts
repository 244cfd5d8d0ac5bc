import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type S3Settings } from "~/lib/env.server";
import { S3StoreError } from "~/modules/uploads/s3-error.server";
import { s3Store } from "~/modules/uploads/s3-store.server";
import { createImageStore } from "~/modules/uploads/uploads.server";
import { startLocalS3, type LocalS3 } from "../../helpers/s3-server";

// The S3 image store against a local S3-protocol server (s3rver, in this
// process, on loopback, in a temporary folder).

let s3: LocalS3;
let settings: S3Settings;
const key = (suffix = "") => `design-requests/${randomUUID()}${suffix}.webp`;

beforeAll(async () => {
  s3 = await startLocalS3();
  settings = {
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await s3?.stop();
});

describe("S3 image store", () => {
  it("puts an object, streams it back, and removes it", async () => {
    const store = s3Store(settings);
    const name = key();
    await store.put(name, Buffer.from("RIFF....WEBPVP8 pixels"));
    expect(s3.keys()).toContain(name);
    expect((await s3.read(name)).contentType).toBe("image/webp");

    const opened = await store.open(name);
    expect(opened).not.toBeNull();
    expect(opened!.bytes).toBe(22);
    expect(typeof opened!.stream.pipe).toBe("function");
    expect(await text(opened!.stream)).toBe("RIFF....WEBPVP8 pixels");

    await store.remove(name);
    expect(s3.keys()).not.toContain(name);
    expect(await store.open(name)).toBeNull();
    store.close();
  });

  it("answers null for a key it does not have, and removing one is not an error", async () => {
    const store = s3Store(settings);
    expect(await store.open(key("-thumb"))).toBeNull();
    await expect(store.remove(key())).resolves.toBeUndefined();
    store.close();
  });

  it("keeps keys to the store's own shape", async () => {
    const store = s3Store(settings);
    await expect(store.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    await expect(store.open("design-requests/../../etc/passwd")).rejects.toThrow(/not a storage key/);
    await expect(store.remove("a/b")).rejects.toThrow(/not a storage key/);
    store.close();
  });

  it("says plainly when the secret or the access key is wrong, without the secret", async () => {
    const wrongSecret = s3Store({ ...settings, secretAccessKey: "not-the-secret-at-all" });
    const refused = await wrongSecret.put(key(), Buffer.from("x")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(S3StoreError);
    expect(refused).toMatchObject({ reason: "refused", code: "SignatureDoesNotMatch" });
    expect((refused as Error).message).toMatch(/check S3_SECRET_ACCESS_KEY/);
    expect((refused as Error).message).not.toContain("not-the-secret-at-all");
    await expect(wrongSecret.check()).rejects.toThrow(S3StoreError);
    await expect(wrongSecret.open(key())).rejects.toThrow(/S3_SECRET_ACCESS_KEY/);
    wrongSecret.close();

    const unknownKey = s3Store({ ...settings, accessKeyId: "NOBODY" });
    await expect(unknownKey.put(key(), Buffer.from("x"))).rejects.toMatchObject({ reason: "refused", code: "InvalidAccessKeyId" });
    unknownKey.close();
  });

  it("checks the bucket: there, missing, or no server at all", async () => {
    const store = s3Store(settings);
    await expect(store.check()).resolves.toBeUndefined();
    store.close();
    const missing = s3Store({ ...settings, bucket: "no-such-bucket" });
    await expect(missing.check()).rejects.toMatchObject({ reason: "refused", message: expect.stringMatching(/check S3_BUCKET/) });
    missing.close();
    // A closed port on loopback: no answer, so "unreachable" (the server warns and starts).
    const nowhere = s3Store({ ...settings, endpoint: "http://127.0.0.1:9" }, { requestTimeoutMs: 2000 });
    await expect(nowhere.check()).rejects.toMatchObject({ reason: "unreachable" });
    nowhere.close();
  });

  it("is chosen when S3_BUCKET is set with both keys; the folder otherwise", async () => {
    const s3env = parseEnv({ DATA_DIR: "/tmp/boutique-x", ...s3.env });
    const chosen = await createImageStore(s3env);
    expect(chosen.kind).toBe("s3");
    expect(chosen.where).toBe(`s3://${s3.bucket} at ${s3.endpoint}`);
    expect((await createImageStore(parseEnv({ DATA_DIR: "/tmp/boutique-x" }))).kind).toBe("folder");
  });
});

describe("S3 settings", () => {
  const full = {
    S3_BUCKET: "hive-uploads",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  };

  it("reads a whole configuration, with the region and path style defaulted", () => {
    expect(parseEnv(full).S3).toEqual({
      bucket: "hive-uploads",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: full.S3_SECRET_ACCESS_KEY,
      forcePathStyle: false,
    });
    expect(parseEnv({ ...full, S3_FORCE_PATH_STYLE: "TRUE", S3_REGION: "auto" }).S3).toMatchObject({
      forcePathStyle: true,
      region: "auto",
    });
    expect(parseEnv({}).S3).toBeNull();
    // The example file's tuning lines alone do not ask for S3.
    expect(parseEnv({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "false", S3_BUCKET: "" }).S3).toBeNull();
  });

  it("refuses half a configuration, naming what is missing and never echoing a secret", () => {
    expect(() => parseEnv({ S3_BUCKET: "hive-uploads" })).toThrow(/S3_ACCESS_KEY_ID: is required when S3_BUCKET is set/);
    expect(() => parseEnv({ S3_BUCKET: "hive-uploads", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set/,
    );
    let message = "";
    try {
      parseEnv({ S3_SECRET_ACCESS_KEY: full.S3_SECRET_ACCESS_KEY, S3_ENDPOINT: "not a url" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/S3_BUCKET: is required when S3_SECRET_ACCESS_KEY is set/);
    expect(message).toMatch(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(message).not.toContain(full.S3_SECRET_ACCESS_KEY);
    expect(message).not.toContain("not a url");
  });

  it("refuses a bad bucket name, region or path style with the variable's name", () => {
    expect(() => parseEnv({ ...full, S3_BUCKET: "Hive_Uploads" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ ...full, S3_REGION: "US East" })).toThrow(/S3_REGION: must be a region/);
    expect(() => parseEnv({ ...full, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
  });
});
