import type { DiscussionSort } from "@academy/shared";
import { DISCUSSION_SORTS } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { meQueryOptions } from "@/features/auth/api/session";
import { type DiscussionParams, spacesQueryOptions } from "@/features/community/api/community";
import { buddyOverviewQueryOptions } from "@/features/community/api/study-buddies";
import { DiscussionThread } from "@/features/community/components/discussion-thread";
import { DiscussionsTab } from "@/features/community/components/discussions-tab";
import { ModerationQueue } from "@/features/community/components/moderation-queue";
import { ReplyEmailPreference } from "@/features/community/components/reply-email-preference";
import { CommunityPanel } from "@/features/messaging/components/community-panel";

/**
 * The tabs other than Discussions load when opened (issue 17 §14 route budget: the page is
 * ≤ 250 KB of gzip JS); Radix mounts only the open tab, so each loads on its first visit.
 */
const AchievementsTab = React.lazy(() =>
  import("@/features/community/components/achievements-tab").then((m) => ({ default: m.AchievementsTab })),
);
const ChallengesTab = React.lazy(() =>
  import("@/features/community/components/challenges-tab").then((m) => ({ default: m.ChallengesTab })),
);
const StudyBuddiesTab = React.lazy(() =>
  import("@/features/community/components/study-buddies-tab").then((m) => ({ default: m.StudyBuddiesTab })),
);
const StudyGroupsTab = React.lazy(() =>
  import("@/features/community/components/study-groups-tab").then((m) => ({ default: m.StudyGroupsTab })),
);

const STUDENT_TABS = ["discussions", "groups", "messages", "achievements", "buddies", "challenges"] as const;
const CREATOR_TABS = ["discussions", "challenges", "messages"] as const;

/**
 * /dashboard/community — Student Community (students) or Community & Challenges (creators)
 * (spec 000 §2; issues 6 and 13). Deep links: ?tab=discussions|groups|messages|achievements|
 * buddies|challenges, ?discussion={id} opens a thread, ?group={id}[&invite={token}] a study
 * group, ?challenge={id} a challenge, ?conversation={id} a message thread;
 * the list's filters are in the address too (q, course, tag, filter, sort, page).
 */
