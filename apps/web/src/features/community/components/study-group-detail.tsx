import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, DownloadIcon, LinkIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { copyText } from "@/lib/clipboard";
import { discussionsQueryOptions, useCreateDiscussion } from "../api/community";
import {
  sessionCalendarUrl,
  studyGroupQueryOptions,
  useJoinGroup,
  useLeaveGroup,
  useScheduleSession,
} from "../api/study-groups";
import { InputField, LoadError } from "./space-parts";

/*
 * One study group (the Study Groups tab's ?group= view; 000 §2, issue 13 §3): members, sessions
 * with their calendar files and the schedule form, and the group's discussions.
 */

/** An ISO instant as a medium date and short time in the language `lng`. */
export function formatWhen(iso: string, lng: string) {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
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
      <InputField
        id="session-title"
        label={t("groups.sessionTitle")}
        fieldClassName="space-y-1 sm:col-span-2"
        value={title}
        maxLength={200}
        onValueChange={setTitle}
      />
      <InputField
        id="session-when"
        label={t("groups.sessionWhen")}
        type="datetime-local"
        value={when}
        onValueChange={setWhen}
      />
      <InputField
        id="session-duration"
        label={t("groups.sessionDuration")}
        type="number"
        min={5}
        max={600}
        value={duration}
        onValueChange={setDuration}
      />
      <InputField
        id="session-link"
        label={t("groups.sessionLink")}
        fieldClassName="space-y-1 sm:col-span-2"
        type="url"
        value={link}
        placeholder="https://"
        onValueChange={setLink}
      />
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
export function GroupDetail({
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
        <LoadError error={query.error} />
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
