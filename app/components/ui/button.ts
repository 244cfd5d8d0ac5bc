/**
 * The boutique's button looks, as class strings so that links, buttons and
 * form submits share them: pill shapes, small tracked capitals.
 */
export type ButtonVariant = "primary" | "outline" | "gold" | "ghost" | "inverse";

const base =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full text-xs font-medium tracking-[0.18em] uppercase transition-[background-color,color,border-color,opacity] duration-300 focus-visible:outline-2 focus-visible:outline-offset-3 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "px-8 bg-primary text-primary-foreground hover:opacity-90",
  outline: "px-8 border border-foreground/70 text-foreground hover:bg-foreground hover:text-background",
  gold: "px-8 bg-gold text-[#1b1a18] hover:bg-[#bf9c5c]",
  ghost: "px-1 underline underline-offset-8 decoration-gold/60 hover:decoration-current",
  inverse: "px-8 border border-[#f4efe6]/70 text-[#f4efe6] hover:bg-[#f4efe6] hover:text-[#1b1a18]",
};

export function buttonStyles(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]}${extra ? ` ${extra}` : ""}`;
}
