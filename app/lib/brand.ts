/** Who we are, said once: the header, footer, mail and structured data read it from here. */
export const BRAND = {
  name: "The Hive",
  fullName: "The Hive Bridal & Formal",
  tagline: "Bridal, prom and celebration gowns, made to be remembered",
  city: "Savannah",
  region: "GA",
  street: "214 Whitaker Street",
  postalCode: "31401",
  country: "US",
  phone: "(912) 555-0148",
  email: "hello@thehivebridal.com",
  hours: "Mon-Sat, 10am-6pm",
  instagram: "https://www.instagram.com/thehivebridal",
} as const;
