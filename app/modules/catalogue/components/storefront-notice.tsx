import { useEffect } from "react";
import { toast } from "~/lib/toast";
import type { StorefrontNotice } from "../types";

/** Shows the storefront's notice (SPEC §8: 'Shopify: Payment required') once as a toast. */
export function StorefrontNoticeToast({ notice }: { notice: StorefrontNotice | null | undefined }) {
  useEffect(() => {
    if (notice) toast.error(notice.title, { description: notice.description, id: notice.kind });
  }, [notice]);
  return null;
}
