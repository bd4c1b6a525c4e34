import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { accountQueryOptions } from "@/features/account/api/account";
import { ReportContent } from "@/features/admin/components/report-content";
import { CreatorAnalytics } from "@/features/analytics/components/creator-analytics";
import { MessageActionContext } from "@/features/analytics/components/creator-shared";
import { meQueryOptions } from "@/features/auth/api/session";
import { MessageButton } from "@/features/messaging/components/message-button";
import { CreatorReviewInbox } from "@/features/reviews/components/creator-review-inbox";
import { studentCoursesQueryOptions } from "@/features/students/api/students";

/**
 * A student never sees the creator's analytics, nor a creator the student's: each view is loaded
 * for the role that shows it (issue 17 §14 route budget: the page is ≤ 250 KB of gzip JS).
 */
const StudentAnalytics = React.lazy(() =>
  import("@/features/analytics/components/student-analytics").then((m) => ({ default: m.StudentAnalytics })),
);

const renderReviewInbox = (courseId: string) => (
  <CreatorReviewInbox
    courseId={courseId}
    renderReport={(reviewId) => <ReportContent targetType="course_review" targetId={reviewId} compact />}
  />
);

const renderMessage = ({ courseId, studentId }: { courseId: string; studentId: string }) => (
  <MessageButton courseId={courseId} studentId={studentId} variant="outline" className="h-8" />
);

/**
 * /dashboard/analytics (spec 001 §2: creator view or student view by profile role; issue 12):
 * creators (and admins) see their courses' analytics, students their own learning analytics.
 */
export function Component() {
  const { t } = useTranslation("analytics");
  const me = useQuery(meQueryOptions);
  const role = me.data?.role;
  const courses = useQuery({
    ...studentCoursesQueryOptions,
    enabled: role !== undefined && role !== "student",
  });
  // The creator's ranges are local days of the profile's time zone, not the browser's.
  const account = useQuery({ ...accountQueryOptions, enabled: role !== undefined && role !== "student" });
  return (
    <>
      <PageTitle>{role === "student" ? t("student.title") : t("creator.title")}</PageTitle>
      {!me.data || (role !== "student" && account.isPending) ? (
        <Skeleton className="h-40 w-full" />
      ) : role === "student" ? (
        <React.Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <StudentAnalytics />
        </React.Suspense>
      ) : (
        <MessageActionContext.Provider value={renderMessage}>
          <CreatorAnalytics
            courses={courses.data ?? []}
            timeZone={account.data?.timeZone}
            renderReviewInbox={renderReviewInbox}
          />
        </MessageActionContext.Provider>
      )}
    </>
  );
}
