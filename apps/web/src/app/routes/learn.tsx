import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type LoaderFunctionArgs, redirect, useParams } from "react-router";
import { ReportContent } from "@/features/admin/components/report-content";
import { meQueryOptions, saveLocale } from "@/features/auth/api/session";
import { MessageButton } from "@/features/messaging/components/message-button";
import { useMessagingEvents } from "@/features/messaging/hooks/use-messaging-events";
import { refreshNotifications } from "@/features/notifications/api/notifications";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { LessonPlayer } from "@/features/player/components/lesson-player";
import { SchoolBrandBadge } from "@/features/schools/components/school-brand-badge";
import { useProfileLanguage } from "@/lib/profile-language";
import { queryClient } from "@/lib/query-client";

/** /learn/{courseId} needs a session (spec 001 §2): a visitor without one signs in and comes back. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) {
    const url = new URL(request.url);
    const back = `/learn/${params.courseId ?? ""}${url.search}`;
    throw redirect(`/auth?tab=signin&redirect=${encodeURIComponent(back)}`);
  }
  return null;
}

/**
 * /learn/{courseId} — the full-screen lesson player (outside the dashboard layout), with the
 * notification bell in its header (issue 27 §2) kept live by this tab's one event stream.
 */
export function Component() {
  const { courseId = "" } = useParams();
  const { data: me } = useQuery(meQueryOptions);
  useProfileLanguage(me);
  const client = useQueryClient();
  useMessagingEvents(Boolean(me), { onNotification: () => refreshNotifications(client) });
  return (
    <LessonPlayer
      key={courseId}
      courseId={courseId}
      onLocaleChange={saveLocale}
      headerBrand={<SchoolBrandBadge courseId={courseId} compact />}
      headerAction={(course) => (
        <>
          {/* A creator previewing their own course has no teacher to write to. */}
          {me && course.creatorId !== me.userId ? <MessageButton courseId={course.id} compact /> : null}
          {me ? <NotificationBell /> : null}
        </>
      )}
      resourceAction={(materialId) => <ReportContent targetType="material" targetId={materialId} compact />}
    />
  );
}
