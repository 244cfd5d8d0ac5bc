import { z } from "zod";

// Zod compiles fast parsers with `new Function` unless told not to; our CSP
// forbids eval in the browser (and Chrome reports every attempt). Schemas
// shared with the browser import z from here.
z.config({ jitless: true });

export { z };
