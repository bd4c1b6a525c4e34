import type { Challenge, ChallengeDetail, ChallengeGoalKind } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, TrophyIcon } from "lucide-react";
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
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import {
  challengeQueryOptions,
  useChallengeVisibility,
  useDeleteChallenge,
  useJoinChallenge,
  useLeaveChallenge,
} from "../api/challenges";
import { LoadError } from "./space-parts";

/*
 * One challenge (the Challenges tab's ?challenge= view; spec 000 §2, issue 13 §6) and the small
 * pieces its card in the list shares: dates, goal, status, the viewer's progress, the join button.
 */

const LOCALE_TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/** A YYYY-MM-DD local day as a medium date (the day itself, no time zone shift). */
export function formatDay(day: string, lng: string) {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
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

export function GoalText({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation("community");
  return (
    <>
      {challenge.goalKind === "lessons"
        ? t("challenges.goalLessons", { count: challenge.goalTarget })
        : t("challenges.goalHours", { count: challenge.goalTarget })}
    </>
  );
}

export function StatusBadge({ status }: { status: Challenge["status"] }) {
  const { t } = useTranslation("community");
  const variant = status === "active" ? "success" : "outline";
  return <Badge variant={variant}>{t(`challenges.status.${status}`)}</Badge>;
}

export function MyProgress({ challenge }: { challenge: Challenge }) {
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

export function JoinButton({ challenge }: { challenge: Challenge }) {
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

export function ChallengeView({ id, onBack }: { id: string; onBack: () => void }) {
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
        <LoadError error={query.error} />
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
