import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { accountQueryOptions } from "@/features/account/api/account";
import { DataExportCard } from "@/features/account/components/data-export";
import { DeleteAccountCard } from "@/features/account/components/delete-account-card";
import { PasswordForm } from "@/features/account/components/password-form";
import { ProfileForm } from "@/features/account/components/profile-form";
import { PurchasesCard } from "@/features/account/components/purchases-card";
import { SecurityActivityCard } from "@/features/account/components/security-activity-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { NotificationPreferencesCard } from "@/features/notifications/components/notification-preferences";

/**
 * /dashboard/account — account settings (issue 16 item 14), for creators and students alike:
 * profile (name ≤ 120, photo, language, time zone), password, two-factor authentication (issue 25
 * item 6), signed-in devices, recent security activity (issue 25 item 7), purchases with
 * receipts (issue 23 §9), notification preferences (issue 27 §2; `#notifications`), download my
 * data (issue 24 §8), delete account. `#purchases` and `#notifications` scroll to their card.
 */
export function Component() {
  const { t } = useTranslation("account");
  const account = useQuery(accountQueryOptions);
  const { hash } = useLocation();
  const loaded = Boolean(account.data);
  React.useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageTitle>{t("page.title")}</PageTitle>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("page.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("page.subtitle")}</p>
      </div>
      {account.data ? (
        <>
          <ProfileForm account={account.data} />
          <PasswordForm hasPassword={account.data.hasPassword} />
          <TwoFactorCard />
          <SessionsCard />
          <SecurityActivityCard />
          <div id="purchases" className="scroll-mt-20">
            <PurchasesCard />
          </div>
          <NotificationPreferencesCard />
          <DataExportCard />
          <DeleteAccountCard email={account.data.email} />
        </>
      ) : account.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {account.error.message}
        </p>
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </div>
  );
}
