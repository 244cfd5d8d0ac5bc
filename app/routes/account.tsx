import { Form, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/account";
import { Button } from "~/components/ui/button";
import { LinkTabs } from "~/components/ui/tabs";
import { readFormData } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { requireUser, signOut } from "~/modules/accounts/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "My Account | The Hive Bridal & Formal",
    description: "Your profile, orders, wishlist and addresses.",
    path: "/account",
  });

/** SPEC §2's tabs, each a nested route of its own (the index is the profile). */
const ACCOUNT_TABS = [
  { path: "profile", label: "Profile" },
  { path: "orders", label: "Orders" },
  { path: "wishlist", label: "Wishlist" },
  { path: "addresses", label: "Addresses" },
  { path: "design-requests", label: "Design Requests" },
  { path: "appointments", label: "Appointments" },
  { path: "security", label: "Security" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Links from before the tabs were routes (`/account?tab=wishlist`) still land on their tab.
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab");
  if (asked && ACCOUNT_TABS.some((tab) => tab.path === asked)) {
    url.searchParams.delete("tab");
    throw redirect(`/account/${asked}${url.search}`);
  }
  return { user: { name: user.name } };
}

/** The Logout button. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const intent = String((await readFormData(request))?.get("intent") ?? "");
  return signOut(request, context, { everywhere: intent === "sign-out-everywhere" });
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/account\/?/, "").split("/")[0] || "profile";
  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">My Account</p>
          <h1 className="mt-2 text-4xl">{loaderData.user.name}</h1>
        </div>
        <Form method="post" action="/account">
          <input type="hidden" name="intent" value="logout" />
          <Button type="submit" variant="outline">
            Logout
          </Button>
        </Form>
      </div>
      <div className="mt-8">
        <LinkTabs
          label="Account sections"
          panelClassName="pt-8"
          tabs={ACCOUNT_TABS.map((tab) => ({ to: `/account/${tab.path}`, label: tab.label, selected: tab.path === current }))}
        >
          <Outlet />
        </LinkTabs>
      </div>
    </section>
  );
}
