import { useQuery } from "@tanstack/react-query";
import { BanIcon, CheckCircle2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { PageTitle } from "@/components/page-title";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { authConfigQueryOptions, meQueryOptions } from "@/features/auth/api/session";
import { GoogleButton } from "@/features/auth/components/google-button";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { joinCourseQueryOptions } from "@/features/enrolment/api/enrolment";
import { invitationLookupQueryOptions } from "@/features/invitations/api/invitations";
import { ApiError } from "@/lib/api-client";
import { usePlatformName } from "@/lib/platform";
import { queryClient } from "@/lib/query-client";
import { safeRedirect } from "@/lib/redirect";

/** A signed-in visitor to /auth goes to /dashboard (or where they were headed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  const params = new URL(request.url).searchParams;
  const invitation = params.get("invitation");
  // With an invitation a signed-in visitor goes straight to accepting it (issue 5).
  if (me && invitation) throw redirect(`/invitation?invitation=${encodeURIComponent(invitation)}`);
  if (me) throw redirect(safeRedirect(params.get("redirect")));
  return null;
}

/**
 * /auth — Sign Up (default) and Sign In (spec 000 §2 /auth). With ?invitation={token} (issue 5):
 * the invitation is looked up (000 §8 toasts), the title is "Join Your Course", the e-mail is
 * prefilled and locked, the new account is a student, and verification, sign-in and Google all
 * return to /invitation?invitation={token}.
 */
export function Component() {
  const { t } = useTranslation("auth");
  const platform = usePlatformName();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const invitationToken = params.get("invitation") ?? "";
  const invitationPath = `/invitation?invitation=${encodeURIComponent(invitationToken)}`;
  const redirectTo = invitationToken ? invitationPath : safeRedirect(params.get("redirect"));
  const verified = params.get("verified") === "1";
  const invitation = useInvitationLookup(invitationToken);
  // From a course's /join page (redirect back there) or an invitation: the new account is a student (issues 4, 5).
  const asStudent =
    Boolean(invitationToken) || params.get("role") === "student" || redirectTo.startsWith("/join/");
  const verifyError = params.get("error");
  const [tab, setTab] = React.useState(verified || params.get("tab") === "signin" ? "signin" : "signup");
  const [signInEmail, setSignInEmail] = React.useState<string | undefined>();
  const [suspended, setSuspended] = React.useState(verifyError === "account_suspended");
  // A Google sign-in refused because the account has two-factor sign-in on (issue 25 item 6).
  const [passwordNeeded, setPasswordNeeded] = React.useState(verifyError === "two_factor_password");
  const config = useQuery(authConfigQueryOptions);
  const callbackURL = invitationToken
    ? invitationPath
    : `/auth?verified=1${redirectTo !== "/dashboard" ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`;
  const invitedEmail = invitation.data?.email;
  // Arriving from a course's /join page: the page names that course and its school (issue 24 §6).
  const joinCourseId = /^\/join\/([0-9a-f-]{36})/i.exec(redirectTo)?.[1] ?? "";
  const joining = useQuery({
    ...joinCourseQueryOptions(joinCourseId),
    enabled: Boolean(joinCourseId) && !invitationToken,
  });

  React.useEffect(() => {
    if (verifyError === "account_suspended" || verifyError === "two_factor_password") {
      // A suspended account's Google sign-in (issue 14), or one with 2FA on (issue 25 item 6):
      // said plainly, and kept on the page.
      if (verifyError === "account_suspended") setSuspended(true);
      else setPasswordNeeded(true);
      const next = new URLSearchParams(params);
      next.delete("error");
      setParams(next, { replace: true });
    } else if (verifyError) {
      toast.error(t("toast.verifyFailed.title"), { description: t("toast.verifyFailed.description") });
      const next = new URLSearchParams(params);
      next.delete("error");
      setParams(next, { replace: true });
    }
  }, [verifyError, params, setParams, t]);

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]">
      <PageTitle>{t("pageTitle")}</PageTitle>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-white">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight" data-testid="auth-headline">
              {invitationToken
                ? t("invitation.title")
                : joining.data
                  ? t(tab === "signup" ? "joinCourse.signUp" : "joinCourse.signIn", {
                      course: joining.data.title,
                    })
                  : t("headline", { platform })}
            </h1>
            <p className="text-sm text-muted-foreground">
              {invitation.data
                ? t("invitation.subtitle", {
                    who: invitation.data.creatorName ?? invitation.data.schoolName ?? platform,
                  })
                : joining.data && (joining.data.instructorName || joining.data.schoolName)
                  ? t("joinCourse.by", {
                      who: [joining.data.instructorName, joining.data.schoolName].filter(Boolean).join(" · "),
                    })
                  : t("subheadline")}
            </p>
            {invitation.data && invitation.data.courses.length > 0 ? (
              <ul className="mt-2 grid gap-1 text-sm font-medium" data-testid="invited-courses">
                {invitation.data.courses.map((course) => (
                  <li key={course.id}>{course.title}</li>
                ))}
              </ul>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-5">
            {suspended ? (
              <p
                role="alert"
                className="flex items-center gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800"
                data-testid="suspended-banner"
              >
                <BanIcon className="size-4 shrink-0" aria-hidden />
                {t("suspendedBanner")}
              </p>
            ) : null}
            {passwordNeeded ? (
              <p
                role="alert"
                className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
                data-testid="two-factor-password-banner"
              >
                {t("twoFactor.googleRefused")}
              </p>
            ) : null}
            {verified ? (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800"
                data-testid="verified-banner"
              >
                <CheckCircle2Icon className="size-4 shrink-0" aria-hidden />
                {t("verifiedBanner")}
              </p>
            ) : null}
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signup">{t("tabs.signUp")}</TabsTrigger>
                <TabsTrigger value="signin">{t("tabs.signIn")}</TabsTrigger>
              </TabsList>
              <TabsContent value="signup">
                <SignUpForm
                  key={invitedEmail ?? "signup"}
                  lockedEmail={invitedEmail}
                  asStudent={asStudent}
                  callbackURL={callbackURL}
                  onSwitchToSignIn={(email) => {
                    setSignInEmail(email);
                    setTab("signin");
                  }}
                />
              </TabsContent>
              <TabsContent value="signin">
                <SignInForm
                  key={signInEmail ?? invitedEmail ?? "signin"}
                  defaultEmail={signInEmail ?? invitedEmail}
                  redirectTo={redirectTo}
                  callbackURL={callbackURL}
                  onSignedIn={(to) => navigate(to, { replace: true })}
                />
              </TabsContent>
            </Tabs>
            {config.data?.googleEnabled ? (
              <>
                <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
                  <span className="h-px flex-1 bg-border" />
                  {t("orContinueWith")}
                  <span className="h-px flex-1 bg-border" />
                </div>
                <GoogleButton callbackURL={redirectTo} asStudent={asStudent} />
              </>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/**
 * Looks the invitation up once and says how it went (000 §8 Invitation lookup): "Invitation found!",
 * "Invitation not found" (unknown, used or expired), "Invitation error" (the server failed) or
 * "Error" (the check could not run).
 */
function useInvitationLookup(token: string) {
  const { t } = useTranslation("auth");
  const lookup = useQuery({ ...invitationLookupQueryOptions(token), enabled: Boolean(token) });
  const told = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!token || told.current === token) return;
    if (lookup.isSuccess) {
      told.current = token;
      toast.success(t("invitation.toast.found"));
    } else if (lookup.isError) {
      told.current = token;
      const error = lookup.error;
      if (error instanceof ApiError && error.status === 404)
        toast.error(t("invitation.toast.notFound.title"), {
          description: t("invitation.toast.notFound.description"),
        });
      else if (error instanceof ApiError && error.code !== "NETWORK")
        toast.error(t("invitation.toast.queryError.title"), {
          description: t("invitation.toast.queryError.description"),
        });
      else
        toast.error(t("invitation.toast.failed.title"), {
          description: t("invitation.toast.failed.description"),
        });
    }
  }, [token, lookup.isSuccess, lookup.isError, lookup.error, t]);
  return lookup;
}
