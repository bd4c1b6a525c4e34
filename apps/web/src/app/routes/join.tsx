import { useParams } from "react-router";
import { ReportContent } from "@/features/admin/components/report-content";
import { JoinPage } from "@/features/enrolment/components/join-page";
import { MessageButton } from "@/features/messaging/components/message-button";
import { CourseReviews } from "@/features/reviews/components/course-reviews";
import { SchoolBrandBadge } from "@/features/schools/components/school-brand-badge";

const reportReview = (reviewId: string) => (
  <ReportContent targetType="course_review" targetId={reviewId} compact />
);

/**
 * /join/:courseId — the public course enrolment page (spec 001 §2), its reviews (issue 24 §2), and
 * "Report" for signed-in users (issue 14).
 */
export function Component() {
  const { courseId = "" } = useParams();
  return (
    <>
      <JoinPage
        key={courseId}
        courseId={courseId}
        brand={<SchoolBrandBadge courseId={courseId} />}
        renderMessageTeacher={(id) => <MessageButton courseId={id} size="default" className="w-full" />}
        renderReviews={(id, signedIn) => (
          <CourseReviews courseId={id} signedIn={signedIn} renderReport={reportReview} />
        )}
      />
      <div className="mx-auto flex max-w-6xl justify-end px-4 pb-6">
        <ReportContent targetType="course" targetId={courseId} />
      </div>
    </>
  );
}
