import {
  isBehindStudyGoal,
  STUDY_GOAL_DEFAULT_MINUTES,
  STUDY_GOAL_MAX_MINUTES,
  STUDY_GOAL_MIN_MINUTES,
  STUDY_GOAL_STEP_MINUTES,
  STUDY_REMINDER_DEFAULT_TIME,
  type StudyReminderSettingsInput,
  type StudyReminderState,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/utils";
import { studyRemindersQueryOptions, useSaveStudyReminders } from "../api/study-reminders";
import { disableBrowserPush, enableBrowserPush, type PushState, pushState } from "../push";

const GOAL_OPTIONS: number[] = [];
for (let m = STUDY_GOAL_MIN_MINUTES; m <= STUDY_GOAL_MAX_MINUTES; m += STUDY_GOAL_STEP_MINUTES)
  GOAL_OPTIONS.push(m);

/** "45 min", "2 h", "1 h 15 min" in the UI language. */
function useMinutes() {
  const { t } = useTranslation("reminders");
  return (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    if (h === 0) return t("duration.m", { m });
    if (m === 0) return t("duration.h", { h });
    return t("duration.hm", { h, m });
  };
}

/**
 * The "Study reminders" card (issue 27 §3): this week's study minutes against the weekly goal (the
 * dashboard's study-time definition), and the goal, reminder time, e-mail and browser notifications.
 * Anchored at #study-reminders (the reminder e-mail links here).
 */
export function StudyRemindersCard() {
  const { t } = useTranslation("reminders");
  const query = useQuery(studyRemindersQueryOptions);
  return (
    <Card id="study-reminders" className="scroll-mt-20" aria-labelledby="study-reminders-title">
      <CardHeader>
        <CardTitle id="study-reminders-title" className="flex items-center gap-2">
          <BellRing className="size-5 text-brand" aria-hidden />
          {t("title")}
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm text-destructive">
            <p>{t("loadFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : (
          <ReminderForm state={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Progression({ state }: { state: StudyReminderState }) {
  const { t } = useTranslation("reminders");
  const minutes = useMinutes();
  const goal = state.settings?.weeklyGoalMinutes;
  if (!goal) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="reminder-progress">
        {t("progress.noGoal", { studied: minutes(state.weekMinutes) })}
      </p>
    );
  }
  const met = state.weekMinutes >= goal;
  const behind = isBehindStudyGoal(state.weekMinutes, goal, state.isoWeekday);
  return (
    <div className="grid gap-2">
      <p className="text-sm" data-testid="reminder-progress">
        <span className="font-semibold">
          {t("progress.ofGoal", { studied: minutes(state.weekMinutes), goal: minutes(goal) })}
        </span>
      </p>
      <Progress value={(state.weekMinutes / goal) * 100} aria-label={t("progress.label")} />
      <p className={behind ? "text-sm text-amber-700 dark:text-amber-400" : "text-sm text-muted-foreground"}>
        {met
          ? t("progress.met")
          : behind
            ? t("progress.behind", { due: minutes(state.dueMinutes ?? 0) })
            : t("progress.onTrack", { due: minutes(state.dueMinutes ?? 0) })}
      </p>
    </div>
  );
}

/** "Indochina Time (Asia/Ho_Chi_Minh)"-style name of an IANA time zone in the UI language. */
function zoneName(timeZone: string, lng: string): string {
  const city = timeZone.split("/").pop()?.replaceAll("_", " ") ?? timeZone;
  try {
    const name = new Intl.DateTimeFormat(lng, { timeZone, timeZoneName: "long" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value;
    return name ? `${name} (${city})` : city;
  } catch {
    return city;
  }
}

function ReminderForm({ state }: { state: StudyReminderState }) {
  const { t, i18n } = useTranslation("reminders");
  const minutes = useMinutes();
  const id = useId();
  const save = useSaveStudyReminders();
  const [form, setForm] = useState<StudyReminderSettingsInput>(
    () =>
      state.settings ?? {
        weeklyGoalMinutes: STUDY_GOAL_DEFAULT_MINUTES,
        reminderTime: STUDY_REMINDER_DEFAULT_TIME,
        emailEnabled: true,
        pushEnabled: false,
      },
  );
  const [browser, setBrowser] = useState<PushState>(() => pushState());
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (state.settings) setForm(state.settings);
  }, [state.settings]);

  async function togglePush(on: boolean) {
    if (!on) {
      setForm((f) => ({ ...f, pushEnabled: false }));
      await disableBrowserPush().catch(() => undefined);
      return;
    }
    setAsking(true);
    try {
      const result = await enableBrowserPush();
      setBrowser(result);
      setForm((f) => ({ ...f, pushEnabled: result === "allowed" }));
      if (result === "blocked") toast.error(t("push.blockedToast"));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setAsking(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => toast.success(t("saved")),
      onError: (error) => toast.error(errorText(error)),
    });
  }

  const pushDisabled = browser === "unsupported" || browser === "blocked" || asking;
  return (
    <div className="grid gap-5">
      <Progression state={state} />
      <form className="grid gap-4" onSubmit={submit} aria-label={t("formLabel")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-goal`}>{t("goal.label")}</Label>
            <NativeSelect
              id={`${id}-goal`}
              value={String(form.weeklyGoalMinutes)}
              onChange={(e) => setForm((f) => ({ ...f, weeklyGoalMinutes: Number(e.target.value) }))}
            >
              {GOAL_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {t("goal.option", { value: minutes(m) })}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-time`}>{t("time.label")}</Label>
            <Input
              id={`${id}-time`}
              type="time"
              step={60}
              required
              value={form.reminderTime}
              onChange={(e) => setForm((f) => ({ ...f, reminderTime: e.target.value.slice(0, 5) }))}
              aria-describedby={`${id}-time-hint`}
            />
            <p id={`${id}-time-hint`} className="text-xs text-muted-foreground">
              {t("time.hint", { zone: zoneName(state.timeZone, i18n.language) })}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-email`}
            checked={form.emailEnabled}
            onCheckedChange={(v) => setForm((f) => ({ ...f, emailEnabled: v === true }))}
          />
          <Label htmlFor={`${id}-email`} className="font-normal leading-5">
            {t("email.label")}
          </Label>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-push`}
            checked={form.pushEnabled && browser !== "unsupported"}
            disabled={pushDisabled}
            onCheckedChange={(v) => void togglePush(v === true)}
            aria-describedby={`${id}-push-state`}
          />
          <div className="grid gap-0.5">
            <Label htmlFor={`${id}-push`} className="font-normal leading-5">
              {t("push.label")}
            </Label>
            <p id={`${id}-push-state`} className="text-xs text-muted-foreground" data-testid="push-state">
              {asking ? t("push.asking") : t(`push.state.${browser}`)}
            </p>
          </div>
        </div>
        {!form.emailEnabled && !form.pushEnabled ? (
          <p className="text-sm text-muted-foreground">{t("allOff")}</p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </form>
    </div>
  );
}
