import {
  type CommunitySpaces,
  STUDY_GROUP_CAPACITY_MAX,
  STUDY_GROUP_CAPACITY_MIN,
  type StudyGroup,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, CalendarIcon, DownloadIcon, LinkIcon, PlusIcon, UsersIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { copyText } from "@/lib/clipboard";
import { discussionsQueryOptions, useCreateDiscussion } from "../api/community";
import {
  sessionCalendarUrl,
  studyGroupQueryOptions,
  studyGroupsQueryOptions,
  useCreateGroup,
  useJoinGroup,
  useLeaveGroup,
  useScheduleSession,
} from "../api/study-groups";

function formatWhen(iso: string, lng: string) {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** "Create Study Group": name, description, course, capacity, open or invite-only. */
function CreateGroupDialog({
  spaces,
  open,
  onOpenChange,
  onCreated,
}: {
  spaces: CommunitySpaces;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const create = useCreateGroup();
  const [name, setName] = React.useState("");
  const [description, setDescription] = React.useState("");
  const [courseId, setCourseId] = React.useState("");
  const [capacity, setCapacity] = React.useState("10");
  const [visibility, setVisibility] = React.useState<"open" | "invite">("open");
  const chosen = courseId || spaces.courses[0]?.id || "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("cancel")}>
        <DialogHeader>
          <DialogTitle>{t("groups.create")}</DialogTitle>
        </DialogHeader>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              { name, description, courseId: chosen, capacity: Number(capacity), visibility },
              {
                onSuccess: (group) => {
                  toast.success(t("groups.created"));
                  onOpenChange(false);
                  setName("");
                  setDescription("");
                  onCreated(group.id);
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="group-name">{t("groups.name")}</Label>
            <Input id="group-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="group-description">{t("groups.description")}</Label>
            <Textarea
              id="group-description"
              rows={3}
              value={description}
              maxLength={1000}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="group-course">{t("spaceLabel")}</Label>
            <NativeSelect
              id="group-course"
              className="w-full"
              value={chosen}
              onChange={(e) => setCourseId(e.target.value)}
            >
              {spaces.courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1">
              <Label htmlFor="group-capacity">{t("groups.capacity")}</Label>
              <Input
                id="group-capacity"
                type="number"
                min={STUDY_GROUP_CAPACITY_MIN}
                max={STUDY_GROUP_CAPACITY_MAX}
                value={capacity}
                onChange={(e) => setCapacity(e.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="group-visibility">{t("groups.visibility")}</Label>
              <NativeSelect
                id="group-visibility"
                className="w-full"
                value={visibility}
                onChange={(e) => setVisibility(e.target.value as "open" | "invite")}
              >
                <option value="open">{t("groups.open")}</option>
                <option value="invite">{t("groups.invite")}</option>
              </NativeSelect>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending || !chosen}>
              {t("groups.createSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function GroupCard({ group, onOpen }: { group: StudyGroup; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  const join = useJoinGroup();
  const full = group.memberCount >= group.capacity;
  return (
    <li data-testid="group-card">
      <Card className="h-full">
        <CardContent className="flex h-full flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="text-left font-semibold hover:underline"
              onClick={() => onOpen(group.id)}
            >
              {group.name}
            </button>
            {group.visibility === "invite" ? <Badge variant="outline">{t("groups.invite")}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{group.courseTitle}</p>
          <p className="inline-flex items-center gap-1 text-sm">
            <UsersIcon className="size-4" />
            {t("groups.members", { count: group.memberCount, capacity: group.capacity })}
          </p>
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
        </CardContent>
      </Card>
    </li>
  );
}

function ScheduleForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation("community");
  const schedule = useScheduleSession(groupId);
  const [title, setTitle] = React.useState("");
  const [when, setWhen] = React.useState("");
  const [duration, setDuration] = React.useState("60");
  const [link, setLink] = React.useState("");
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!when) {
          toast.error(t("groups.timeRequired"));
          return;
        }
        schedule.mutate(
          { title, startsAt: new Date(when).toISOString(), durationMinutes: Number(duration), link },
          {
            onSuccess: () => {
              toast.success(t("groups.scheduled"));
              setTitle("");
              setWhen("");
              setLink("");
            },
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <div className="space-y-1 sm:col-span-2">
        <Label htmlFor="session-title">{t("groups.sessionTitle")}</Label>
        <Input id="session-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="session-when">{t("groups.sessionWhen")}</Label>
        <Input
          id="session-when"
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="session-duration">{t("groups.sessionDuration")}</Label>
        <Input
          id="session-duration"
          type="number"
          min={5}
          max={600}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
      </div>
      <div className="space-y-1 sm:col-span-2">
        <Label htmlFor="session-link">{t("groups.sessionLink")}</Label>
        <Input
          id="session-link"
          type="url"
          value={link}
          placeholder="https://"
          onChange={(e) => setLink(e.target.value)}
        />
      </div>
      <Button type="submit" className="sm:col-span-2" disabled={schedule.isPending}>
        {t("groups.schedule")}
      </Button>
    </form>
  );
}

function GroupDiscussions({
  groupId,
  onOpenDiscussion,
}: {
  groupId: string;
  onOpenDiscussion: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const list = useQuery(discussionsQueryOptions({ groupId, sort: "active", page: 1 }));
  const create = useCreateDiscussion();
  const [title, setTitle] = React.useState("");
  const [body, setBody] = React.useState("");
  return (
    <div className="space-y-3">
      {list.data?.items.length ? (
        <ul className="space-y-2">
          {list.data.items.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className="text-left text-sm font-medium text-primary hover:underline"
                onClick={() => onOpenDiscussion(d.id)}
              >
                {d.title}
              </button>{" "}
              <span className="text-xs text-muted-foreground">{t("replies", { count: d.replyCount })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("groups.noDiscussions")}</p>
      )}
      <form
        className="space-y-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim() || !body.trim()) {
            toast.error(t("fillTitleAndContent"));
            return;
          }
          create.mutate(
            { title, body, tags: [], groupId },
            {
              onSuccess: () => {
                toast.success(t("created"));
                setTitle("");
                setBody("");
              },
              onError: (error) => toast.error(error.message),
            },
          );
        }}
      >
        <Label htmlFor="group-discussion-title">{t("titleLabel")}</Label>
        <Input
          id="group-discussion-title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Label htmlFor="group-discussion-body">{t("contentLabel")}</Label>
        <Textarea
          id="group-discussion-body"
          rows={3}
          value={body}
          maxLength={10_000}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={create.isPending}>
          {t("post")}
        </Button>
      </form>
    </div>
  );
}

/** One group (deep link ?tab=groups&group={id}[&invite={token}]): members, sessions (.ics), discussions. */
function GroupDetail({
  id,
  invite,
  onBack,
  onOpenDiscussion,
}: {
  id: string;
  invite: string | null;
  onBack: () => void;
  onOpenDiscussion: (id: string) => void;
}) {
  const { t, i18n } = useTranslation("community");
  const query = useQuery(studyGroupQueryOptions(id));
  const join = useJoinGroup();
  const leave = useLeaveGroup();
  const back = (
    <Button variant="ghost" onClick={onBack}>
      <ArrowLeftIcon className="size-4" />
      {t("groups.back")}
    </Button>
  );
  if (query.isPending) return <Spinner label={t("loading")} />;
  if (query.isError)
    return (
      <div className="space-y-4">
        {back}
        <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
          {(query.error as Error).message}
        </p>
      </div>
    );
  const g = query.data;
  const inviteUrl = g.inviteToken
    ? `${window.location.origin}/dashboard/community?tab=groups&group=${g.id}&invite=${g.inviteToken}`
    : null;
  const onError = (e: Error) => toast.error(e.message);
  return (
    <div className="space-y-4" data-testid="group-detail">
      {back}
      <div className="space-y-1">
        <h2 className="break-words text-xl font-bold">{g.name}</h2>
        <p className="text-sm text-muted-foreground">
          {g.courseTitle} · {t("groups.members", { count: g.memberCount, capacity: g.capacity })}
        </p>
        {g.description ? <p className="break-words text-sm">{g.description}</p> : null}
      </div>
      {!g.isMember ? (
        <Button
          disabled={join.isPending || g.memberCount >= g.capacity}
          onClick={() =>
            join.mutate(
              { id: g.id, inviteToken: invite ?? undefined },
              { onSuccess: () => toast.success(t("groups.joined")), onError },
            )
          }
        >
          {g.memberCount >= g.capacity ? t("groups.full") : t("groups.join")}
        </Button>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("groups.sessions")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {g.sessions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("groups.noMeeting")}</p>
              ) : (
                <ul className="space-y-2">
                  {g.sessions.map((s) => (
                    <li
                      key={s.id}
                      className="rounded-md border border-border p-3 text-sm"
                      data-testid="group-session"
                    >
                      <p className="font-medium break-words">{s.title}</p>
                      <p className="text-muted-foreground">
                        {formatWhen(s.startsAt, i18n.language)} ·{" "}
                        {t("groups.minutes", { count: s.durationMinutes })}
                      </p>
                      <div className="mt-1 flex flex-wrap gap-3">
                        {s.link ? (
                          <a
                            className="inline-flex items-center gap-1 text-primary hover:underline"
                            href={s.link}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            <LinkIcon className="size-3" />
                            {t("groups.joinLink")}
                          </a>
                        ) : null}
                        <a
                          className="inline-flex items-center gap-1 text-primary hover:underline"
                          href={sessionCalendarUrl(s.id)}
                          download
                        >
                          <DownloadIcon className="size-3" />
                          {t("groups.addToCalendar")}
                        </a>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              <ScheduleForm groupId={g.id} />
            </CardContent>
          </Card>
          <div className="space-y-4">
            <Card>
              <CardHeader>
                <CardTitle>{t("groups.membersTitle")}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                <ul className="space-y-1 text-sm">
                  {g.members.map((m) => (
                    <li
                      key={m.id}
                      className="flex items-center justify-between gap-2"
                      data-testid="group-member"
                    >
                      <span className="break-words">
                        {m.name ?? t("unknownUser")}{" "}
                        {m.id === g.ownerId ? <Badge variant="secondary">{t("groups.owner")}</Badge> : null}
                      </span>
                      {g.isOwner && m.id !== g.ownerId ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => leave.mutate({ id: g.id, memberId: m.id }, { onError })}
                        >
                          {t("groups.remove")}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {inviteUrl ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={async () =>
                      toast.success((await copyText(inviteUrl)) ? t("groups.linkCopied") : inviteUrl)
                    }
                  >
                    <LinkIcon className="size-4" />
                    {t("groups.copyInvite")}
                  </Button>
                ) : null}
                {!g.isOwner ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      leave.mutate(
                        { id: g.id },
                        { onSuccess: () => toast.success(t("groups.left")), onError },
                      )
                    }
                  >
                    {t("groups.leave")}
                  </Button>
                ) : null}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t("groups.discussions")}</CardTitle>
              </CardHeader>
              <CardContent>
                <GroupDiscussions groupId={g.id} onOpenDiscussion={onOpenDiscussion} />
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
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
      ) : groups.data.groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          {t("groups.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.groups.map((g) => (
            <GroupCard key={g.id} group={g} onOpen={(id) => onOpenGroup(id)} />
          ))}
        </ul>
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
