import * as z from "zod/mini";

// This schema also runs in the browser, where our CSP forbids eval: keep
// zod from compiling parsers with `new Function`.
z.config({ jitless: true });

/** The JSON body of POST /api/checkout (the bag sheet sends it). */
export const checkoutRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        merchandiseId: z
          .string({ error: "Each line needs a merchandiseId" })
          .check(
            z.trim(),
            z.minLength(1, "Each line needs a merchandiseId"),
            z.maxLength(200, "A merchandiseId is at most 200 characters"),
          ),
        // The range is the store's to judge (a quantity below 1 comes back as a cart error); only nonsense stops here.
        quantity: z
          .int({ error: "Each line needs a whole-number quantity" })
          .check(z.minimum(-999), z.maximum(999, "A line takes at most 999 of one dress")),
      }),
      { error: "lines must be a list of { merchandiseId, quantity }" },
    )
    .check(z.minLength(1, "Your bag is empty: add a dress before checking out."), z.maxLength(100, "A checkout takes at most 100 lines.")),
});
