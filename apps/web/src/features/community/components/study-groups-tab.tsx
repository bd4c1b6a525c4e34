import {
  type CommunitySpaces,
  STUDY_GROUP_CAPACITY_MAX,
  STUDY_GROUP_CAPACITY_MIN,
  type StudyGroup,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CalendarIcon, PlusIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { studyGroupsQueryOptions, useCreateGroup, useJoinGroup } from "../api/study-groups";
import {
  CourseSelect,
  CreateDialog,
  type CreateDialogProps,
  createdCallbacks,
  InputField,
  PeopleLine,
  SelectField,
  SpaceCard,
  SpaceList,
  TextareaField,
} from "./space-parts";
import { formatWhen, GroupDetail } from "./study-group-detail";

/** "Create Study Group": name, description, course, capacity, open or invite-only. */
function CreateGroupDialog({
  spaces,
  open,
  onOpenChange,
  onCreated,
}: CreateDialogProps & { spaces: CommunitySpaces }) {
  const { t } = useTranslation("community");
  const create = useCreateGroup();
  const [name, setName] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [courseId, setCourseId] = React.useState("");
  const [capacity, setCapacity] = React.useState("10");
  const [visibility, setVisibility] = React.useState<"open" | "invite">("open");
  const chosen = courseId || spaces.courses[0]?.id || "";
  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("groups.create")}
      submitLabel={t("groups.createSubmit")}
      disabled={create.isPending || !chosen}
      onSubmit={() =>
        create.mutate(
          { name, description, courseId: chosen, capacity: Number(capacity), visibility },
          createdCallbacks({
            message: t("groups.created"),
            onOpenChange,
            reset: () => {
              setName("");
              setDescription("");
            },
            onCreated,
          }),
        )
      }
    >
      <InputField
        id="group-name"
        label={t("groups.name")}
        value={name}
        maxLength={100}
        onValueChange={setName}
      />
      <TextareaField
        id="group-description"
        label={t("groups.description")}
        rows={3}
        value={description}
        maxLength={1000}
        onValueChange={setDescription}
      />
      <CourseSelect id="group-course" courses={spaces.courses} value={chosen} onValueChange={setCourseId} />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          id="group-capacity"
          label={t("groups.capacity")}
          type="number"
          min={STUDY_GROUP_CAPACITY_MIN}
          max={STUDY_GROUP_CAPACITY_MAX}
          value={capacity}
          onValueChange={setCapacity}
        />
        <SelectField
          id="group-visibility"
          label={t("groups.visibility")}
          value={visibility}
          onValueChange={(v) => setVisibility(v as "open" | "invite")}
        >
          <option value="open">{t("groups.open")}</option>
          <option value="invite">{t("groups.invite")}</option>
        </SelectField>
      </div>
    </CreateDialog>
  );
}

function GroupCard({ group, onOpen }: { group: StudyGroup; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  const join = useJoinGroup();
  const full = group.memberCount >= group.capacity;
  return (
    <SpaceCard
      testId="group-card"
      title={group.name}
      titleClassName="text-left font-semibold hover:underline"
      onOpen={() => onOpen(group.id)}
      badge={group.visibility === "invite" ? <Badge variant="outline">{t("groups.invite")}</Badge> : null}
      courseTitle={group.courseTitle}
    >
      <PeopleLine>{t("groups.members", { count: group.memberCount, capacity: group.capacity })}</PeopleLine>
      {group.description ? <p className="line-clamp-3 break-words text-sm">{group.description}</p> : null}
      <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <CalendarIcon className="size-3" />
        {group.nextSession
          ? t("groups.nextMeeting", { when: formatWhen(group.nextSession.startsAt, i18n.language) })
          : t("groups.noMeeting")}
      </p>
      <div className="mt-auto pt-2">
        {group.isMember ? (
          <Button variant="outline" size="sm" onClick={() => onOpen(group.id)}>
            {t("groups.view")}
          </Button>
        ) : group.visibility === "invite" ? (
          <p className="text-xs text-muted-foreground">{t("groups.inviteOnly")}</p>
        ) : (
          <Button
            size="sm"
            disabled={full || join.isPending}
            onClick={() =>
              join.mutate(
                { id: group.id },
                {
                  onSuccess: () => toast.success(t("groups.joined")),
                  onError: (e) => toast.error(e.message),
                },
              )
            }
          >
            {full ? t("groups.full") : t("groups.join")}
          </Button>
        )}
      </div>
    </SpaceCard>
  );
}

/** The Study Groups tab (000 §2; issue 13 §3). */
export function StudyGroupsTab({
  spaces,
  groupId,
  invite,
  onOpenGroup,
  onOpenDiscussion,
}: {
  spaces: CommunitySpaces;
  groupId: string | null;
  invite: string | null;
  onOpenGroup: (id: string | null) => void;
  onOpenDiscussion: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const groups = useQuery(studyGroupsQueryOptions);
  const [creating, setCreating] = React.useState(false);
  if (groupId)
    return (
      <GroupDetail
        id={groupId}
        invite={invite}
        onBack={() => onOpenGroup(null)}
        onOpenDiscussion={onOpenDiscussion}
      />
    );
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setCreating(true)} disabled={spaces.courses.length === 0}>
          <PlusIcon className="size-4" />
          {t("groups.create")}
        </Button>
      </div>
      {groups.isPending ? (
        <Spinner label={t("loading")} />
      ) : groups.isError ? (
        <p role="alert">{(groups.error as Error).message}</p>
      ) : (
        <SpaceList
          items={groups.data.groups}
          empty={t("groups.empty")}
          card={(g) => <GroupCard key={g.id} group={g} onOpen={(id) => onOpenGroup(id)} />}
        />
      )}
      <CreateGroupDialog
        spaces={spaces}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(id) => onOpenGroup(id)}
      />
    </div>
  );
}
