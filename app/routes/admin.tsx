import { Outlet, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import { AdminConsole } from "~/modules/admin/components/admin-nav";

/**
 * The staff console's layout (issue 26): every staff page but /admin/login wears it instead of the storefront's
 * header and footer (root.tsx reads `shell` from this handle). Its loader checks the admin role, as each page's does.
 */
export const handle = { shell: "console" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // The console's own address opens its first page.
  if (/^\/admin\/?$/.test(new URL(request.url).pathname)) throw redirect("/admin/dashboard");
  return { staff: { name: admin.name, email: admin.email } };
}

/** Who is signed in changes only by a form (Logout); moving between the console's pages keeps the shell's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  Boolean(formMethod && formMethod.toUpperCase() !== "GET") && defaultShouldRevalidate;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminConsole staff={loaderData.staff} themeToggle={<ThemeToggle />}>
      <Outlet />
    </AdminConsole>
  );
}
