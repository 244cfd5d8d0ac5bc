// Small shape checks for data read back from the browser's storage.
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === "string";

export function isMoney(value: unknown): value is { amount: string; currencyCode: string } {
  return isRecord(value) && isString(value.amount) && isString(value.currencyCode) && Number.isFinite(Number.parseFloat(value.amount));
}

export function isImageRef(value: unknown): value is { url: string; altText: string | null } {
  return isRecord(value) && isString(value.url) && (value.altText === null || isString(value.altText));
}
