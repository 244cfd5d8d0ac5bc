import * as z from "zod/mini";
import { emailField, nameField } from "~/lib/fields";

/**
 * The shopper's details on the built-in checkout page: the one schema of the
 * form, read by its action (`parseForm`) and by its inputs' attributes
 * (`inputAttributes`). The shared name and email fields carry SPEC §5's
 * messages ('Name is required', 'Invalid email address', ...).
 */
export const placeOrderSchema = z.object({ name: nameField, email: emailField });

export type PlaceOrderFields = z.infer<typeof placeOrderSchema>;
