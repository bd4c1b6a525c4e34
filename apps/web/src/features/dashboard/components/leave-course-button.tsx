import { LogOutIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useLeaveCourse } from "../api/dashboard";

/**
 * "Leave course" on a course the student was invited to or assigned to (issue 16 item 8): a
 * confirmation dialog, then POST /api/courses/{id}/leave; the course leaves My Courses and its
 * progress is deleted. A refusal shows the server's message.
 */
export function LeaveCourseButton({ courseId, title }: { courseId: string; title: string }) {
  const { t } = useTranslation("dashboard");
  const [open, setOpen] = React.useState(false);
  const leave = useLeaveCourse();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="text-muted-foreground hover:text-destructive"
        onClick={() => setOpen(true)}
        data-testid="leave-course"
      >
        <LogOutIcon aria-hidden />
        {t("student.leave.button")}
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("student.leave.title", { title })}</AlertDialogTitle>
            <AlertDialogDescription>{t("student.leave.text")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={leave.isPending}>{t("student.leave.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              disabled={leave.isPending}
              data-testid="confirm-leave-course"
              onClick={(event) => {
                event.preventDefault();
                leave.mutate(courseId, {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success(t("student.leave.done", { title }));
                  },
                  onError: (error) =>
                    toast.error(t("student.leave.failed"), {
                      description: error instanceof Error ? error.message : undefined,
                    }),
                });
              }}
            >
              {leave.isPending ? t("student.leave.leaving") : t("student.leave.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
