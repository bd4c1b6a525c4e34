import {
  CHALLENGE_TARGET_MAX,
  type Challenge,
  type ChallengeGoalKind,
  type ChallengeList,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { challengesQueryOptions, useCreateChallenge } from "../api/challenges";
import { ChallengeView, formatDay, GoalText, JoinButton, MyProgress, StatusBadge } from "./challenge-view";
import {
  CourseSelect,
  CreateDialog,
  type CreateDialogProps,
  createdCallbacks,
  InputField,
  LoadError,
  PeopleLine,
  SelectField,
  SpaceCard,
  SpaceList,
  TextareaField,
} from "./space-parts";

/** Today's day in the browser (the form's default start; the server decides with each user's zone). */
function todayLocal(offsetDays = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "Create Challenge" (creators): course, title, description, goal (lessons or hours), two days. */
function CreateChallengeDialog({
  courses,
  open,
  onOpenChange,
  onCreated,
}: CreateDialogProps & { courses: ChallengeList["courses"] }) {
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
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("challenges.create")}
      submitLabel={t("challenges.createSubmit")}
      disabled={create.isPending || !chosen}
      onSubmit={() =>
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
          createdCallbacks({
            message: t("challenges.created"),
            onOpenChange,
            reset: () => {
              setTitle("");
              setDescription("");
            },
            onCreated,
          }),
        )
      }
    >
      <CourseSelect id="challenge-course" courses={courses} value={chosen} onValueChange={setCourseId} />
      <InputField
        id="challenge-title"
        label={t("challenges.title")}
        value={title}
        maxLength={120}
        onValueChange={setTitle}
      />
      <TextareaField
        id="challenge-description"
        label={t("challenges.description")}
        rows={2}
        value={description}
        maxLength={1000}
        onValueChange={setDescription}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="challenge-kind"
          label={t("challenges.goalKind")}
          value={goalKind}
          onValueChange={(v) => setGoalKind(v as ChallengeGoalKind)}
        >
          <option value="lessons">{t("challenges.kindLessons")}</option>
          <option value="hours">{t("challenges.kindHours")}</option>
        </SelectField>
        <InputField
          id="challenge-target"
          label={t("challenges.goalTarget")}
          type="number"
          min={1}
          max={CHALLENGE_TARGET_MAX}
          value={goalTarget}
          onValueChange={setGoalTarget}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <InputField
          id="challenge-start"
          label={t("challenges.startsOn")}
          fieldClassName="min-w-0 space-y-1"
          type="date"
          value={startsOn}
          onValueChange={setStartsOn}
        />
        <InputField
          id="challenge-end"
          label={t("challenges.endsOn")}
          fieldClassName="min-w-0 space-y-1"
          type="date"
          value={endsOn}
          onValueChange={setEndsOn}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t("challenges.daysHelp")}</p>
    </CreateDialog>
  );
}

function ChallengeCard({ challenge, onOpen }: { challenge: Challenge; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  return (
    <SpaceCard
      testId="challenge-card"
      title={challenge.title}
      titleClassName="min-w-0 break-words text-left font-semibold hover:underline"
      onOpen={() => onOpen(challenge.id)}
      badge={<StatusBadge status={challenge.status} />}
      courseTitle={challenge.courseTitle}
    >
      <p className="text-sm font-medium">
        <GoalText challenge={challenge} />
      </p>
      <p className="text-xs text-muted-foreground">
        {t("challenges.dates", {
          start: formatDay(challenge.startsOn, i18n.language),
          end: formatDay(challenge.endsOn, i18n.language),
        })}
      </p>
      <PeopleLine>{t("challenges.participants", { count: challenge.participantCount })}</PeopleLine>
      <MyProgress challenge={challenge} />
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {challenge.canJoin ? <JoinButton challenge={challenge} /> : null}
        <Button variant="outline" size="sm" onClick={() => onOpen(challenge.id)}>
          {t("challenges.leaderboard")}
        </Button>
      </div>
    </SpaceCard>
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
  if (query.isError) return <LoadError error={query.error} />;
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
      <SpaceList
        items={challenges}
        empty={t("challenges.empty")}
        card={(c) => <ChallengeCard key={c.id} challenge={c} onOpen={onOpen} />}
      />
    </div>
  );
}
