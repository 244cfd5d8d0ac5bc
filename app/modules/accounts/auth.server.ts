import { createHmac } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { jwt, twoFactor } from "better-auth/plugins";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authAccounts, jwks, passkeys, sessions, twoFactors, users, verifications } from "~/db/schema/auth";
import { userRoles } from "~/db/schema/accounts";
import { BRAND } from "~/lib/brand";
import type { Logger } from "~/lib/logger.server";
import { brandedMail, enqueueMail } from "~/modules/mail/mail.server";
import { recordVerificationLink, revokeAccountLinks, VERIFICATION_LINK_SECONDS } from "./account-links.server";
import { claimGuestRecords } from "./profile.server";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export interface AuthOptions {
  db: Database;
  /** The app's one secret; Better Auth gets a key derived from it for its own purpose. */
  secret: string;
  /** The public origin as configured (APP_URL), or null on the embedded default. */
  appUrl: string | null;
  /** Where mail links point when APP_URL is unset. */
  fallbackUrl: string;
  port: number;
  adminEmails: readonly string[];
  logger: Logger;
  nudgeMail: () => void;
}

/** The origins whose browsers may post to us: APP_URL alone, or both loopback spellings on the embedded default. */
export function trustedOriginsFor(appUrl: string | null, port: number): string[] {
  if (appUrl) return [new URL(appUrl).origin];
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** Grants the admin role to a verified address listed in ADMIN_EMAILS; never to anyone else. */
export async function grantAdminIfListed(
  db: Database,
  user: { id: string; email: string; emailVerified: boolean },
  adminEmails: readonly string[],
): Promise<boolean> {
  if (!user.emailVerified || !adminEmails.includes(user.email.toLowerCase())) return false;
  await db.insert(userRoles).values({ userId: user.id, role: "admin" }).onConflictDoNothing();
  return true;
}

export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  const origins = trustedOriginsFor(options.appUrl, options.port);
  const publicUrl = options.appUrl ?? options.fallbackUrl;
  const rpHost = new URL(publicUrl).hostname;

  const queue = async (message: Parameters<typeof brandedMail>[0]) => {
    await enqueueMail(db, brandedMail(message));
    options.nudgeMail();
  };

  return betterAuth({
    appName: BRAND.name,
    secret: createHmac("sha256", options.secret).update("better-auth").digest("base64url"),
    baseURL: options.appUrl
      ? options.appUrl
      : { allowedHosts: origins.map((o) => new URL(o).host), fallback: options.fallbackUrl, protocol: "http" },
    basePath: "/api/auth",
    // Better Auth's own lines go through our logger, so its redaction covers them (no working secret in a log).
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args.map((arg) => (arg instanceof Error ? arg.message : arg)) } : {};
        logger[level === "debug" ? "debug" : level]({ source: "better-auth", ...details }, message);
      },
    },
    trustedOrigins: origins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
        jwks,
        passkey: passkeys,
      },
    }),
    // Our own limits, in our database, are applied in front of every sensitive endpoint (rate-limits.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: publicUrl.startsWith("https:"),
      cookiePrefix: "hive",
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Off, so that Better Auth answers a taken address exactly as a new one (and mails its owner, below);
      // our forms sign the new account in themselves (sign-in.server.ts). Decision 0020.
      autoSignIn: false,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await revokeAccountLinks(db, user.id);
      },
      onExistingUserSignUp: async ({ user }) => {
        await queue({
          kind: "sign-up-attempt",
          to: user.email,
          subject: "Someone tried to create an account with your address",
          preheader: "Your account is safe; here is what to do if it was not you.",
          blocks: [
            { kind: "heading", text: "You already have an account" },
            {
              kind: "paragraph",
              text: `Hello ${user.name}, someone just tried to create an account at ${BRAND.name} with this address. Your account already uses it, so nothing was changed.`,
            },
            { kind: "button", label: "Sign in", url: new URL("/auth", publicUrl).toString() },
            {
              kind: "note",
              text: "If it was you, sign in instead, or choose a new password from the sign-in page. If it was not you, you need do nothing.",
            },
          ],
        });
      },
      sendResetPassword: async ({ user, url }) => {
        await queue({
          kind: "password-reset",
          to: user.email,
          subject: "Reset your password",
          preheader: "A link to choose a new password for your account.",
          blocks: [
            { kind: "heading", text: "Choose a new password" },
            { kind: "paragraph", text: `Hello ${user.name}, someone asked to reset the password of your account at ${BRAND.name}.` },
            { kind: "button", label: "Choose a new password", url },
            {
              kind: "note",
              text: "The link works for one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
            },
          ],
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A verification link only verifies: it never signs anyone in, so it cannot step around a second factor (decision 0020).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        await recordVerificationLink(db, user.id, token);
        await queue({
          kind: "email-verification",
          to: user.email,
          subject: "Confirm your email address",
          preheader: "One click to confirm the address of your account.",
          blocks: [
            { kind: "heading", text: "Confirm your email address" },
            { kind: "paragraph", text: `Welcome, ${user.name}. Please confirm that this address is yours.` },
            { kind: "button", label: "Confirm my address", url },
            { kind: "note", text: "If you did not create an account, ignore this mail." },
          ],
        });
      },
      afterEmailVerification: async (user) => {
        if (await grantAdminIfListed(db, user, options.adminEmails))
          logger.info({ userId: user.id }, "admin role granted from ADMIN_EMAILS");
        // What she booked or sent as a guest with this address joins her account. A failure here must not undo the verification.
        try {
          const claimed = await claimGuestRecords(db, user);
          if (claimed.fittings + claimed.designRequests > 0)
            logger.info({ userId: user.id, ...claimed }, "guest records joined the account");
        } catch (error) {
          logger.error({ err: error, userId: user.id }, "claiming guest records failed");
        }
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      account: {
        update: {
          // A new password (the change-password endpoint) ends every link and pending sign-in made before it.
          after: async (account) => {
            if (account.providerId === "credential") await revokeAccountLinks(db, account.userId);
          },
        },
      },
      session: {
        create: {
          // A listed address verified before ADMIN_EMAILS named it gets the role at its next sign-in.
          after: async (session) => {
            const [user] = await db
              .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
              .from(users)
              .where(sql`${users.id} = ${session.userId}`);
            if (user) await grantAdminIfListed(db, user, options.adminEmails);
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: BRAND.name }),
      jwt({ jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } } }),
      passkey({ rpID: rpHost, rpName: BRAND.name, origin: options.appUrl ? new URL(options.appUrl).origin : origins }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
