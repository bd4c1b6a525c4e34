import type { BrowserContext } from "playwright-core";
import { secretOfUri, totpCode } from "../apps/server/test/support/totp.ts";

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A fresh account description with a unique e-mail. */
export function newAccount(prefix: string, name: string): Account {
  return {
    name,
    email: `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: "e2e-passw0rd!",
  };
}

/**
 * Platform admin accounts of the shared browser-suite server: global-setup.ts lists them in its
 * ADMIN_EMAILS, so each becomes an admin at sign-up (issue 14) without a server of its own. One
 * slot per spec file and viewport (each is signed up once per run, on a fresh database).
 */
export const E2E_ADMIN_SLOTS = ["two-factor-desktop", "two-factor-phone", "security-page"] as const;

/** The admin account of `slot` on the shared server (ADMIN_EMAILS of global-setup.ts). */
export function adminAccount(slot: (typeof E2E_ADMIN_SLOTS)[number], name: string): Account {
  return { name, email: `e2e-admin-${slot}@example.com`, password: "e2e-passw0rd!" };
}

/**
 * Signs up through the API, follows the verification link found in /dev/mailbox (as a person
 * would from their inbox) and signs in; returns the session cookies for a browser context.
 */
export async function createVerifiedAccount(baseURL: string, account: Account): Promise<string> {
  const headers = { "content-type": "application/json", origin: baseURL };
  const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify(account),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const inbox = await (await fetch(`${baseURL}/dev/mailbox`)).text();
  const row = inbox.split("<tr>").find((r) => r.includes(account.email.toLowerCase()));
  const messagePath = row && /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
  if (!messagePath) throw new Error(`no e-mail for ${account.email} in /dev/mailbox`);
  const message = await (await fetch(`${baseURL}${messagePath}`)).text();
  const link = /class="mail-link" href="([^"]*verify-email[^"]*)"/
    .exec(message)?.[1]
    ?.replaceAll("&amp;", "&");
  if (!link) throw new Error("no verification link in the e-mail");
  await fetch(link, { redirect: "manual" });
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Puts an API session into a browser context. */
export async function useSession(
  context: BrowserContext,
  baseURL: string,
  cookieHeader: string,
): Promise<void> {
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name, value: rest.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" as const };
    }),
  );
}

/**
 * Publishes, as the creator whose session `cookie` is, a free course of one section with one text
 * lesson (10 minutes) through POST /api/courses/publish, and enrols each of `students` (session
 * cookies) through POST /api/courses/{id}/enroll. Throws unless every call answers 200.
 * @returns the course's id.
 */
export async function publishOneLessonCourse(
  baseURL: string,
  cookie: string,
  course: { title: string; description: string; section: string; lesson: string; html: string },
  students: string[] = [],
): Promise<string> {
  const publish = await fetch(`${baseURL}/api/courses/publish`, {
    method: "POST",
    headers: { cookie, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({
      title: course.title,
      description: course.description,
      outline: [
        {
          id: "s1",
          title: course.section,
          lessons: [
            {
              id: "l1",
              title: course.lesson,
              type: "text",
              duration: 10,
              content: { type: "text", html: course.html },
            },
          ],
        },
      ],
    }),
  });
  if (publish.status !== 200) throw new Error(`publish answered ${publish.status}: ${await publish.text()}`);
  const { courseId } = (await publish.json()) as { courseId: string };
  for (const student of students) {
    const enrol = await fetch(`${baseURL}/api/courses/${courseId}/enroll`, {
      method: "POST",
      headers: { cookie: student, origin: baseURL },
    });
    if (enrol.status !== 200) throw new Error(`enrol answered ${enrol.status}: ${await enrol.text()}`);
  }
  return courseId;
}

/**
 * Accepts, as the signed-in `cookie`, every invitation e-mailed to `email` (found in /dev/mailbox):
 * Assign by e-mail sends an invitation since issue 25 item 5, and enrols only on acceptance.
 * @returns how many invitation links were accepted.
 */
export async function acceptMailedInvitations(
  baseURL: string,
  cookie: string,
  email: string,
): Promise<number> {
  const inbox = await (await fetch(`${baseURL}/dev/mailbox`)).text();
  const rows = inbox.split("<tr>").filter((r) => r.includes(email.toLowerCase()));
  const tokens = new Set<string>();
  for (const row of rows) {
    const messagePath = /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
    if (!messagePath) continue;
    const message = await (await fetch(`${baseURL}${messagePath}`)).text();
    for (const match of message.matchAll(/[?&](?:amp;)?invitation=([A-Za-z0-9_-]{20,100})/g))
      tokens.add(match[1]);
  }
  for (const token of tokens) {
    const accepted = await fetch(`${baseURL}/api/invitations/accept`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({ invitationToken: token }),
    });
    if (!accepted.ok) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  }
  return tokens.size;
}

/**
 * Turns on two-factor sign-in for the account whose session `cookie` is, through the API as the
 * account card does (issue 25 item 6): password → otpauth URI → a TOTP code computed from its
 * secret. Platform admins need it before the Admin Panel opens.
 * @returns the new session cookies (confirming swaps the session), the base32 secret and the 10 recovery codes.
 */
export async function enrolTwoFactor(
  baseURL: string,
  cookie: string,
  password: string,
): Promise<{ cookie: string; secret: string; codes: string[] }> {
  const headers = { "content-type": "application/json", origin: baseURL, cookie };
  const enabled = await fetch(`${baseURL}/api/auth/two-factor/enable`, {
    method: "POST",
    headers,
    body: JSON.stringify({ password }),
  });
  if (!enabled.ok) throw new Error(`2FA enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const verified = await fetch(`${baseURL}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code: totpCode(secret) }),
  });
  if (!verified.ok) throw new Error(`2FA verify failed: ${verified.status} ${await verified.text()}`);
  const fresh = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return { cookie: fresh, secret, codes: backupCodes };
}
