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
