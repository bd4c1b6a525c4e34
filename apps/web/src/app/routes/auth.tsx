import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { authConfigQueryOptions, meQueryOptions } from "@/features/auth/api/session";
import { GoogleButton } from "@/features/auth/components/google-button";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { queryClient } from "@/lib/query-client";
import { safeRedirect } from "@/lib/redirect";

/** A signed-in visitor to /auth goes to /dashboard (or where they were headed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  if (me) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  return null;
}

/** /auth — Sign Up (default) and Sign In (spec 000 §2 /auth). */
export function Component() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirect"));
  const verified = params.get("verified") === "1";
  // From a course's /join page (redirect back there): the new account is a student (issue 4).
  const asStudent = params.get("role") === "student" || redirectTo.startsWith("/join/");
  const verifyError = params.get("error");
  const [tab, setTab] = React.useState(verified || params.get("tab") === "signin" ? "signin" : "signup");
  const [signInEmail, setSignInEmail] = React.useState<string | undefined>();
  const config = useQuery(authConfigQueryOptions);
  const callbackURL = `/auth?verified=1${redirectTo !== "/dashboard" ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`;

  React.useEffect(() => {
    if (verifyError) {
      toast.error(t("toast.verifyFailed.title"), { description: t("toast.verifyFailed.description") });
      const next = new URLSearchParams(params);
      next.delete("error");
      setParams(next, { replace: true });
    }
  }, [verifyError, params, setParams, t]);

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]">
      <title>{`${t("pageTitle")} · Academy`}</title>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-white">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight">{t("headline")}</h1>
            <p className="text-sm text-muted-foreground">{t("subheadline")}</p>
          </CardHeader>
          <CardContent className="grid gap-5">
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
                  defaultEmail={signInEmail}
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
                <GoogleButton callbackURL={redirectTo} />
              </>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
