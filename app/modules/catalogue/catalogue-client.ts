// Browser calls to the catalogue's resource routes (the header's search and the bag's checkout).
import type { SearchHit } from "~/components/layout/search-popover";

export async function fetchSearchHits(query: string, signal: AbortSignal): Promise<SearchHit[]> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as { results: SearchHit[] };
  return body.results;
}

export async function requestCheckout(
  lines: { merchandiseId: string; quantity: number }[],
): Promise<{ cartId: string; checkoutUrl: string }> {
  const response = await fetch("/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ lines }),
  });
  const body = (await response.json().catch(() => ({}))) as { cartId?: string; checkoutUrl?: string; error?: string };
  if (!response.ok || !body.checkoutUrl || !body.cartId) throw new Error(body.error ?? `checkout answered ${response.status}`);
  return { cartId: body.cartId, checkoutUrl: body.checkoutUrl };
}
