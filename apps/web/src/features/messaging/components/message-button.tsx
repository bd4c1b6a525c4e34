import { MessageCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useStartConversation } from "../api/messaging";

/**
 * "Message teacher" / "Message student" (issue 6 §1): starts or opens the conversation of a course
 * (POST /api/conversations) and goes to /dashboard/community?conversation={id}. Without `studentId`
 * the signed-in student writes to the course's creator (lesson player, student dashboard); with it
 * the creator writes to that enrolled student (Student Management).
 */
export function MessageButton({
  courseId,
  studentId,
  className,
  size = "sm",
  variant = "outline",
  compact = false,
}: {
  courseId: string;
  /** The enrolled student's user id, when the creator starts the conversation. */
  studentId?: string;
  className?: string;
  size?: "sm" | "default";
  variant?: "outline" | "ghost" | "default";
  /** Icon only below the sm breakpoint. */
  compact?: boolean;
}) {
  const { t } = useTranslation("messaging");
  const navigate = useNavigate();
  const start = useStartConversation();
  const label = studentId ? t("messageStudent") : t("messageTeacher");
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      className={cn("shrink-0", className)}
      disabled={start.isPending}
      aria-label={compact ? label : undefined}
      data-testid={studentId ? "message-student" : "message-teacher"}
      onClick={() =>
        start.mutate(studentId ? { courseId, studentId } : { courseId }, {
          onSuccess: (result) => navigate(`/dashboard/community?conversation=${result.conversation.id}`),
          onError: (error) =>
            toast.error(t("errorTitle"), {
              description: error instanceof ApiError && error.status < 500 ? error.message : t("startFailed"),
            }),
        })
      }
    >
      <MessageCircleIcon aria-hidden />
      <span className={cn(compact && "max-sm:sr-only")}>{label}</span>
    </Button>
  );
}
