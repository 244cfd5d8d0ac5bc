import type { Route } from "./+types/account.orders";
import { servicesContext } from "~/lib/context.server";
import { formatDate, formatPrice } from "~/lib/format";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { requireUser } from "~/modules/accounts/accounts.server";
import { EmptyTab } from "~/modules/accounts/components/account-answer";
import { StatusBadge } from "~/modules/admin/components/status-badge";
import { listOrdersForCustomer } from "~/modules/orders/orders.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Guest orders under the address count only once the shopper has shown the address is theirs.
  const orders = await listOrdersForCustomer(context.get(servicesContext).database.db, {
    userId: user.id,
    email: user.emailVerified ? user.email : null,
  });
  return {
    timeZone: context.get(servicesContext).env.BOUTIQUE_TIME_ZONE,
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      createdAt: o.date,
      totalAmount: o.total.amount,
      currencyCode: o.total.currencyCode,
    })),
  };
}

export default function OrdersTab({ loaderData }: Route.ComponentProps) {
  if (loaderData.orders.length === 0) return <EmptyTab>{ACCOUNT_MESSAGES.noOrders}</EmptyTab>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Your orders</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-2">
            Order
          </th>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col" className="text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {loaderData.orders.map((o) => (
          <tr key={o.id} className="border-b border-border/60">
            <td className="py-3">#{o.orderNumber}</td>
            <td>{formatDate(o.createdAt, loaderData.timeZone, "short")}</td>
            <td>
              <StatusBadge status={o.status} />
            </td>
            <td className="text-right">{formatPrice({ amount: o.totalAmount, currencyCode: o.currencyCode })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
