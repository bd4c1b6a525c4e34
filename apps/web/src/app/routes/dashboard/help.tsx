import { useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/ui/spinner";
import { platformSettingsQueryOptions } from "@/features/admin/api/admin";
import { meQueryOptions } from "@/features/auth/api/session";
import { HelpCenter } from "@/features/help/components/help-center";
import { MessageButton } from "@/features/messaging/components/message-button";

/** /dashboard/help — the Help Center, creator or student view by role (spec 001 §2 Help and support). */
export function Component() {
  const { t } = useTranslation("help");
  const me = useQuery(meQueryOptions);
  const settings = useQuery(platformSettingsQueryOptions);
  return (
    <>
      <PageTitle>{t("title")}</PageTitle>
      {!me.data ? (
        <div className="flex justify-center p-8">
          <Spinner label={i18next.t("common:loading")} />
        </div>
      ) : (
        <HelpCenter
          role={me.data.role}
          settings={{
            supportEmail: settings.data?.supportEmail ?? "",
            liveChatHours: settings.data?.liveChatHours ?? "",
            liveChatUrl: settings.data?.liveChatUrl ?? "",
          }}
          messageLink={(courseId) => <MessageButton courseId={courseId} />}
        />
      )}
    </>
  );
}
