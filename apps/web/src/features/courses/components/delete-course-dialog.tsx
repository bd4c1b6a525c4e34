import type { CourseSummary } from "@academy/shared";
import type * as React from "react";
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
import { Spinner } from "@/components/ui/spinner";
import { useDeleteCourse } from "../api/courses";
import { courseErrorText } from "../api/errors";

/**
 * Delete with confirmation, naming the course. The server refuses (409) while students are enrolled;
 * its message is shown as an error toast.
 */
export function DeleteCourseDialog({
  open,
  course,
  onOpenChange,
  onDeleted,
  returnFocus,
  fallbackFocus,
}: {
  open: boolean;
  course: CourseSummary | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (course: CourseSummary) => void;
  returnFocus?: HTMLElement | null;
  /** Where the focus goes when the card is gone (deleted). */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation("courses");
  const remove = useDeleteCourse();

  const confirm = (event: React.MouseEvent) => {
    event.preventDefault(); // stay open while the request runs
    if (!course) return;
    remove.mutate(course.id, {
      onSuccess: () => {
        toast.success(t("toast.deleted"), { description: course.title });
        onDeleted?.(course);
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(t("toast.deleteFailed"), { description: courseErrorText(error, t) });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog
      open={open && course !== null}
      onOpenChange={(open) => !remove.isPending && onOpenChange(open)}
    >
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.isConnected ? returnFocus : fallbackFocus?.();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {course ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("delete.title", { title: course.title })}</AlertDialogTitle>
              <AlertDialogDescription>{t("delete.body")}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{t("delete.cancel")}</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={confirm}
                disabled={remove.isPending}
                data-testid="confirm-delete"
              >
                {remove.isPending ? <Spinner label={t("processing")} className="text-current" /> : null}
                {remove.isPending ? t("delete.deleting") : t("delete.confirm")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
