import { Copy, Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { BRAND } from "~/lib/brand";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { useHydrated } from "~/lib/hydrated";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/lib/format";
import { getFormErrors, inputAttributes } from "~/lib/forms";
import { registerPasskey } from "../passkeys";
import { confirmPasswordSchema, totpEnrolSchema } from "../schema";

export const SECURITY_MESSAGES = {
  twoFactorOn: "Two-factor authentication is on",
  twoFactorOff: "Two-factor authentication is off",
  wrongPassword: "That password is not right",
  wrongCode: "That code did not match. Enter the current code from your app.",
  passkeyAdded: "Passkey added",
  passkeyRemoved: "Passkey removed",
  passkeyRemoveFailed: "Failed to remove passkey",
  noPasskeys: "No passkeys yet",
} as const;

export type TwoFactorView = "off" | "pending" | "on";

export interface EnrolmentView {
  qrDataUrl: string;
  secret: string;
  backupCodes: string[];
}

/** What a Security action answers: a failure in the form helper's shape, or what to show once. */
export type SecurityResult = { intent: string } & (
  | { ok: false; fieldErrors: Record<string, string[]>; formError?: string; values: Record<string, string | string[]> }
  | { ok: true; enrolment?: EnrolmentView; backupCodes?: string[] }
);

export interface PasskeyView {
  id: string;
  name: string | null;
  createdAt: string | Date | null;
}

/** The text file "Download codes" saves. */
export const BACKUP_CODES_FILE = "hive-backup-codes.txt";

function backupCodesText(codes: readonly string[]): string {
  return [
    `${BRAND.fullName}: your backup codes`,
    "Each code signs you in once if you cannot use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** "Copy codes" (the clipboard) and "Download codes" (a text file): with JavaScript only, so shown once hydrated. */
function BackupCodeActions({ codes }: { codes: readonly string[] }) {
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated) return null;

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };

  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = BACKUP_CODES_FILE;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy of the bytes once started; the next task is late enough to let the URL go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={() => void onCopy()}>
        <Copy aria-hidden="true" className="size-4" />
        Copy codes
      </Button>
      <Button variant="outline" size="sm" onClick={onDownload}>
        <Download aria-hidden="true" className="size-4" />
        Download codes
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {copy === "copied" ? "Copied" : copy === "failed" ? "Could not copy: select the codes and copy them instead." : null}
      </p>
    </div>
  );
}

function BackupCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="grid gap-3 rounded-lg border border-gold/50 p-4">
      <h4 className="text-lg">Your backup codes</h4>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <BackupCodeActions codes={codes} />
    </div>
  );
}

function VerifyCodeForm({ result }: { result: SecurityResult | undefined }) {
  const errors = getFormErrors(result?.intent === "verify-two-factor" ? result : undefined);
  return (
    <Form method="post" action="/account/security" className="grid max-w-sm gap-4">
      <input type="hidden" name="intent" value="verify-two-factor" />
      <FormMessage>{errors.formError}</FormMessage>
      <Field label="Code from your app" errors={errors.errorsOf("code")}>
        <Input {...inputAttributes(totpEnrolSchema, "code")} pattern="[0-9]{6}" />
      </Field>
      <Button type="submit" className="justify-self-start">
        Verify and turn on
      </Button>
    </Form>
  );
}

