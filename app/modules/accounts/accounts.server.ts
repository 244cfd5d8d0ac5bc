// The accounts module's server front door: re-exports only (docs/architecture.md).
export {
  adminStandingOfSessions,
  authHeaders,
  getViewer,
  hasAdminRole,
  requireAdmin,
  requireUser,
  safeRedirectPath,
  type SignedInUser,
} from "./viewer.server";
export { countAttempt, handleAuthRequest, pendingTwoFactorAccount } from "./auth-endpoint.server";
export { deleteOwnAccount, loadSecurity, resendVerificationMail, securityAction, signOut } from "./account-actions.server";
export { attemptOfEndpoint, countedAuthRoutes, CREDENTIAL_FIELDS, endpointFields, type AuthAttempt } from "./auth-limits.server";
export { createAuth, grantAdminIfListed, trustedOriginsFor, type Auth } from "./auth.server";
export { clearFlashCookie, flashRedirect, readFlash, type Flash } from "./flash.server";
export { contactDetails, deleteAccount, deleteAddress, getProfile, listAddresses, saveAddress, saveProfile } from "./profile.server";
export { cookieHeaderFrom, mergeSetCookies } from "./session-cookies.server";
export { grantAdminByEmail, type GrantOutcome } from "./admin-grant.server";
export {
  listPasskeys,
  totpEnrolment,
  twoFactorState,
  type PasskeySummary,
  type TotpEnrolment,
  type TwoFactorState,
} from "./security.server";
export { JWT_MESSAGES, JwtRejected, verifyIssuedToken, type VerifyOptions } from "./jwt.server";
export {
  refusedSignIn,
  requestPasswordReset,
  signInWithPassword,
  signUpWithPassword,
  twoFactorStep,
  verifySecondFactor,
  type PasswordSignIn,
  type SecondFactorCheck,
} from "./sign-in.server";
