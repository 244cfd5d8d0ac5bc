// SPEC §9, shared by the modal, the /newsletter page, the welcome mail and the tests.
export const NEWSLETTER_DISCOUNT_PERCENT = 15;
export const NEWSLETTER_DISCOUNT_CODE = "HIVE15";
/** The modal opens by itself this long after the home page loads, once per browser session. */
export const NEWSLETTER_AUTO_OPEN_DELAY_MS = 5000;
/** The success view closes itself after this long. */
export const NEWSLETTER_SUCCESS_CLOSE_MS = 2000;
/** sessionStorage key: set once the modal has opened in this browser session. */
export const NEWSLETTER_PROMPTED_KEY = "hive:newsletter-prompted";

export const NEWSLETTER_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  tooLong: "Email must be less than 255 characters",
  success: "Successfully subscribed to our newsletter!",
  failed: "Failed to subscribe. Please try again.",
} as const;
