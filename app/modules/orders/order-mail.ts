import { BRAND } from "~/lib/brand";
import { formatPrice } from "~/lib/format";
import type { Order } from "./types";

/** The shopper's confirmation of a built-in store order, as plain text for the outbox. */
export function orderConfirmationMail(order: Order, checkoutUrl: string, holdHours?: number) {
  const lines = order.lines.map(
    (l) => `  ${l.quantity} × ${l.productTitle} (${l.variantTitle.split(" / ").join(", ")})  ${formatPrice(l.unitPrice)}`,
  );
  const text = [
    `Dear ${order.customerName},`,
    "",
    `Thank you for your order #${order.orderNumber}. We have set your gown aside for you:`,
    "",
    ...lines,
    "",
    `Total: ${formatPrice(order.total)}`,
    "",
    `Nothing has been charged: you pay when you visit us at ${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode} (${BRAND.hours}).`,
    ...(holdHours ? [`We hold your order for ${holdHours} hours; after that, unpaid pieces go back on sale.`] : []),
    "We will be in touch to arrange your fitting. If you have questions before then, reply to this email or call us.",
    "",
    `Your order: ${checkoutUrl}`,
    "",
    BRAND.fullName,
    BRAND.phone,
  ].join("\n");
  return { kind: "order-confirmation", to: order.customerEmail, subject: `Your order #${order.orderNumber} at ${BRAND.fullName}`, text };
}
