import { CARD_DESCRIPTION_LENGTH, cutText, type StudentDashboard } from "@academy/shared";
import { BookOpenIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { LeaveCourseButton } from "./leave-course-button";

/**
 * The "My Courses" cards of a learner (000 §2 Student dashboard): thumbnail, title, description cut
 * at 100 characters, progress, Continue or Review (→ /learn/{courseId}), the certificate when issued;
 * a pending payment instead of Continue, and "Leave course" on a course the student was invited to
 * or assigned to (issue 16 item 8). Used by the student dashboard and, for the courses a
 * creator is learning, the creator dashboard.
 */
export function EnrolledCourseGrid({
  courses,
  courseAction,
}: {
  courses: StudentDashboard["courses"];
  /** Extra actions on an active course card (the page adds "Message teacher"). */
  courseAction?: (courseId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.enrollmentId}>
          <Card className="flex h-full flex-col overflow-hidden">
            {course.thumbnailUrl ? (
              <img
                src={course.thumbnailUrl}
                alt=""
                className="aspect-video w-full object-cover"
                loading="lazy"
              />
            ) : (
              <div className="flex aspect-video w-full items-center justify-center bg-secondary">
                <BookOpenIcon className="size-10 text-brand/40" aria-hidden />
              </div>
            )}
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold leading-tight">{course.title}</h3>
                {course.isCompleted ? <Badge variant="success">{t("student.completed")}</Badge> : null}
              </div>
              <p className="text-sm text-muted-foreground">
                {cutText(course.description, CARD_DESCRIPTION_LENGTH)}
              </p>
              <div className="mt-auto grid gap-1.5">
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>{t("student.progress")}</span>
                  <span>{Math.round(course.progress)}%</span>
                </div>
                <Progress value={course.progress} aria-label={t("student.progress")} />
              </div>
              <div className="flex flex-wrap gap-2">
                {course.paymentStatus === "pending" ? (
                  <Badge variant="outline">{t("student.paymentPending")}</Badge>
                ) : (
                  <Button asChild size="sm">
                    <Link to={`/learn/${course.courseId}`}>
                      {course.isCompleted ? t("student.review") : t("student.continue")}
                    </Link>
                  </Button>
                )}
                {course.paymentStatus !== "pending" ? courseAction?.(course.courseId) : null}
                {course.certificateIssued && course.certificateUrl ? (
                  <Button asChild size="sm" variant="outline">
                    <a href={course.certificateUrl}>{t("student.certificate")}</a>
                  </Button>
                ) : null}
                {course.canLeave ? (
                  <LeaveCourseButton courseId={course.courseId} title={course.title} />
                ) : null}
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
