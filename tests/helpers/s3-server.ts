import { readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import S3rver from "@20minutes/s3rver";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { tempDir } from "./processes";

/** s3rver's one built-in account. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the boutique at this server. */
  env: Record<string, string>;
  /** Every key in the bucket, read from s3rver's folder (its ListObjects does not pass its own signature check). */
  keys(): string[];
  /** One object's bytes and content type, read through the S3 API. */
  read(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }>;
  /** Stops answering (the port refuses connections), keeping the objects. */
  pause(): Promise<void>;
  /** Answers again, on the same port with the same objects. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder (once; later calls do nothing). */
  stop(): Promise<void>;
}

/**
 * A local S3-protocol server (s3rver, which checks SigV4 signatures) in this
 * process, on loopback and a free port, keeping its objects in a fresh
 * temporary folder that `stop` removes. One bucket, made empty.
 */
export async function startLocalS3(bucket = "boutique-uploads"): Promise<LocalS3> {
  const directory = tempDir("s3rver-");
  const make = (port: number) => new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  let stopped = false;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    keys() {
      const root = join(directory, bucket);
      return readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((path) => path.endsWith("._S3rver_object"))
        .map((path) => relative(root, join(root, path)).replace(/\._S3rver_object$/, ""))
        .sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
    },
    async pause() {
      const closing = server?.close();
      // An outage does not wait for the requests in flight. Without this, close() waits for every connection the
      // boutique keeps alive, and a burst of uploads can keep one busy past the test's time.
      server?.httpServer?.closeAllConnections();
      await closing;
      server = null;
    },
    async resume() {
      server ??= make(port);
      await server.run();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
