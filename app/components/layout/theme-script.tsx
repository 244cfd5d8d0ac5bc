import { InlineScript } from "~/lib/nonce";

export const THEME_STORAGE_KEY = "theme";

/**
 * Runs before the body paints: the stored choice (key `theme`), else the
 * system's dark preference. Without it a dark-theme visitor would see a
 * flash of ivory on every load.
 */
const script = `(function(){try{var s=localStorage.getItem("${THEME_STORAGE_KEY}");var d=s==="dark"||(s!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light";}catch(_){}})();`;

export function ThemeScript() {
  return <InlineScript code={script} />;
}
