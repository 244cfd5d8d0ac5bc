import { useSyncExternalStore } from "react";

/** A field's one message as the `errors` list `Field` takes. */
export function errs(message: string | null | undefined): string[] | undefined {
  return message ? [message] : undefined;
}

/** A label with a quiet '(optional)' after it. */
export function optionalLabel(label: string) {
  return (
    <>
      {label} <span className="ml-1 tracking-normal normal-case">(optional)</span>
    </>
  );
}

const subscribe = () => () => {};

/** False while rendering on the server and during hydration, true after: for parts that need JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
