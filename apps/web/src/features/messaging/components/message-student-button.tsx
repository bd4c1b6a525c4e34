import { MessageCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useStartConversation } from "../api/messaging";

/**
 * "Message student" (issue 6 §1, for Student Management): starts or opens the creator's
 * conversation with an enrolled student of their course (POST /api/conversations with courseId and
 * studentId) and goes to /dashboard/community?conversation={id}. To be placed on the Student
 * Management page (issue 5).
 */
export function MessageStudentButton({
  courseId,
  studentId,
  className,
  size = "sm",
  variant = "outline",
  compact = false,
}: {
  courseId: string;
  /** The enrolled student's user id. */
  studentId: string;
  className?: string;
  size?: "sm" | "default";
  variant?: "outline" | "ghost" | "default";
  /** Icon only below the sm breakpoint. */
  compact?: boolean;
}) {
  const { t } = useTranslation("messaging");
  const navigate = useNavigate();
  const start = useStartConversation();
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      className={cn("shrink-0", className)}
      disabled={start.isPending}
      aria-label={compact ? t("messageStudent") : undefined}
      data-testid="message-student"
      onClick={() =>
        start.mutate(
          { courseId, studentId },
          {
            onSuccess: (result) => navigate(`/dashboard/community?conversation=${result.conversation.id}`),
            onError: (error) =>
              toast.error(t("errorTitle"), {
                description:
                  error instanceof ApiError && error.status < 500 ? error.message : t("startFailed"),
              }),
          },
        )
      }
    >
      <MessageCircleIcon aria-hidden />
      <span className={cn(compact && "max-sm:sr-only")}>{t("messageStudent")}</span>
    </Button>
  );
}
