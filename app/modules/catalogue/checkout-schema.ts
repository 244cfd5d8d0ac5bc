import { z } from "zod";

// This schema also runs in the browser, where our CSP forbids eval: keep
// zod from compiling parsers with `new Function`.
z.config({ jitless: true });

/**
 * The shopper's details on the built-in checkout page; shared by the form and
 * its action. Messages follow SPEC §5's wording for names and emails.
 */
export const placeOrderSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be less than 100 characters"),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
});

export type PlaceOrderFields = z.infer<typeof placeOrderSchema>;

/** The JSON body of POST /api/checkout (the bag sheet sends it). */
export const checkoutRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        merchandiseId: z
          .string({ error: "Each line needs a merchandiseId" })
          .trim()
          .min(1, "Each line needs a merchandiseId")
          .max(200, "A merchandiseId is at most 200 characters"),
        // The range is the store's to judge (a quantity below 1 comes back as a cart error); only nonsense stops here.
        quantity: z
          .number({ error: "Each line needs a whole-number quantity" })
          .int("Each line needs a whole-number quantity")
          .min(-999)
          .max(999, "A line takes at most 999 of one dress"),
      }),
      { error: "lines must be a list of { merchandiseId, quantity }" },
    )
    .min(1, "Your bag is empty: add a dress before checking out.")
    .max(100, "A checkout takes at most 100 lines."),
});
