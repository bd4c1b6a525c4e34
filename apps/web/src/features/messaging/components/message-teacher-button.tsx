import { MessageCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useStartConversation } from "../api/messaging";

/**
 * "Message teacher" (issue 6 §1): starts or opens the student's conversation with the course's
 * creator and goes to /dashboard/community?conversation={id}. Used by the lesson player and the
 * student dashboard.
 */
export function MessageTeacherButton({
  courseId,
  className,
  size = "sm",
  variant = "outline",
  compact = false,
}: {
  courseId: string;
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
      aria-label={compact ? t("messageTeacher") : undefined}
      data-testid="message-teacher"
      onClick={() =>
        start.mutate(
          { courseId },
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
      <span className={cn(compact && "max-sm:sr-only")}>{t("messageTeacher")}</span>
    </Button>
  );
}
