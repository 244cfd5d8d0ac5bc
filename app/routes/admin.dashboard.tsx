import type { Route } from "./+types/admin.dashboard";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/modules/accounts/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Admin Dashboard | The Hive Bridal & Formal", description: "Staff dashboard.", path: "/admin/dashboard" });

/** The dashboard itself comes with the admin issue; the guard is already the real one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { name: admin.name };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-12">
      <p className="eyebrow">Staff</p>
      <h1 className="mt-3 text-4xl">Admin Dashboard</h1>
      <p className="mt-4 text-muted-foreground">Welcome, {loaderData.name}. The dashboard's tables arrive with the admin work.</p>
      <form method="post" action="/account?tab=profile" className="mt-8">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="text-sm underline underline-offset-4">
          Logout
        </button>
      </form>
    </section>
  );
}
