import type { Logger } from "~/lib/logger.server";
import type { StorefrontDocument } from "./storefront-operations.generated";
import { StorefrontError } from "./storefront-error";
import { PAYMENT_REQUIRED_NOTICE, type StorefrontNotice, type StorefrontTransport } from "./types";

export const STOREFRONT_API_VERSION = "2025-07";
export const DEFAULT_STOREFRONT_TIMEOUT_MS = 10_000;

export interface ShopifyTransportOptions {
  endpoint: string;
  token: string;
  fetch?: typeof fetch;
}

export function shopifyEndpoint(domain: string): string {
  return `https://${domain}/api/${STOREFRONT_API_VERSION}/graphql.json`;
}

export function createShopifyTransport({ endpoint, token, fetch: fetchImpl = fetch }: ShopifyTransportOptions): StorefrontTransport {
  return {
    name: "shopify",
    send(body, signal) {
      return fetchImpl(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-Shopify-Storefront-Access-Token": token },
        body,
        signal,
      });
    },
  };
}

export type StorefrontResult<TResult> = { data: TResult; notice: null } | { data: null; notice: StorefrontNotice };

export interface StorefrontClient {
  readonly transport: StorefrontTransport["name"];
  /** Requests sent so far (cache hits never reach the client): what the benches count. */
  readonly requestCount: number;
  request<TResult, TVariables>(
    document: StorefrontDocument<TResult, TVariables>,
    variables: TVariables,
    options?: { signal?: AbortSignal },
  ): Promise<StorefrontResult<TResult>>;
}

export interface StorefrontClientOptions {
  transport: StorefrontTransport;
  timeoutMs?: number;
  logger?: Logger;
  /** Called as each request is sent (what the benches count). */
  onRequest?: (operationName: string) => void;
}

/** Rejects when `signal` aborts, even if `promise` never settles (a transport that ignores the signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return String(cause);
}

function graphQLMessages(errors: unknown): string[] {
  if (typeof errors === "string") return [errors];
  if (!Array.isArray(errors)) return [];
  return errors.map((e) =>
    e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string"
      ? (e as { message: string }).message
      : JSON.stringify(e),
  );
}

export function createStorefrontClient({
  transport,
  timeoutMs = DEFAULT_STOREFRONT_TIMEOUT_MS,
  logger,
  onRequest,
}: StorefrontClientOptions): StorefrontClient {
  let requestCount = 0;

  const failure = (error: unknown, timeout: AbortSignal, caller: AbortSignal | undefined, stage: string): never => {
    if (caller?.aborted) throw caller.reason;
    if (timeout.aborted) throw new StorefrontError(`The store did not answer within ${timeoutMs} ms`, "timeout", { cause: error });
    if (error instanceof StorefrontError) throw error;
    throw new StorefrontError(
      `Could not reach the store (${stage}): ${describeCause(error)}`,
      stage === "connect" ? "network" : "invalid-response",
      { cause: error },
    );
  };

  return {
    transport: transport.name,
    get requestCount() {
      return requestCount;
    },
    async request(document, variables, options = {}) {
      requestCount += 1;
      onRequest?.(document.operationName);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
      const body = JSON.stringify({ query: document.query, variables });

      let response: Response;
      try {
        response = await abortable(transport.send(body, signal), signal);
      } catch (error) {
        return failure(error, timeout, options.signal, "connect");
      }

      if (response.status === 402) {
        await response.body?.cancel().catch(() => {});
        logger?.warn({ operation: document.operationName, transport: transport.name }, PAYMENT_REQUIRED_NOTICE.title);
        return { data: null, notice: PAYMENT_REQUIRED_NOTICE };
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new StorefrontError(`HTTP error! status: ${response.status}`, "http", { status: response.status });
      }

      let payload: { data?: unknown; errors?: unknown };
      try {
        const text = await abortable(response.text(), signal);
        payload = JSON.parse(text) as { data?: unknown; errors?: unknown };
      } catch (error) {
        if (error instanceof SyntaxError)
          throw new StorefrontError("The store answered with something other than JSON", "invalid-response", {
            status: response.status,
            cause: error,
          });
        return failure(error, timeout, options.signal, "reading the answer");
      }
      if (!payload || typeof payload !== "object")
        throw new StorefrontError("The store answered with something other than a GraphQL response", "invalid-response");

      const messages = graphQLMessages(payload.errors);
      if (messages.length > 0)
        throw new StorefrontError(`Error calling Shopify: ${messages.join(", ")}`, "graphql", { status: response.status });
      if (!payload.data || typeof payload.data !== "object")
        throw new StorefrontError("The store answered without data", "invalid-response");
      return { data: payload.data as never, notice: null };
    },
  };
}
