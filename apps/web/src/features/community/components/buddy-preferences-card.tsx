import {
  BUDDY_DAYS,
  BUDDY_GOALS,
  BUDDY_LANGUAGES,
  BUDDY_LEVELS,
  BUDDY_PERIODS,
  BUDDY_STUDY_STYLES,
  type BuddyLanguage,
  type BuddyLevel,
  type BuddyPreferences,
  type BuddyStudyStyle,
} from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { useSaveBuddyPreferences } from "../api/study-buddies";

/** The browser's time zone (the form's default before the first save). */
function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function zoneChoices(current: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === "function"
      ? Intl.supportedValuesOf("timeZone")
      : ["UTC", "Asia/Ho_Chi_Minh"];
  return supported.includes(current) ? supported : [current, ...supported];
}

/**
 * Preferences form: opt-in, courses, goals, weekly availability grid, study style (spec 000 §2),
 * own level (decision 0233), language, time zone.
 */
export function PreferencesCard({ prefs }: { prefs: BuddyPreferences }) {
  const { t } = useTranslation("buddies");
  const save = useSaveBuddyPreferences();
  const [visible, setVisible] = React.useState(prefs.visible);
  const [courseIds, setCourseIds] = React.useState<string[]>(prefs.courseIds);
  const [goals, setGoals] = React.useState<string[]>(prefs.goals);
  const [slots, setSlots] = React.useState<string[]>(prefs.availability);
  const [language, setLanguage] = React.useState<BuddyLanguage>(prefs.language);
  const [timeZone, setTimeZone] = React.useState(prefs.timeZone ?? browserZone());
  const [level, setLevel] = React.useState<BuddyLevel | null>(prefs.level);
  const [studyStyle, setStudyStyle] = React.useState<BuddyStudyStyle | null>(prefs.studyStyle);
  const zones = React.useMemo(() => zoneChoices(timeZone), [timeZone]);
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("prefs.title")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("prefs.intro")}</p>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-5"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              {
                visible,
                courseIds,
                goals: goals as never,
                availability: slots as never,
                language,
                level,
                studyStyle,
                timeZone,
              },
              {
                onSuccess: () => toast.success(t("prefs.saved")),
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <div className="flex items-start gap-3">
            <Checkbox
              id="buddy-visible"
              checked={visible}
              onCheckedChange={(v) => setVisible(v === true)}
              className="mt-0.5"
            />
            <div>
              <Label htmlFor="buddy-visible">{t("prefs.visible")}</Label>
              <p className="text-xs text-muted-foreground">{t("prefs.visibleHelp")}</p>
            </div>
          </div>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("prefs.courses")}</legend>
            {prefs.courses.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("prefs.noCourses")}</p>
            ) : (
              <>
                <p className="text-xs text-muted-foreground">{t("prefs.coursesHelp")}</p>
                <ul className="space-y-1">
                  {prefs.courses.map((c) => (
                    <li key={c.id} className="flex items-center gap-2">
                      <Checkbox
                        id={`buddy-course-${c.id}`}
                        checked={courseIds.includes(c.id)}
                        onCheckedChange={() => setCourseIds((list) => toggle(list, c.id))}
                      />
                      <Label htmlFor={`buddy-course-${c.id}`} className="min-w-0 break-words font-normal">
                        {c.title}
                      </Label>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("prefs.goals")}</legend>
            <div className="flex flex-wrap gap-2">
              {BUDDY_GOALS.map((goal) => (
                <button
                  key={goal}
                  type="button"
                  aria-pressed={goals.includes(goal)}
                  onClick={() => setGoals((list) => toggle(list, goal))}
                  className={cn(
                    "rounded-full border px-3 py-1 text-sm",
                    goals.includes(goal)
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border",
                  )}
                >
                  {t(`goals.${goal}`)}
                </button>
              ))}
            </div>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("prefs.availability")}</legend>
            <p className="text-xs text-muted-foreground">{t("prefs.availabilityHelp")}</p>
            <table className="w-full table-fixed border-separate border-spacing-1 text-xs">
              <thead>
                <tr>
                  <th className="w-12" />
                  {BUDDY_PERIODS.map((p) => (
                    <th key={p} scope="col" className="truncate font-medium text-muted-foreground">
                      {t(`periods.${p}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {BUDDY_DAYS.map((day) => (
                  <tr key={day}>
                    <th scope="row" className="text-left font-medium">
                      {t(`days.${day}`)}
                    </th>
                    {BUDDY_PERIODS.map((period) => {
                      const slot = `${day}:${period}`;
                      const on = slots.includes(slot);
                      return (
                        <td key={period}>
                          <button
                            type="button"
                            aria-pressed={on}
                            aria-label={t("slot", { day: t(`days.${day}`), period: t(`periods.${period}`) })}
                            onClick={() => setSlots((list) => toggle(list, slot))}
                            className={cn(
                              "h-8 w-full rounded border",
                              on
                                ? "border-primary bg-primary/80"
                                : "border-border bg-background hover:bg-muted",
                            )}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="buddy-style">{t("prefs.studyStyle")}</Label>
              <NativeSelect
                id="buddy-style"
                className="w-full"
                value={studyStyle ?? ""}
                onChange={(e) => setStudyStyle((e.target.value || null) as BuddyStudyStyle | null)}
              >
                <option value="">{t("prefs.notSaid")}</option>
                {BUDDY_STUDY_STYLES.map((s) => (
                  <option key={s} value={s}>
                    {t(`styles.${s}`)}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-xs text-muted-foreground">{t("prefs.studyStyleHelp")}</p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="buddy-level">{t("prefs.level")}</Label>
              <NativeSelect
                id="buddy-level"
                className="w-full"
                value={level ?? ""}
                onChange={(e) => setLevel((e.target.value || null) as BuddyLevel | null)}
              >
                <option value="">{t("prefs.notSaid")}</option>
                {BUDDY_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t(`levels.${l}`)}
                  </option>
                ))}
              </NativeSelect>
              <p className="text-xs text-muted-foreground">{t("prefs.levelHelp")}</p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="buddy-language">{t("prefs.language")}</Label>
              <NativeSelect
                id="buddy-language"
                className="w-full"
                value={language}
                onChange={(e) => setLanguage(e.target.value as BuddyLanguage)}
              >
                {BUDDY_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {t(`languages.${l}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1">
              <Label htmlFor="buddy-zone">{t("prefs.timeZone")}</Label>
              <NativeSelect
                id="buddy-zone"
                className="w-full"
                value={timeZone}
                onChange={(e) => setTimeZone(e.target.value)}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("prefs.saving") : t("prefs.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
