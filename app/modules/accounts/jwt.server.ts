// Checking a token that Better Auth's jwt plugin issued (GET /api/auth/token)
// against the public keys it publishes at /.well-known/jwks.json: what a
// service that trusts the boutique's sign-in does with a bearer token.
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";

/** The auth library's words (SPEC §8) for the two refusals that matter. */
export const JWT_MESSAGES = {
  invalidSignature: "Invalid JWT signature",
  expired: "JWT has expired",
  invalid: "Invalid JWT",
} as const;

export class JwtRejected extends Error {
  readonly reason: "signature" | "expired" | "invalid";
  constructor(reason: JwtRejected["reason"], message: string) {
    super(message);
    this.name = "JwtRejected";
    this.reason = reason;
  }
}

export interface VerifyOptions {
  /** Expected `iss` and `aud`: the boutique's public origin. */
  issuer?: string;
  audience?: string;
  /** An expired token is rejected unless this is set (SPEC §8: "unless allowed"). */
  allowExpired?: boolean;
  /** The moment to check against (tests); now by default. */
  now?: Date;
}

/**
 * The token's claims when its signature verifies against one of `jwks`'
 * keys and it has not expired; otherwise a JwtRejected naming why.
 */
export async function verifyIssuedToken(token: string, jwks: JSONWebKeySet, options: VerifyOptions = {}): Promise<JWTPayload> {
  const keys = createLocalJWKSet(jwks);
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      currentDate: options.now,
    });
    return payload;
  } catch (error) {
    // jose checks the signature before the claims: an expired token here has a good signature.
    if (error instanceof errors.JWTExpired) {
      if (options.allowExpired) return error.payload;
      throw new JwtRejected("expired", JWT_MESSAGES.expired);
    }
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
      throw new JwtRejected("signature", JWT_MESSAGES.invalidSignature);
    }
    throw new JwtRejected("invalid", JWT_MESSAGES.invalid);
  }
}
