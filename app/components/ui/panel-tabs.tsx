import { Tabs as TabsPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { cx } from "~/lib/class-names";
import { listStyles, panelStyles, triggerStyles } from "./tabs";

/**
 * Tabs whose panels are all on the page (Radix: arrow keys, roles, ids), drawn as `LinkTabs` are.
 * The first panel shows before JavaScript; switching needs JavaScript. When a
 * tab must work without JavaScript (its own URL), use `LinkTabs`.
 */
export const Tabs = TabsPrimitive.Root;

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.List>>(function TabsList(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.List ref={ref} className={cx(listStyles, className)} {...props} />;
});

export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>>(function TabsTrigger(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Trigger ref={ref} className={cx(triggerStyles, className)} {...props} />;
});

export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Content>>(function TabsContent(
  { className, ...props },
  ref,
) {
  return <TabsPrimitive.Content ref={ref} className={cx(panelStyles, className)} {...props} />;
});
