import { useState } from "react";
import { useSubmit } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hydrated";

/**
 * The WebAuthn code (about 3 KB compressed) loads when the shopper reaches for the button, not with the sign-in page:
 * most who open /auth use a password. The ceremony starts with a request to the server anyway, so the wait is one more.
 */
const loadPasskeys = () => import("../passkeys");

/**
 * "Use a passkey" (to sign in): the WebAuthn ceremony needs JavaScript, so the
 * button waits for it. Once Better Auth has set the session cookie, the page's
 * own action confirms the session on the server and redirects with the toast.
 */
export function PasskeySignInButton({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    const outcome = await loadPasskeys().then(
      ({ signInWithPasskey }) => signInWithPasskey(),
      () => ({ ok: false as const, message: "Passkey sign-in could not start. Please check your connection and try again." }),
    );
    setBusy(false);
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    await submit({ intent: "passkey", redirectTo }, { method: "post" });
  }

  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={!hydrated || busy}
      onPointerEnter={() => void loadPasskeys()}
      onFocus={() => void loadPasskeys()}
      onClick={() => void signIn()}
    >
      {busy ? "Waiting for your passkey..." : "Use a passkey"}
    </Button>
  );
}
