// Passkeys in the browser: the WebAuthn ceremony between Better Auth's
// passkey endpoints (/api/auth/passkey/*) and the browser's authenticator.
// Everything else about passkeys (the list, removal) is plain forms.
import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { AUTH_MESSAGES } from "./accounts";

export type PasskeyOutcome = { ok: true } | { ok: false; message: string };

const BASE = "/api/auth/passkey";

async function getJson(path: string, refused: string): Promise<unknown> {
  const response = await fetch(`${BASE}${path}`, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(await messageOf(response, refused));
  return response.json();
}

async function postJson(path: string, body: unknown, refused: string): Promise<void> {
  const response = await fetch(`${BASE}${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await messageOf(response, refused));
}

/** The boutique's words for a refusal: the rate limit's own message, else the caller's. */
async function messageOf(response: Response, refused: string): Promise<string> {
  if (response.status === 429) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? "Too many attempts. Please try again later.";
  }
  return refused;
}

// A passkey the boutique does not know (removed from the account) is refused like a wrong password: SPEC §8's words.
const SIGN_IN_REFUSED = AUTH_MESSAGES.signInFailed;
const NOT_ADDED = "The passkey could not be added. Please sign in again and retry.";

function failure(error: unknown, cancelled: string): PasskeyOutcome {
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
      return { ok: false, message: "This device already holds a passkey for your account." };
    return { ok: false, message: cancelled };
  }
  // The browser's own refusal (the dialog closed, timed out) is a DOMException named NotAllowedError.
  if (error instanceof DOMException) return { ok: false, message: cancelled };
  return { ok: false, message: error instanceof Error ? error.message : cancelled };
}

/** Makes a passkey on this device for the signed-in shopper, under the name they gave it. */
export async function registerPasskey(name: string): Promise<PasskeyOutcome> {
  try {
    const options = (await getJson(`/generate-register-options?name=${encodeURIComponent(name)}`, NOT_ADDED)) as Parameters<
      typeof startRegistration
    >[0]["optionsJSON"];
    const credential = await startRegistration({ optionsJSON: options });
    const { clientExtensionResults: _ignored, ...response } = credential;
    await postJson("/verify-registration", { response, name }, NOT_ADDED);
    return { ok: true };
  } catch (error) {
    return failure(error, "No passkey was added.");
  }
}

/** Signs in with a passkey held by this device; Better Auth sets the session cookie. */
export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  try {
    const options = (await getJson("/generate-authenticate-options", SIGN_IN_REFUSED)) as Parameters<
      typeof startAuthentication
    >[0]["optionsJSON"];
    const assertion = await startAuthentication({ optionsJSON: options });
    const { clientExtensionResults: _ignored, ...response } = assertion;
    await postJson("/verify-authentication", { response }, SIGN_IN_REFUSED);
    return { ok: true };
  } catch (error) {
    return failure(error, "Sign in with a passkey was cancelled.");
  }
}
