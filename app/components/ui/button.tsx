import { Loader2, type LucideIcon } from "lucide-react";
import { cloneElement, forwardRef, isValidElement, type ButtonHTMLAttributes, type Ref } from "react";
import { cx } from "~/lib/class-names";

/**
 * The boutique's buttons: pill shapes, small tracked capitals. `Button`
 * renders a `<button>` (type="button" unless told otherwise, so it never
 * submits a form by accident); with `asChild` it lends its looks to its one
 * child, a link for example: `<Button asChild><Link to="/prom">Prom</Link></Button>`.
 */
export type ButtonVariant = "primary" | "outline" | "gold" | "ghost" | "inverse" | "reverse" | "quiet" | "destructive" | "choice";
export type ButtonSize = "md" | "sm" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full text-xs font-medium tracking-[0.18em] uppercase transition-[background-color,color,border-color,opacity] duration-300 focus-visible:outline-2 focus-visible:outline-offset-3 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:opacity-90",
  outline: "border border-foreground/70 text-foreground hover:bg-foreground hover:text-background",
  gold: "bg-gold text-[#1b1a18] hover:bg-[#bf9c5c]",
  ghost: "underline underline-offset-8 decoration-gold/60 hover:decoration-current",
  inverse: "border border-[#f4efe6]/70 text-[#f4efe6] hover:bg-[#f4efe6] hover:text-[#1b1a18]",
  /** On a band of the primary colour: the primary colours swapped. */
  reverse: "bg-primary-foreground text-primary hover:opacity-90",
  /** No fill or border until hovered: the header's and toolbars' icon buttons. */
  quiet: "text-foreground hover:bg-accent",
  // Darker when hovered, never fainter: at 90 % opacity the dark theme's small dark text on its light red fell under 4.5:1.
  destructive: "bg-destructive text-destructive-foreground hover:brightness-90",
  /**
   * One of several choices (a filter, an option value) or a small chip-like link: a fine border, filled once
   * chosen (`aria-pressed="true"`).
   */
  choice:
    "border border-border hover:border-foreground aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:border-primary",
};

const sizes: Record<ButtonSize, string> = {
  md: "min-h-12 px-8",
  sm: "min-h-10 px-5",
  icon: "size-11 tracking-normal",
};

/** The class string of a button's looks, for the rare element that cannot be a `Button` (prefer `<Button asChild>`). */
export function buttonStyles(variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md"): string {
  // The ghost variant is a text link: no pill padding. A choice is one size: a touch target among its siblings.
  const sizing =
    variant === "ghost" && size !== "icon" ? "min-h-12 px-1" : variant === "choice" && size !== "icon" ? "min-h-11 px-5" : sizes[size];
  return cx(base, sizing, variants[variant], extra);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the one child (a link) with the button's looks instead of a `<button>`. */
  asChild?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", asChild = false, className, type, ...props },
  ref,
) {
  const classes = buttonStyles(variant, className, size);
  // lend() does not read the ref: it hands it to the child element, as a <button> gets it below.
  // eslint-disable-next-line react-hooks/refs
  if (asChild) return lend(props, classes, ref);
  return <button ref={ref} type={type ?? "button"} className={classes} {...props} />;
});

type ChildProps = Record<string, unknown> & { className?: string; ref?: Ref<HTMLElement> };

/** `asChild`: the one child element, with the button's class, props and ref added to its own. */
function lend({ children, ...lent }: ButtonHTMLAttributes<HTMLButtonElement>, classes: string, ref: Ref<HTMLButtonElement>) {
  if (!isValidElement<ChildProps>(children)) throw new Error("Button asChild needs exactly one element child");
  const { ref: childRef, className, ...own } = children.props;
  // Both refs get the child's element. A new callback each render is fine: React hands it the same element.
  const bothRefs = (node: HTMLElement | null) => {
    assignRef(childRef, node);
    assignRef(ref as Ref<HTMLElement>, node);
  };
  return cloneElement(children, { ...lentProps(lent, own), className: cx(classes, className), ref: bothRefs });
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/**
 * What `asChild` gives its child besides the class: the button's props under the child's own, except that where
 * both have a handler (`onClick`) both run, the child's first; a style is the two merged.
 */
function lentProps(lent: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...lent, ...own };
  for (const [key, value] of Object.entries(lent)) {
    const mine = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof mine === "function") {
      merged[key] = (...args: unknown[]) => {
        (mine as (...a: unknown[]) => unknown)(...args);
        (value as (...a: unknown[]) => unknown)(...args);
      };
    } else if (key === "style" && value && mine) {
      merged.style = { ...(value as object), ...(mine as object) };
    }
  }
  return merged;
}

/**
 * A form's submit button that says when it is at work: while `busy` it is
 * disabled and shows a spinner and `busyLabel` ("Booking..."); else its icon
 * and its label.
 */
export function SubmitButton({
  busy,
  busyLabel,
  icon: Icon,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type" | "asChild"> & { busy: boolean; busyLabel: string; icon?: LucideIcon }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy ? (
        <>
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {busyLabel}
        </>
      ) : (
        <>
          {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
          {children}
        </>
      )}
    </Button>
  );
}