export function Component() {
  const { t } = useTranslation("community");
  const { t: tm } = useTranslation("messaging");
  const me = useQuery(meQueryOptions);
  const [params, setParams] = useSearchParams();
  const creator = me.data ? me.data.role !== "student" : false;
  const spaces = useQuery({ ...spacesQueryOptions, enabled: Boolean(me.data) });
  // Study buddy requests waiting for the student: a count on the tab (issue 13 §5).
  const buddies = useQuery({ ...buddyOverviewQueryOptions, enabled: Boolean(me.data) && !creator });
  const waitingRequests = buddies.data?.incoming.length ?? 0;
  const tabs: readonly string[] = creator ? CREATOR_TABS : STUDENT_TABS;
  const requested = params.get("tab") ?? (params.get("conversation") ? "messages" : "discussions");
  const tab = tabs.includes(requested) ? requested : "discussions";
  const discussionId = params.get("discussion");

  const update = React.useCallback(
    (changes: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  const selectConversation = React.useCallback(
    (id: string | null) => update({ tab: "messages", conversation: id }),
    [update],
  );
  const sortParam = params.get("sort");
  const listParams: DiscussionParams = {
    search: params.get("q") ?? undefined,
    courseId: params.get("course") ?? undefined,
    tag: params.get("tag") ?? undefined,
    unanswered: params.get("filter") === "unanswered",
    mine: params.get("filter") === "mine",
    pinned: params.get("filter") === "pinned",
    solved: params.get("filter") === "solved",
    sort: DISCUSSION_SORTS.includes(sortParam as DiscussionSort) ? (sortParam as DiscussionSort) : "active",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const setListParams = React.useCallback(
    (next: Partial<DiscussionParams>) => {
      const changes: Record<string, string | null> = {};
      if ("search" in next) changes.q = next.search ?? null;
      if ("courseId" in next) changes.course = next.courseId ?? null;
      if ("tag" in next) changes.tag = next.tag ?? null;
      if ("unanswered" in next || "mine" in next || "pinned" in next || "solved" in next)
        changes.filter = next.unanswered
          ? "unanswered"
          : next.mine
            ? "mine"
            : next.pinned
              ? "pinned"
              : next.solved
                ? "solved"
                : null;
      if ("sort" in next) changes.sort = next.sort ?? null;
      if ("page" in next) changes.page = next.page && next.page > 1 ? String(next.page) : null;
      update(changes);
    },
    [update],
  );
  const openDiscussion = (id: string) => update({ tab: "discussions", discussion: id });

  // Creators keep the spec's "Community & Messages" heading (000 §2 Messaging panel).
  const heading = creator ? tm("title") : t("titleStudent");
  return (
    <>
      <PageTitle>{heading}</PageTitle>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        <p className="mt-1 text-muted-foreground">
          {creator ? tm("subtitleCreator") : tm("subtitleStudent")}
        </p>
      </div>
      {me.isPending ? (
        <div className="flex h-[600px] items-center justify-center">
          <Spinner label={tm("loading")} />
        </div>
      ) : !me.data ? (
        <p role="alert" className="rounded-lg border border-border bg-background p-6 text-center text-sm">
          {tm("loginRequired")}
        </p>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) =>
            update({ tab: value, discussion: null, group: null, invite: null, challenge: null })
          }
        >
          <div className="-mx-1 overflow-x-auto px-1 pb-1">
            <TabsList className="w-max min-w-full sm:w-auto sm:min-w-0">
              {tabs.map((id) => (
                <TabsTrigger key={id} value={id}>
                  {t(`tabs.${id}`)}
                  {id === "buddies" && waitingRequests > 0 ? (
                    <span
                      className="ml-1.5 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                      data-testid="buddy-requests-badge"
                    >
                      {waitingRequests}
                    </span>
                  ) : null}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="discussions" className="space-y-4">
            {spaces.isPending ? (
              <Spinner label={t("loading")} />
            ) : spaces.isError ? (
              <p role="alert">{(spaces.error as Error).message}</p>
            ) : discussionId ? (
              <DiscussionThread
                id={discussionId}
                myId={me.data.userId}
                onBack={() => update({ discussion: null })}
              />
            ) : (
              <>
                {creator ? <ModerationQueue onOpen={openDiscussion} /> : null}
                <ReplyEmailPreference />
                <DiscussionsTab
                  params={listParams}
                  setParams={setListParams}
                  spaces={spaces.data}
                  onOpen={openDiscussion}
                />
              </>
            )}
          </TabsContent>
          <TabsContent value="messages">
            <CommunityPanel
              myId={me.data.userId}
              selectedId={params.get("conversation")}
              onSelect={selectConversation}
              creator={creator}
            />
          </TabsContent>
          {creator ? null : (
            <TabsContent value="achievements">
              <React.Suspense fallback={<Spinner label={t("loading")} />}>
                <AchievementsTab />
              </React.Suspense>
            </TabsContent>
          )}
          {creator ? null : (
            <TabsContent value="groups">
              {spaces.data ? (
                <React.Suspense fallback={<Spinner label={t("loading")} />}>
                  <StudyGroupsTab
                    spaces={spaces.data}
                    groupId={params.get("group")}
                    invite={params.get("invite")}
                    onOpenGroup={(id) => update({ tab: "groups", group: id, invite: null })}
                    onOpenDiscussion={openDiscussion}
                  />
                </React.Suspense>
              ) : (
                <Spinner label={t("loading")} />
              )}
            </TabsContent>
          )}
          {creator ? null : (
            <TabsContent value="buddies">
              <React.Suspense fallback={<Spinner label={t("loading")} />}>
                <StudyBuddiesTab onOpenConversation={(id) => selectConversation(id)} />
              </React.Suspense>
            </TabsContent>
          )}
          <TabsContent value="challenges">
            <React.Suspense fallback={<Spinner label={t("loading")} />}>
              <ChallengesTab
                challengeId={params.get("challenge")}
                onOpen={(id) => update({ tab: "challenges", challenge: id })}
              />
            </React.Suspense>
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
