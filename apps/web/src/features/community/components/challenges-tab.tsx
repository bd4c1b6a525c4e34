import {
  CHALLENGE_TARGET_MAX,
  type Challenge,
  type ChallengeDetail,
  type ChallengeGoalKind,
  type ChallengeList,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, PlusIcon, TrophyIcon, UsersIcon } from "lucide-react";
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
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import {
  challengeQueryOptions,
  challengesQueryOptions,
  useChallengeVisibility,
  useCreateChallenge,
  useDeleteChallenge,
  useJoinChallenge,
  useLeaveChallenge,
} from "../api/challenges";

const LOCALE_TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/** A YYYY-MM-DD local day as a medium date (the day itself, no time zone shift). */
function formatDay(day: string, lng: string) {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Today's day in the browser (the form's default start; the server decides with each user's zone). */
function todayLocal(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "3 lessons" / "2.5 h": a progress value (lessons, or seconds for hours goals). */
function useAmount() {
  const { t, i18n } = useTranslation("community");
  return (kind: ChallengeGoalKind, value: number) =>
    kind === "lessons"
      ? t("challenges.lessonsCount", { count: value })
      : t("challenges.hoursCount", {
          value: new Intl.NumberFormat(LOCALE_TAG[i18n.language] ?? i18n.language, {
            maximumFractionDigits: 1,
          }).format(value / 3600),
        });
}

function GoalText({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation("community");
  return (
    <>
      {challenge.goalKind === "lessons"
        ? t("challenges.goalLessons", { count: challenge.goalTarget })
        : t("challenges.goalHours", { count: challenge.goalTarget })}
    </>
  );
}

function StatusBadge({ status }: { status: Challenge["status"] }) {
  const { t } = useTranslation("community");
  const variant = status === "active" ? "success" : "outline";
  return <Badge variant={variant}>{t(`challenges.status.${status}`)}</Badge>;
}

/** "Create Challenge" (creators): course, title, description, goal (lessons or hours), two days. */
function CreateChallengeDialog({
  courses,
  open,
  onOpenChange,
  onCreated,
}: {
  courses: ChallengeList["courses"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const create = useCreateChallenge();
  const [courseId, setCourseId] = React.useState("");
  const [title, setTitle] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [goalKind, setGoalKind] = React.useState<ChallengeGoalKind>("lessons");
  const [goalTarget, setGoalTarget] = React.useState("5");
  const [startsOn, setStartsOn] = React.useState(todayLocal());
  const [endsOn, setEndsOn] = React.useState(todayLocal(13));
  const chosen = courseId || courses[0]?.id || "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("cancel")}>
        <DialogHeader>
          <DialogTitle>{t("challenges.create")}</DialogTitle>
        </DialogHeader>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              {
                courseId: chosen,
                title,
                description,
                goalKind,
                goalTarget: Number(goalTarget),
                startsOn,
                endsOn,
              },
              {
                onSuccess: (challenge) => {
                  toast.success(t("challenges.created"));
                  onOpenChange(false);
                  setTitle("");
                  setDescription("");
                  onCreated(challenge.id);
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="challenge-course">{t("spaceLabel")}</Label>
            <NativeSelect
              id="challenge-course"
              className="w-full"
              value={chosen}
              onChange={(e) => setCourseId(e.target.value)}
            >
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="challenge-title">{t("challenges.title")}</Label>
            <Input
              id="challenge-title"
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="challenge-description">{t("challenges.description")}</Label>
            <Textarea
              id="challenge-description"
              rows={2}
              value={description}
              maxLength={1000}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1">
              <Label htmlFor="challenge-kind">{t("challenges.goalKind")}</Label>
              <NativeSelect
                id="challenge-kind"
                className="w-full"
                value={goalKind}
                onChange={(e) => setGoalKind(e.target.value as ChallengeGoalKind)}
              >
                <option value="lessons">{t("challenges.kindLessons")}</option>
                <option value="hours">{t("challenges.kindHours")}</option>
              </NativeSelect>
            </div>
            <div className="space-y-1">
              <Label htmlFor="challenge-target">{t("challenges.goalTarget")}</Label>
              <Input
                id="challenge-target"
                type="number"
                min={1}
                max={CHALLENGE_TARGET_MAX}
                value={goalTarget}
                onChange={(e) => setGoalTarget(e.target.value)}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="min-w-0 space-y-1">
              <Label htmlFor="challenge-start">{t("challenges.startsOn")}</Label>
              <Input
                id="challenge-start"
                type="date"
                value={startsOn}
                onChange={(e) => setStartsOn(e.target.value)}
              />
            </div>
            <div className="min-w-0 space-y-1">
              <Label htmlFor="challenge-end">{t("challenges.endsOn")}</Label>
              <Input
                id="challenge-end"
                type="date"
                value={endsOn}
                onChange={(e) => setEndsOn(e.target.value)}
              />
            </div>
          </div>
          <p className="text-xs text-muted-foreground">{t("challenges.daysHelp")}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending || !chosen}>
              {t("challenges.createSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function MyProgress({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation("community");
  const amount = useAmount();
  if (!challenge.me) return null;
  const me = challenge.me;
  return (
    <div className="space-y-1" data-testid="challenge-my-progress">
      <Progress value={me.percent} aria-label={t("challenges.myProgress")} />
      <p className="text-xs text-muted-foreground">
        {me.completedAt
          ? t("challenges.completed")
          : t("challenges.progressOf", {
              current: amount(challenge.goalKind, me.current),
              target: amount(challenge.goalKind, me.target),
              percent: me.percent,
            })}
      </p>
    </div>
  );
}

function JoinButton({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation("community");
  const join = useJoinChallenge();
  return (
    <Button
      size="sm"
      disabled={join.isPending}
      onClick={() =>
        join.mutate(
          { id: challenge.id, hideName: false },
          { onSuccess: () => toast.success(t("challenges.joined")), onError: (e) => toast.error(e.message) },
        )
      }
    >
      {t("challenges.join")}
    </Button>
  );
}

function ChallengeCard({ challenge, onOpen }: { challenge: Challenge; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  return (
    <li data-testid="challenge-card">
      <Card className="h-full">
        <CardContent className="flex h-full flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="min-w-0 break-words text-left font-semibold hover:underline"
              onClick={() => onOpen(challenge.id)}
            >
              {challenge.title}
            </button>
            <StatusBadge status={challenge.status} />
          </div>
          <p className="text-sm text-muted-foreground">{challenge.courseTitle}</p>
          <p className="text-sm font-medium">
            <GoalText challenge={challenge} />
          </p>
          <p className="text-xs text-muted-foreground">
            {t("challenges.dates", {
              start: formatDay(challenge.startsOn, i18n.language),
              end: formatDay(challenge.endsOn, i18n.language),
            })}
          </p>
          <p className="inline-flex items-center gap-1 text-sm">
            <UsersIcon className="size-4" aria-hidden />
            {t("challenges.participants", { count: challenge.participantCount })}
          </p>
          <MyProgress challenge={challenge} />
          <div className="mt-auto flex flex-wrap gap-2 pt-2">
            {challenge.canJoin ? <JoinButton challenge={challenge} /> : null}
            <Button variant="outline" size="sm" onClick={() => onOpen(challenge.id)}>
              {t("challenges.leaderboard")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function ChallengeView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation("community");
  const query = useQuery(challengeQueryOptions(id));
  const visibility = useChallengeVisibility();
  const leave = useLeaveChallenge();
  const remove = useDeleteChallenge();
  const amount = useAmount();
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeftIcon aria-hidden />
      {t("challenges.back")}
    </Button>
  );
  if (query.isPending)
    return (
      <div className="space-y-3">
        {back}
        <Spinner label={t("loading")} />
      </div>
    );
  if (query.isError)
    return (
      <div className="space-y-3">
        {back}
        <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
          {(query.error as Error).message}
        </p>
      </div>
    );
  const c: ChallengeDetail = query.data;
  return (
    <div className="space-y-4">
      {back}
      <Card>
        <CardContent className="space-y-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 break-words text-xl font-semibold">{c.title}</h2>
            <StatusBadge status={c.status} />
          </div>
          <p className="text-sm text-muted-foreground">{c.courseTitle}</p>
          {c.description ? <p className="whitespace-pre-line break-words text-sm">{c.description}</p> : null}
          <p className="text-sm font-medium">
            <GoalText challenge={c} />
            {" · "}
            {t("challenges.dates", {
              start: formatDay(c.startsOn, i18n.language),
              end: formatDay(c.endsOn, i18n.language),
            })}
          </p>
          <p className="text-xs text-muted-foreground">{t("challenges.daysHelp")}</p>
          <MyProgress challenge={c} />
          <div className="flex flex-wrap items-center gap-3">
            {c.canJoin ? <JoinButton challenge={c} /> : null}
            {c.me ? (
              <>
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="challenge-hide-name"
                    checked={c.me.hideName}
                    disabled={visibility.isPending}
                    onCheckedChange={(checked) =>
                      visibility.mutate(
                        { id: c.id, hideName: checked === true },
                        { onError: (e) => toast.error(e.message) },
                      )
                    }
                  />
                  <Label htmlFor="challenge-hide-name">{t("challenges.hideName")}</Label>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={leave.isPending}
                  onClick={() =>
                    leave.mutate(c.id, {
                      onSuccess: () => toast.success(t("challenges.left")),
                      onError: (e) => toast.error(e.message),
                    })
                  }
                >
                  {t("challenges.leave")}
                </Button>
              </>
            ) : null}
            {c.canManage ? (
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" size="sm">
                    {t("challenges.delete")}
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>{t("challenges.deleteTitle")}</AlertDialogTitle>
                    <AlertDialogDescription>{t("challenges.deleteBody")}</AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                    <AlertDialogAction
                      onClick={() =>
                        remove.mutate(c.id, {
                          onSuccess: () => {
                            toast.success(t("challenges.deleted"));
                            onBack();
                          },
                          onError: (e) => toast.error(e.message),
                        })
                      }
                    >
                      {t("challenges.delete")}
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <section aria-labelledby="leaderboard-title" className="space-y-2">
        <h3 id="leaderboard-title" className="inline-flex items-center gap-2 font-semibold">
          <TrophyIcon className="size-4 text-amber-500" aria-hidden />
          {t("challenges.leaderboard")}
        </h3>
        {c.leaderboard.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {t("challenges.noParticipants")}
          </p>
        ) : (
          <ol className="divide-y divide-border rounded-lg border border-border" data-testid="leaderboard">
            {c.leaderboard.map((entry) => (
              <li
                key={`${entry.rank}`}
                className={`flex items-center gap-3 p-3 ${entry.isMe ? "bg-muted/60" : ""}`}
                data-testid="leaderboard-entry"
              >
                <span className="w-8 shrink-0 text-right font-semibold tabular-nums">{entry.rank}</span>
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="truncate text-sm font-medium">
                    {entry.name ?? t("challenges.hiddenName")}
                    {entry.isMe ? ` ${t("challenges.you")}` : ""}
                  </p>
                  <Progress value={entry.percent} aria-label={entry.name ?? t("challenges.hiddenName")} />
                </div>
                <span className="shrink-0 text-right text-xs text-muted-foreground">
                  {amount(c.goalKind, entry.current)}
                  {entry.completedAt ? (
                    <Badge variant="success" className="ml-2">
                      {t("challenges.done")}
                    </Badge>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/**
 * The Challenges tab (spec 000 §2 "Community & Challenges"; issue 13 §6): creators create and
 * delete challenges of their courses and see the leaderboard; students join, see their progress
 * (from their real lessons and study time, in their own time zone) and may hide their name.
 * `challengeId` (the address's ?challenge=) opens one challenge.
 */
export function ChallengesTab({
  challengeId,
  onOpen,
}: {
  challengeId: string | null;
  onOpen: (id: string | null) => void;
}) {
  const { t } = useTranslation("community");
  const query = useQuery(challengesQueryOptions);
  const [creating, setCreating] = React.useState(false);
  if (challengeId) return <ChallengeView id={challengeId} onBack={() => onOpen(null)} />;
  if (query.isPending)
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
        {(query.error as Error).message}
      </p>
    );
  const { challenges, courses } = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t("challenges.intro")}</p>
        {courses.length > 0 ? (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            {t("challenges.create")}
          </Button>
        ) : null}
      </div>
      {courses.length > 0 ? (
        <CreateChallengeDialog
          courses={courses}
          open={creating}
          onOpenChange={setCreating}
          onCreated={onOpen}
        />
      ) : null}
      {challenges.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          {t("challenges.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {challenges.map((c) => (
            <ChallengeCard key={c.id} challenge={c} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}
