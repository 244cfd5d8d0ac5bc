import { Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { THEME_STORAGE_KEY } from "./theme-script";

type Theme = "light" | "dark";

// The theme lives on <html> (set before paint by the head script); React only
// reads it, so every toggle on the page agrees and the server renders neutral.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const readTheme = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

export function setTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage may be unavailable (private mode); the choice still applies to this page
  }
}

export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => null);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="quiet"
      size="icon"
      onClick={() => setTheme(next)}
      aria-label={theme === null ? "Toggle theme" : `Switch to ${next} theme`}
    >
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </Button>
  );
}
