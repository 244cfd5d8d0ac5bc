/** SPEC §8, word for word. */
export const AUTH_MESSAGES = {
  signedIn: "Signed in successfully!",
  signedUp: "Account created successfully!",
  signInFailed: "Sign in failed",
  signUpFailed: "Sign up failed",
  loggedOut: "Logged out successfully",
  // Not SPEC's words: what a verification link and a second factor say, in its tone.
  emailConfirmed: "Email address confirmed. Thank you!",
  verificationLinkInvalid: "This confirmation link has expired or was already used.",
  codeNotAccepted: (triesLeft: number) =>
    triesLeft > 0
      ? `That code was not accepted. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`
      : "That code was not accepted, and that was the last try for this sign-in. Please sign in again.",
} as const;

export const ADMIN_MESSAGES = {
  accessDenied: "Access denied. Admin privileges required.",
  loginSuccessful: "Login successful!",
  loginFailed: "Login failed",
  signUpFailed: "Sign up failed",
  accountCreated: "Account created! Please check your email to confirm.",
} as const;

export const ACCOUNT_MESSAGES = {
  profileUpdated: "Profile updated successfully",
  // Not SPEC's words: the unconfirmed address's "Resend verification mail".
  verificationSent: "Verification mail sent. Check your inbox.",
  alreadyVerified: "Your email address is already confirmed.",
  verificationFailed: "The verification mail could not be sent. Please try again.",
  profileFailed: "Failed to update profile",
  emailReadOnly: "Email cannot be changed",
  removedFromWishlist: "Removed from wishlist",
  removeFailed: "Failed to remove item",
  addressAdded: "Address added",
  addressUpdated: "Address updated",
  addressDeleted: "Address deleted",
  addressFailed: "Failed to save address",
  addressDeleteFailed: "Failed to delete address",
  noOrders: "No orders yet",
  wishlistEmpty: "Your wishlist is empty",
  noAddresses: "No addresses saved",
  noDesignRequests: "No design requests yet",
  noAppointments: "No appointments yet",
} as const;