function PasswordForm({
  result,
  intents,
  passwordLabel,
}: {
  result: SecurityResult | undefined;
  intents: readonly { intent: string; label: string; variant?: "primary" | "outline" }[];
  passwordLabel: string;
}) {
  const mine = result && intents.some((i) => i.intent === result.intent) ? result : undefined;
  const errors = getFormErrors(mine);
  return (
    <Form method="post" action="/account/security" className="grid max-w-sm gap-4">
      <FormMessage>{errors.formError}</FormMessage>
      <Field label={passwordLabel} errors={errors.errorsOf("password")}>
        <Input {...inputAttributes(confirmPasswordSchema, "password")} type="password" autoComplete="current-password" />
      </Field>
      <div className="flex flex-wrap gap-3">
        {intents.map((i) => (
          <Button key={i.intent} type="submit" name="intent" value={i.intent} variant={i.variant ?? "primary"}>
            {i.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}

export function TwoFactorSection({ state, result }: { state: TwoFactorView; result: SecurityResult | undefined }) {
  const enrolment = result?.ok && result.intent === "enable-two-factor" ? result.enrolment : undefined;
  const newCodes = result?.ok && result.intent === "new-backup-codes" ? result.backupCodes : undefined;
  return (
    <section aria-labelledby="two-factor-heading" className="grid gap-5">
      <h2 id="two-factor-heading" className="text-2xl">
        Two-factor authentication
      </h2>
      {state === "on" ? (
        <>
          <p role="status" className="text-sm">
            {SECURITY_MESSAGES.twoFactorOn}. Signing in asks for a code from your authenticator app.
          </p>
          {newCodes ? <BackupCodes codes={newCodes} /> : null}
          <PasswordForm
            result={result}
            passwordLabel="Your password"
            intents={[
              { intent: "new-backup-codes", label: "New backup codes", variant: "outline" },
              { intent: "disable-two-factor", label: "Turn off two-factor", variant: "outline" },
            ]}
          />
        </>
      ) : enrolment ? (
        <div className="grid gap-5">
          <h3 className="text-xl">Scan this QR code with your authenticator app</h3>
          <img
            src={enrolment.qrDataUrl}
            alt="QR code of your authenticator app key"
            width={200}
            height={200}
            className="rounded-md bg-white"
          />
          <p className="text-sm">
            Or type this key: <code className="font-mono">{enrolment.secret}</code>
          </p>
          <BackupCodes codes={enrolment.backupCodes} />
          <p className="text-sm text-muted-foreground">Then enter the 6-digit code your app shows to finish.</p>
          <VerifyCodeForm result={result} />
        </div>
      ) : state === "pending" ? (
        <div className="grid gap-5">
          <p className="text-sm">Setup is not finished: enter the 6-digit code your authenticator app shows for this account.</p>
          <VerifyCodeForm result={result} />
          <p className="text-sm text-muted-foreground">Lost the QR code? Start over with a new key.</p>
          <PasswordForm
            result={result}
            passwordLabel="Your password"
            intents={[{ intent: "enable-two-factor", label: "Start over", variant: "outline" }]}
          />
        </div>
      ) : (
        <div className="grid gap-5">
          <p className="text-sm text-muted-foreground">
            Add a code from an authenticator app to every sign-in, so a stolen password alone cannot open your account.
          </p>
          <PasswordForm
            result={result}
            passwordLabel="Your password"
            intents={[{ intent: "enable-two-factor", label: "Turn on two-factor" }]}
          />
        </div>
      )}
    </section>
  );
}

export function PasskeysSection({
  passkeys,
  result,
  timeZone,
}: {
  passkeys: readonly PasskeyView[];
  result: SecurityResult | undefined;
  /** The boutique's clock, for the dates shown. */
  timeZone: string;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const removeErrors = getFormErrors(result?.intent === "delete-passkey" ? result : undefined);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim() || "Passkey";
    setAdding(true);
    const outcome = await registerPasskey(name.slice(0, 100));
    setAdding(false);
    if (outcome.ok) {
      toast.success(SECURITY_MESSAGES.passkeyAdded);
      await revalidator.revalidate();
    } else {
      toast.error(outcome.message);
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-5">
      <h2 id="passkeys-heading" className="text-2xl">
        Passkeys
      </h2>
      <p className="text-sm text-muted-foreground">Sign in with your fingerprint, face or screen lock instead of a password.</p>
      <FormMessage>{removeErrors.formError}</FormMessage>
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{SECURITY_MESSAGES.noPasskeys}</p>
      ) : (
        <ul aria-label="Your passkeys" className="grid gap-3">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
              <div>
                <p className="font-medium">{p.name ?? "Passkey"}</p>
                {p.createdAt ? <p className="text-sm text-muted-foreground">Added {formatDate(p.createdAt, timeZone, "short")}</p> : null}
              </div>
              <Form method="post" action="/account/security">
                <input type="hidden" name="intent" value="delete-passkey" />
                <input type="hidden" name="id" value={p.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove passkey ${p.name ?? "Passkey"}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="grid max-w-sm gap-4">
        <Field label="Passkey name" description="So you can tell your devices apart">
          <Input name="name" defaultValue="My device" maxLength={100} autoComplete="off" />
        </Field>
        <Button type="submit" className="justify-self-start" disabled={!hydrated || adding}>
          {adding ? "Adding..." : "Add a passkey"}
        </Button>
      </form>
    </section>
  );
}
