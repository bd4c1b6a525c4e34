import { parseTags, type Reply } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowLeftIcon,
  CheckCircle2Icon,
  EyeIcon,
  EyeOffIcon,
  FlagIcon,
  LockIcon,
  PencilIcon,
  PinIcon,
  ThumbsUpIcon,
  Trash2Icon,
} from "lucide-react";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDate } from "@/lib/format";
import {
  discussionQueryOptions,
  useDeleteDiscussion,
  useDeleteReply,
  useDiscussionEvents,
  useMarkAnswer,
  useModerate,
  useReply,
  useReport,
  useUpdateDiscussion,
  useUpdateReply,
  useUpvote,
} from "../api/community";

/** Server-rendered, server-sanitised markdown (issue 13 §2). */
function PostBody({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="prose prose-sm max-w-none break-words text-sm [&_a]:text-primary [&_a]:underline [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from markdown and sanitised by the server (sanitize-html)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Report a post to the school's creator: a reason, then a toast. */
function ReportButton({
  targetType,
  targetId,
}: {
  targetType: "discussion" | "discussion_reply";
  targetId: string;
}) {
  const { t } = useTranslation("community");
  const report = useReport();
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState("");
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <FlagIcon className="size-4" />
        {t("report")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("cancel")}>
          <DialogHeader>
            <DialogTitle>{t("reportTitle")}</DialogTitle>
          </DialogHeader>
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              report.mutate(
                { targetType, targetId, reason },
                {
                  onSuccess: () => {
                    toast.success(t("reported"));
                    setOpen(false);
                    setReason("");
                  },
                  onError: (error) => toast.error(error.message),
                },
              );
            }}
          >
            <Label htmlFor={`reason-${targetId}`}>{t("reportReason")}</Label>
            <Textarea
              id={`reason-${targetId}`}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={report.isPending}>
                {t("sendReport")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A delete button behind a confirmation. */
function ConfirmDelete({ label, onConfirm, busy }: { label: string; onConfirm: () => void; busy: boolean }) {
  const { t } = useTranslation("community");
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} disabled={busy}>
        <Trash2Icon className="size-4" />
        {label}
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("confirmDeleteTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("confirmDeleteText")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={onConfirm}>{t("delete")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function ReplyItem({
  reply,
  myId,
  canMarkAnswer,
  onMark,
}: {
  reply: Reply;
  myId: string;
  canMarkAnswer: boolean;
  onMark: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation("community");
  const remove = useDeleteReply();
  const update = useUpdateReply();
  const [editing, setEditing] = React.useState<string | null>(null);
  return (
    <li
      className={`rounded-lg border p-4 ${reply.isAnswer ? "border-emerald-500 bg-emerald-50/50" : "border-border"}`}
      data-testid="reply"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{reply.author.name ?? t("unknownUser")}</span>
        <span className="text-muted-foreground">{formatDate(reply.createdAt, i18n.language)}</span>
        {reply.isAnswer ? (
          <Badge variant="success">
            <CheckCircle2Icon className="mr-1 size-3" />
            {t("answer")}
          </Badge>
        ) : null}
        {reply.hidden ? (
          <Badge variant="secondary" title={t("hiddenHint")} data-testid="post-hidden">
            <EyeOffIcon className="mr-1 size-3" aria-hidden />
            {t("hiddenBadge")}
          </Badge>
        ) : null}
      </div>
      {editing !== null ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              { id: reply.id, body: editing },
              { onSuccess: () => setEditing(null), onError: (error) => toast.error(error.message) },
            );
          }}
        >
          <Textarea
            aria-label={t("editReply")}
            rows={3}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <PostBody html={reply.bodyHtml} />
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        {reply.canEdit && editing === null ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(reply.body)}>
            <PencilIcon className="size-4" />
            {t("edit")}
          </Button>
        ) : null}
        {canMarkAnswer ? (
          <Button variant="ghost" size="sm" onClick={() => onMark(reply.isAnswer ? null : reply.id)}>
            <CheckCircle2Icon className="size-4" />
            {reply.isAnswer ? t("unmarkAnswer") : t("markAnswer")}
          </Button>
        ) : null}
        {reply.author.id === myId ? null : <ReportButton targetType="discussion_reply" targetId={reply.id} />}
        {reply.canDelete ? (
          <ConfirmDelete
            label={t("delete")}
            busy={remove.isPending}
            onConfirm={() => remove.mutate(reply.id, { onError: (error) => toast.error(error.message) })}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * One discussion (deep link ?tab=discussions&discussion={id}): body, replies (live through the
 * realtime bus), reply form, upvote, report, and for the creator pin / lock / answer / delete.
 */
export function DiscussionThread({ id, myId, onBack }: { id: string; myId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation("community");
  const thread = useQuery(discussionQueryOptions(id));
  useDiscussionEvents(thread.isSuccess ? id : null);
  const reply = useReply(id);
  const upvote = useUpvote();
  const moderate = useModerate(id);
  const mark = useMarkAnswer(id);
  const remove = useDeleteDiscussion();
  const update = useUpdateDiscussion(id);
  const [body, setBody] = React.useState("");
  const [edit, setEdit] = React.useState<{ title: string; body: string; tags: string } | null>(null);

  if (thread.isPending)
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  if (thread.isError)
    return (
      <div className="space-y-4">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeftIcon className="size-4" />
          {t("back")}
        </Button>
        <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
          {(thread.error as Error).message}
        </p>
      </div>
    );
  const d = thread.data;
  const onError = (error: Error) => toast.error(error.message);

  return (
    <article className="min-w-0 space-y-4" data-testid="discussion-thread">
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeftIcon className="size-4" />
        {t("back")}
      </Button>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {d.isPinned ? (
            <Badge variant="secondary">
              <PinIcon className="mr-1 size-3" />
              {t("pinned")}
            </Badge>
          ) : null}
          {d.isLocked ? (
            <Badge variant="secondary">
              <LockIcon className="mr-1 size-3" />
              {t("locked")}
            </Badge>
          ) : null}
          {d.solved ? <Badge variant="success">{t("solved")}</Badge> : null}
          {d.hidden ? (
            <Badge variant="secondary" data-testid="post-hidden">
              <EyeOffIcon className="mr-1 size-3" aria-hidden />
              {t("hiddenBadge")}
            </Badge>
          ) : null}
        </div>
        {d.hidden ? <p className="text-sm text-muted-foreground">{t("hiddenHint")}</p> : null}
        <h2 className="break-words text-xl font-bold">{d.title}</h2>
        <p className="text-sm text-muted-foreground">
          {t("byIn", {
            author: d.author.name ?? t("unknownUser"),
            space: d.courseTitle ?? d.schoolName ?? "",
          })}{" "}
          · {formatDate(d.createdAt, i18n.language)} ·{" "}
          <span
            className="inline-flex items-center gap-1"
            data-testid="thread-view-count"
            title={t("viewsTitle")}
          >
            <EyeIcon className="size-3.5" aria-hidden />
            {t("views", { count: d.viewCount })}
          </span>
        </p>
        {d.tags.length ? (
          <div className="flex flex-wrap gap-1">
            {d.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                #{tag}
              </Badge>
            ))}
          </div>
        ) : null}
      </header>
      {edit ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              { title: edit.title, body: edit.body, tags: parseTags(edit.tags) },
              { onSuccess: () => setEdit(null), onError },
            );
          }}
        >
          <Label htmlFor="edit-title">{t("titleLabel")}</Label>
          <Input
            id="edit-title"
            value={edit.title}
            maxLength={200}
            onChange={(e) => setEdit({ ...edit, title: e.target.value })}
          />
          <Label htmlFor="edit-tags">{t("tagsLabel")}</Label>
          <Input
            id="edit-tags"
            value={edit.tags}
            onChange={(e) => setEdit({ ...edit, tags: e.target.value })}
          />
          <Label htmlFor="edit-body">{t("contentLabel")}</Label>
          <Textarea
            id="edit-body"
            rows={5}
            value={edit.body}
            onChange={(e) => setEdit({ ...edit, body: e.target.value })}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEdit(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <PostBody html={d.bodyHtml} testId="discussion-body" />
      )}
      <div className="flex flex-wrap gap-1 border-y border-border py-2">
        <Button
          variant={d.upvoted ? "default" : "outline"}
          size="sm"
          aria-pressed={d.upvoted}
          onClick={() => upvote.mutate({ id: d.id, upvoted: !d.upvoted }, { onError })}
        >
          <ThumbsUpIcon className="size-4" />
          {t("upvoteCount", { count: d.upvoteCount })}
        </Button>
        {d.canEdit && !edit ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEdit({ title: d.title, body: d.body, tags: d.tags.join(", ") })}
          >
            <PencilIcon className="size-4" />
            {t("edit")}
          </Button>
        ) : null}
        {d.canModerate ? (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => moderate.mutate({ pinned: !d.isPinned }, { onError })}
            >
              <PinIcon className="size-4" />
              {d.isPinned ? t("unpin") : t("pin")}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => moderate.mutate({ locked: !d.isLocked }, { onError })}
            >
              <LockIcon className="size-4" />
              {d.isLocked ? t("unlock") : t("lock")}
            </Button>
          </>
        ) : null}
        {d.author.id === myId ? null : <ReportButton targetType="discussion" targetId={d.id} />}
        {d.canDelete ? (
          <ConfirmDelete
            label={t("delete")}
            busy={remove.isPending}
            onConfirm={() => remove.mutate(d.id, { onSuccess: onBack, onError })}
          />
        ) : null}
      </div>
      <section aria-label={t("repliesTitle")} className="space-y-3">
        <h3 className="font-semibold">{t("replies", { count: d.replies.length })}</h3>
        {d.replies.length === 0 ? <p className="text-sm text-muted-foreground">{t("noReplies")}</p> : null}
        <ul className="space-y-3">
          {d.replies.map((r) => (
            <ReplyItem
              key={r.id}
              reply={r}
              myId={myId}
              canMarkAnswer={d.canMarkAnswer}
              onMark={(rid) => mark.mutate(rid, { onError })}
            />
          ))}
        </ul>
        {d.canReply ? (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!body.trim()) {
                toast.error(t("replyEmpty"));
                return;
              }
              reply.mutate(body, { onSuccess: () => setBody(""), onError });
            }}
          >
            <Label htmlFor="reply-body">{t("yourReply")}</Label>
            <Textarea
              id="reply-body"
              rows={3}
              maxLength={10_000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
            <Button type="submit" disabled={reply.isPending}>
              {t("sendReply")}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">{t("lockedNotice")}</p>
        )}
      </section>
    </article>
  );
}
