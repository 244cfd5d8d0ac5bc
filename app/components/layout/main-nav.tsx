import { NavLink } from "react-router";
import { ADMIN_LINK, NAV_LINKS, type Viewer } from "./navigation";

interface MainNavProps {
  viewer: Viewer | null;
  className: string;
  listClassName: string;
  /** The link's classes, as it is or is not the current page's. */
  linkClassName: (isActive: boolean) => string;
  /** Called when a link is followed (the phone's menu closes). */
  onNavigate?: () => void;
}

/** SPEC §2's navigation, and Admin for staff: the header's row at wide screens and the phone's menu. */
export function MainNav({ viewer, className, listClassName, linkClassName, onNavigate }: MainNavProps) {
  const links = viewer?.isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} onClick={onNavigate} className={({ isActive }) => linkClassName(isActive)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
