import { useState } from "react";
import { useSubmit } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hydrated";
import { signInWithPasskey } from "../passkeys";

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
    const outcome = await signInWithPasskey();
    setBusy(false);
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    await submit({ intent: "passkey", redirectTo }, { method: "post" });
  }

  return (
    <Button variant="outline" className="w-full" disabled={!hydrated || busy} onClick={() => void signIn()}>
      {busy ? "Waiting for your passkey..." : "Use a passkey"}
    </Button>
  );
}
