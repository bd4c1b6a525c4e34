import { isNewAccount } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { TwoFactorPrompt } from "@/features/account/components/two-factor-prompt";
import { meQueryOptions } from "@/features/auth/api/session";
import { dashboardQueryOptions } from "@/features/dashboard/api/dashboard";
import { CreatorDashboard } from "@/features/dashboard/components/creator-dashboard";
import { StudentDashboard } from "@/features/dashboard/components/student-dashboard";
import { MessageButton } from "@/features/messaging/components/message-button";
import { StudyRemindersCard } from "@/features/study-reminders/components/study-reminders-card";

/** /dashboard — the creator or the student dashboard, by profile role (spec 000 §2). */
export function Component() {
  const { t } = useTranslation("dashboard");
  const { data: me } = useQuery(meQueryOptions);
  const dashboard = useQuery(dashboardQueryOptions);
  const name = me?.fullName || me?.email || "";
  // A new account is welcomed, not "welcomed back" (issue 24 §8).
  const isNew = isNewAccount(me?.createdAt);
  return (
    <>
      <PageTitle>{t("title")}</PageTitle>
      {dashboard.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-36 w-full" />
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        </div>
      ) : dashboard.isError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
        >
          {t("loadFailed")}
        </p>
      ) : dashboard.data.role === "student" ? (
        <StudentDashboard
          data={dashboard.data}
          name={name}
          isNew={isNew}
          courseAction={(courseId) => <MessageButton courseId={courseId} />}
          studyGoal={<StudyRemindersCard />}
        />
      ) : (
        <div className="grid gap-6">
          <TwoFactorPrompt />
          <CreatorDashboard data={dashboard.data} name={name} isNew={isNew} />
        </div>
      )}
    </>
  );
}
