import type { Guide } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { LoadingState, QueryList } from "@/components/list-states";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { errorText } from "@/lib/utils";
import { guidesQueryOptions, useDeleteGuide, usePublishGuide } from "../api/help";
import { HelpEditor } from "./help-editor";

/**
 * The guides' markdown renderer (marked + DOMPurify, ~20 KB gzip) is not part of the page's first
 * load (issue 17 §14): the Help Center fetches it once rendered, before anyone opens a guide.
 */
export const loadMarkdown = () => import("./markdown");
const Markdown = React.lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));

/** The Guides tab: published guides in markdown, `contact` above them; admins see drafts and edit (issue 14). */
export function GuidesTab({ contact, admin = false }: { contact?: React.ReactNode; admin?: boolean }) {
  const { t, i18n } = useTranslation("help");
  const vi = i18n.language === "vi";
  const guides = useQuery(guidesQueryOptions);
  const [editing, setEditing] = React.useState<Guide | null>(null);
  const list = (
    <div className="flex min-w-0 flex-col gap-4">
      {contact}
      <QueryList pending={guides.isPending} items={guides.data?.guides} empty={t("guides.empty")}>
        {guides.data?.guides.map((g) => (
          <Card key={g.id} data-testid="guide">
            <CardHeader className="gap-2">
              <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
                <span className="min-w-0 break-words">{vi ? g.titleVi : g.titleEn}</span>
                {admin ? (
                  <Badge variant={g.isPublished ? "success" : "secondary"}>
                    {g.isPublished ? t("guideAdmin.published") : t("guideAdmin.draft")}
                  </Badge>
                ) : null}
              </CardTitle>
              {admin ? <GuideActions guide={g} onEdit={() => setEditing(g)} /> : null}
            </CardHeader>
            <CardContent className="min-w-0 break-words">
              <React.Suspense fallback={<LoadingState />}>
                <Markdown source={vi ? g.bodyVi : g.bodyEn} />
              </React.Suspense>
            </CardContent>
          </Card>
        ))}
      </QueryList>
    </div>
  );
  if (!admin) return list;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      {list}
      <div className="order-first lg:order-none">
        <HelpEditor kind="guide" editing={editing} onDone={() => setEditing(null)} />
      </div>
    </div>
  );
}

/** Admin buttons of one guide: Edit, Publish / Unpublish, and Delete behind a confirmation. */
function GuideActions({ guide, onEdit }: { guide: Guide; onEdit: () => void }) {
  const { t, i18n } = useTranslation("help");
  const publish = usePublishGuide();
  const remove = useDeleteGuide();
  const [confirm, setConfirm] = React.useState(false);
  const fail = (err: unknown) => toast.error(errorText(err));
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={onEdit}>
        {t("faqAdmin.edit")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={publish.isPending}
        onClick={() =>
          publish.mutate(
            { id: guide.id, isPublished: !guide.isPublished },
            {
              onSuccess: (g) =>
                toast.success(g.isPublished ? t("guideAdmin.nowPublished") : t("guideAdmin.nowDraft")),
              onError: fail,
            },
          )
        }
      >
        {guide.isPublished ? t("guideAdmin.unpublish") : t("guideAdmin.publish")}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirm(true)} disabled={remove.isPending}>
        <Trash2Icon className="size-4" aria-hidden />
        {t("faqAdmin.delete")}
      </Button>
      <AlertDialog open={confirm} onOpenChange={setConfirm}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("guideAdmin.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("guideAdmin.confirmText", {
                title: i18n.language === "vi" ? guide.titleVi : guide.titleEn,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("guideAdmin.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(guide.id, {
                  onSuccess: () => toast.success(t("guideAdmin.deleted")),
                  onError: fail,
                })
              }
            >
              {t("faqAdmin.delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
