import type { LessonNeedingContent, OutlineSection } from "@academy/shared";
import { ArrowRightIcon, FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * Publish refused (issue 17 item 1, decision 0170): the lessons that have no content yet, each
 * with a link that opens it in the Course Builder tab.
 * @param items from `lessonsWithoutContent(outline)`; the dialog is open while it is non-empty.
 */
export function NeedsContentDialog({
  items,
  outline,
  onOpenLesson,
  onClose,
}: {
  items: LessonNeedingContent[];
  outline: OutlineSection[];
  onOpenLesson: (item: LessonNeedingContent) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("journeys");
  return (
    <AlertDialog open={items.length > 0} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent className="max-h-[85svh] grid-rows-[auto_minmax(0,1fr)_auto]">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("needsContent.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("needsContent.body", { count: items.length })}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul
          className="-mx-2 grid min-h-0 gap-1 overflow-y-auto px-2"
          aria-label={t("needsContent.listLabel")}
          data-testid="needs-content-list"
        >
          {items.map((item) => {
            const section = outline[item.sectionIndex];
            return (
              <li key={`${item.sectionId}:${item.lessonId}`}>
                <Button
                  type="button"
                  variant="ghost"
                  className="h-auto w-full justify-start gap-3 whitespace-normal px-2 py-2 text-left"
                  onClick={() => onOpenLesson(item)}
                  aria-label={t("needsContent.open", { title: item.title })}
                >
                  <FileQuestionIcon className="size-4 shrink-0 text-amber-600" aria-hidden />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="break-words font-medium text-brand underline-offset-4 hover:underline">
                      {item.title}
                    </span>
                    <span className="break-words text-xs font-normal text-muted-foreground">
                      {item.lessonIndex !== null && section ? `${section.title} · ` : ""}
                      {t(`needsContent.reason.${item.reason}`)}
                    </span>
                  </span>
                  <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("needsContent.close")}</AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
