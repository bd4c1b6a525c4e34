import { BUDDY_NOTE_MAX, type BuddyLink, type BuddyPerson, type BuddySuggestion } from "@academy/shared";
import { MessageCircleIcon, UserPlusIcon } from "lucide-react";
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
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import {
  useAnswerRequest,
  useBlockUser,
  useOpenBuddyConversation,
  useRemoveBuddy,
  useRequestBuddy,
} from "../api/study-buddies";

/** A person's avatar and name ("unknown user" without one), with `children` under the name. */
export function PersonLine({ person, children }: { person: BuddyPerson; children?: React.ReactNode }) {
  const { t } = useTranslation("buddies");
  const name = person.name ?? t("unknownUser");
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={person.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{name}</p>
        {children}
      </div>
    </div>
  );
}

/** A confirmation before a destructive step (remove a buddy, block someone). */
function Confirm({
  open,
  onOpenChange,
  title,
  text,
  action,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  action: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("buddies");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{action}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function BlockButton({ person }: { person: BuddyPerson }) {
  const { t } = useTranslation("buddies");
  const block = useBlockUser();
  const [open, setOpen] = React.useState(false);
  const name = person.name ?? t("unknownUser");
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t("block.button")}
      </Button>
      <Confirm
        open={open}
        onOpenChange={setOpen}
        title={t("block.title", { name })}
        text={t("block.text")}
        action={t("block.confirm")}
        onConfirm={() =>
          block.mutate(person.id, {
            onSuccess: () => toast.success(t("block.done")),
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </>
  );
}

/** A buddy: message, remove (after confirmation) and block (issue 13 §5). */
export function BuddyRow({
  link,
  onOpenConversation,
}: {
  link: BuddyLink;
  onOpenConversation: (id: string) => void;
}) {
  const { t } = useTranslation("buddies");
  const remove = useRemoveBuddy();
  const open = useOpenBuddyConversation();
  const [confirming, setConfirming] = React.useState(false);
  const name = link.other.name ?? t("unknownUser");
  return (
    <li data-testid="buddy-row" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <PersonLine person={link.other} />
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          disabled={open.isPending}
          onClick={() =>
            open.mutate(link.id, {
              onSuccess: (r) => onOpenConversation(r.conversationId),
              onError: (e) => toast.error(e.message),
            })
          }
        >
          <MessageCircleIcon className="size-4" aria-hidden />
          {t("mine.message")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {t("mine.remove")}
        </Button>
        <BlockButton person={link.other} />
      </div>
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title={t("mine.removeTitle", { name })}
        text={t("mine.removeText")}
        action={t("mine.remove")}
        onConfirm={() =>
          remove.mutate(link.id, {
            onSuccess: () => toast.success(t("mine.removed")),
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </li>
  );
}

/** A buddy request: received ones are accepted, declined or blocked; sent ones cancelled (issue 13 §5). */
export function RequestRow({ link }: { link: BuddyLink }) {
  const { t } = useTranslation("buddies");
  const answer = useAnswerRequest();
  const act = (action: "accept" | "decline" | "cancel") =>
    answer.mutate(
      { id: link.id, action },
      {
        onSuccess: () => toast.success(t(`requests.done.${action}`)),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <li
      data-testid={`request-${link.direction}`}
      className="flex flex-wrap items-center justify-between gap-2 py-3"
    >
      <PersonLine person={link.other}>
        {link.note ? <p className="break-words text-xs text-muted-foreground">“{link.note}”</p> : null}
      </PersonLine>
      <div className="flex flex-wrap gap-1">
        {link.direction === "incoming" ? (
          <>
            <Button size="sm" disabled={answer.isPending} onClick={() => act("accept")}>
              {t("requests.accept")}
            </Button>
            <Button variant="outline" size="sm" disabled={answer.isPending} onClick={() => act("decline")}>
              {t("requests.decline")}
            </Button>
            <BlockButton person={link.other} />
          </>
        ) : (
          <Button variant="outline" size="sm" disabled={answer.isPending} onClick={() => act("cancel")}>
            {t("requests.cancel")}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A ranked buddy suggestion with its reasons and the Request button (issue 13 §5). */
export function SuggestionCard({ suggestion }: { suggestion: BuddySuggestion }) {
  const { t } = useTranslation("buddies");
  const request = useRequestBuddy();
  const [composing, setComposing] = React.useState(false);
  const [note, setNote] = React.useState("");
  const noteId = React.useId();
  const reasons = [
    t("why.courses", { titles: suggestion.sharedCourses.map((c) => c.title).join(", ") }),
    suggestion.overlapHours > 0 ? t("why.hours", { count: suggestion.overlapHours }) : t("why.noHours"),
    ...(suggestion.sharedGoals.length > 0
      ? [t("why.goals", { goals: suggestion.sharedGoals.map((g) => t(`goals.${g}`)).join(", ") })]
      : []),
    ...(suggestion.sameLanguage ? [t("why.language")] : []),
    ...(suggestion.sameStyle && suggestion.studyStyle
      ? [t("why.style", { style: t(`styles.${suggestion.studyStyle}`) })]
      : []),
  ];
  return (
    <li data-testid="buddy-suggestion">
      <Card className="h-full">
        <CardContent className="flex h-full flex-col gap-3 p-4">
          <div className="flex flex-wrap items-start gap-2">
            <div className="relative min-w-[11rem] flex-1">
              <PersonLine person={suggestion.user}>
                <p className="truncate text-xs text-muted-foreground" data-testid="buddy-level">
                  {suggestion.level ? t(`levels.${suggestion.level}`) : t("levelNotSaid")}
                  {suggestion.studyStyle ? ` · ${t(`styles.${suggestion.studyStyle}`)}` : ""}
                </p>
              </PersonLine>
              {/* The online dot: presence of an open app event stream (decision 0233). */}
              <span
                data-testid="buddy-online"
                data-online={suggestion.online ? "true" : "false"}
                role="img"
                aria-label={suggestion.online ? t("online") : t("offline")}
                title={suggestion.online ? t("online") : t("offline")}
                className={cn(
                  "absolute left-6 top-6 size-3 rounded-full border-2 border-background",
                  suggestion.online ? "bg-emerald-500" : "bg-muted-foreground/40",
                )}
              />
            </div>
            <span
              className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground"
              data-testid="buddy-match"
              title={t("matchTitle", { score: suggestion.score })}
            >
              {t("match", { percent: suggestion.matchPercent })}
            </span>
          </div>
          <ul className="list-disc space-y-0.5 pl-5 text-xs text-muted-foreground">
            {reasons.map((r) => (
              <li key={r} className="break-words">
                {r}
              </li>
            ))}
          </ul>
          {composing ? (
            <form
              className="mt-auto space-y-2"
              onSubmit={(event) => {
                event.preventDefault();
                const trimmed = note.trim();
                request.mutate(
                  { userId: suggestion.user.id, ...(trimmed ? { note: trimmed } : {}) },
                  {
                    onSuccess: () => toast.success(t("requests.done.sent")),
                    onError: (e) => toast.error(e.message),
                  },
                );
              }}
            >
              <Label htmlFor={noteId}>{t("suggestions.noteLabel")}</Label>
              <Textarea
                id={noteId}
                value={note}
                maxLength={BUDDY_NOTE_MAX}
                rows={3}
                autoFocus
                placeholder={t("suggestions.notePlaceholder")}
                aria-describedby={`${noteId}-left`}
                onChange={(event) => setNote(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Escape") setComposing(false);
                }}
              />
              <p id={`${noteId}-left`} className="text-xs text-muted-foreground">
                {t("suggestions.noteLeft", { count: Math.max(0, BUDDY_NOTE_MAX - note.length) })}
              </p>
              <div className="flex flex-wrap gap-1">
                <Button type="submit" size="sm" disabled={request.isPending}>
                  {request.isPending ? (
                    <Spinner className="size-4" label={t("requests.sending")} />
                  ) : (
                    <UserPlusIcon className="size-4" aria-hidden />
                  )}
                  {t("suggestions.send")}
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setComposing(false)}>
                  {t("suggestions.cancel")}
                </Button>
              </div>
            </form>
          ) : null}
          <div className={cn("flex flex-wrap gap-1", !composing && "mt-auto")}>
            {composing ? null : (
              <Button size="sm" onClick={() => setComposing(true)}>
                <UserPlusIcon className="size-4" aria-hidden />
                {t("suggestions.request")}
              </Button>
            )}
            <BlockButton person={suggestion.user} />
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
