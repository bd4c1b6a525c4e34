import { useTranslation } from "react-i18next";
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { PageTitle } from "@/components/page-title";
import { Card, CardContent } from "@/components/ui/card";
import { meQueryOptions, useSignOut } from "@/features/auth/api/session";
import { InvitationAcceptance } from "@/features/invitations/components/invitation-acceptance";
import { queryClient } from "@/lib/query-client";

/** Signed out → /auth?invitation={token} (001 §2 Invitation acceptance page); no token → /dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("invitation") ?? "";
  if (!token) throw redirect("/dashboard");
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  if (!me) throw redirect(`/auth?invitation=${encodeURIComponent(token)}&tab=signin`);
  return null;
}

/** /invitation?invitation={token} — accepts the invitation for the signed-in account (issue 5). */
export function Component() {
  const { t } = useTranslation("invitations");
  const [params] = useSearchParams();
  const token = params.get("invitation") ?? "";
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-brand via-[#283593] to-[#0d1250]">
      <PageTitle>{t("page.title")}</PageTitle>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-white">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardContent className="p-6 sm:p-8">
            <InvitationAcceptance
              key={token}
              token={token}
              onSignOutAndRetry={() =>
                signOut.mutate(undefined, {
                  onSettled: () =>
                    navigate(`/auth?invitation=${encodeURIComponent(token)}&tab=signin`, { replace: true }),
                })
              }
            />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
