// @20minutes/s3rver ships no types: the part of its API the tests use.
declare module "@20minutes/s3rver" {
  import type { Server } from "node:http";

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** The HTTP server `run` started (null before). */
    httpServer: Server | null;
  }
}
