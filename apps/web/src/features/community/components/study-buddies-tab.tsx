import {
  BUDDY_DAYS,
  BUDDY_GOALS,
  BUDDY_LANGUAGES,
  BUDDY_NOTE_MAX,
  BUDDY_PERIODS,
  type BuddyLanguage,
  type BuddyLink,
  type BuddyPerson,
  type BuddyPreferences,
  type BuddySuggestion,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
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
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import {
  buddyBlocksQueryOptions,
  buddyOverviewQueryOptions,
  buddyPreferencesQueryOptions,
  buddySuggestionsQueryOptions,
  useAnswerRequest,
  useBlockUser,
  useOpenBuddyConversation,
  useRemoveBuddy,
  useRequestBuddy,
  useSaveBuddyPreferences,
  useUnblockUser,
} from "../api/study-buddies";

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

/** Preferences form: opt-in, courses, goals, weekly availability grid, language, time zone. */
function PreferencesCard({ prefs }: { prefs: BuddyPreferences }) {
  const { t } = useTranslation("buddies");
  const save = useSaveBuddyPreferences();
  const [visible, setVisible] = React.useState(prefs.visible);
  const [courseIds, setCourseIds] = React.useState<string[]>(prefs.courseIds);
  const [goals, setGoals] = React.useState<string[]>(prefs.goals);
  const [slots, setSlots] = React.useState<string[]>(prefs.availability);
  const [language, setLanguage] = React.useState<BuddyLanguage>(prefs.language);
  const [timeZone, setTimeZone] = React.useState(prefs.timeZone ?? browserZone());
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
              { visible, courseIds, goals: goals as never, availability: slots as never, language, timeZone },
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

function PersonLine({ person, children }: { person: BuddyPerson; children?: React.ReactNode }) {
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

function BuddyRow({
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

function RequestRow({ link }: { link: BuddyLink }) {
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

function SuggestionCard({ suggestion }: { suggestion: BuddySuggestion }) {
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
  ];
  return (
    <li data-testid="buddy-suggestion">
      <Card className="h-full">
        <CardContent className="flex h-full flex-col gap-3 p-4">
          <PersonLine person={suggestion.user} />
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const emptyClass =
  "rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground";

/**
 * The Study Buddies tab (spec 000 §2; issue 13 §5): preferences, requests, buddies (message,
 * remove after confirmation, block), ranked suggestions with their reasons, and blocked people.
 * `onOpenConversation` opens a conversation in the Messages tab (the page composes).
 */
export function StudyBuddiesTab({ onOpenConversation }: { onOpenConversation: (id: string) => void }) {
  const { t } = useTranslation("buddies");
  const prefs = useQuery(buddyPreferencesQueryOptions);
  const overview = useQuery(buddyOverviewQueryOptions);
  const suggestions = useQuery({ ...buddySuggestionsQueryOptions, enabled: Boolean(prefs.data?.visible) });
  const blocks = useQuery(buddyBlocksQueryOptions);
  const unblock = useUnblockUser();

  if (prefs.isPending || overview.isPending) return <Spinner label={t("loading")} />;
  if (prefs.isError || overview.isError)
    return (
      <p role="alert" className={emptyClass}>
        {t("error")}
      </p>
    );
  const { buddies, incoming, outgoing } = overview.data;
  return (
    // Phones: requests and buddies, suggestions, then the form; wide screens: the form under the
    // lists on the left, suggestions on the right.
    <div
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]"
      data-testid="study-buddies"
    >
      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
        <Section title={t("requests.incoming")}>
          {incoming.length === 0 ? (
            <p className={emptyClass}>{t("requests.emptyIncoming")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {incoming.map((l) => (
                <RequestRow key={l.id} link={l} />
              ))}
            </ul>
          )}
        </Section>
        <Section title={t("mine.title")}>
          {buddies.length === 0 ? (
            <p className={emptyClass}>{t("mine.empty")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {buddies.map((l) => (
                <BuddyRow key={l.id} link={l} onOpenConversation={onOpenConversation} />
              ))}
            </ul>
          )}
        </Section>
        {outgoing.length > 0 ? (
          <Section title={t("requests.outgoing")}>
            <ul className="divide-y divide-border">
              {outgoing.map((l) => (
                <RequestRow key={l.id} link={l} />
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <Section title={t("suggestions.title")}>
          {!prefs.data.visible ? (
            <p className={emptyClass}>{t("suggestions.optIn")}</p>
          ) : suggestions.isPending ? (
            <Spinner label={t("loading")} />
          ) : suggestions.isError ? (
            <p role="alert" className={emptyClass}>
              {t("error")}
            </p>
          ) : suggestions.data.suggestions.length === 0 ? (
            <p className={emptyClass}>{t("suggestions.empty")}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {suggestions.data.suggestions.map((s) => (
                <SuggestionCard key={s.user.id} suggestion={s} />
              ))}
            </ul>
          )}
        </Section>
        {blocks.data && blocks.data.blocked.length > 0 ? (
          <Section title={t("block.listTitle")}>
            <ul className="divide-y divide-border">
              {blocks.data.blocked.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                  <PersonLine person={p} />
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unblock.isPending}
                    onClick={() =>
                      unblock.mutate(p.id, {
                        onSuccess: () => toast.success(t("block.unblocked")),
                        onError: (e) => toast.error(e.message),
                      })
                    }
                  >
                    {t("block.unblock")}
                  </Button>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <PreferencesCard key={String(prefs.dataUpdatedAt)} prefs={prefs.data} />
      </div>
    </div>
  );
}
