import {
  COMMUNITY_MESSAGES,
  type CommunitySpaces,
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_SORTS,
  type DiscussionSort,
  type DiscussionSummary,
  parseTags,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import {
  CheckCircle2Icon,
  EyeIcon,
  EyeOffIcon,
  LockIcon,
  MessageSquareIcon,
  PinIcon,
  SearchIcon,
  ThumbsUpIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDate } from "@/lib/format";
import {
  type DiscussionParams,
  discussionsQueryOptions,
  useCreateDiscussion,
  useUpvote,
} from "../api/community";

/** One row of the list (000 §2 Discussions item: pin, title, solved, author and course, tags, counts, activity, upvote). */
function DiscussionItem({ item, onOpen }: { item: DiscussionSummary; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation("community");
  const upvote = useUpvote();
  return (
    <li className="rounded-lg border border-border bg-background p-4" data-testid="discussion-item">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {item.isPinned ? <PinIcon className="size-4 text-primary" aria-label={t("pinned")} /> : null}
            {item.isLocked ? (
              <LockIcon className="size-4 text-muted-foreground" aria-label={t("locked")} />
            ) : null}
            <button
              type="button"
              className="min-w-0 break-words text-left font-semibold hover:underline focus-visible:underline"
              onClick={() => onOpen(item.id)}
            >
              {item.title}
            </button>
            {item.hidden ? (
              <Badge variant="secondary" data-testid="post-hidden">
                <EyeOffIcon className="mr-1 size-3" aria-hidden />
                {t("hiddenBadge")}
              </Badge>
            ) : null}
            {item.solved ? (
              <Badge variant="success">
                <CheckCircle2Icon className="mr-1 size-3" />
                {t("solved")}
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("byIn", {
              author: item.author.name ?? t("unknownUser"),
              space: item.courseTitle ?? item.schoolName ?? "",
            })}
          </p>
          {item.tags.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-1">
              {item.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  #{tag}
                </Badge>
              ))}
            </div>
          ) : null}
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MessageSquareIcon className="size-3" />
              {t("replies", { count: item.replyCount })}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="view-count" title={t("viewsTitle")}>
              <EyeIcon className="size-3" aria-hidden />
              {t("views", { count: item.viewCount })}
            </span>
            <span>{t("lastActivity", { when: formatDate(item.lastActivityAt, i18n.language) })}</span>
          </p>
        </div>
        <Button
          variant={item.upvoted ? "default" : "outline"}
          size="sm"
          aria-pressed={item.upvoted}
          aria-label={t("upvote")}
          disabled={upvote.isPending}
          onClick={() =>
            upvote.mutate(
              { id: item.id, upvoted: !item.upvoted },
              { onError: (error) => toast.error(error.message) },
            )
          }
        >
          <ThumbsUpIcon className="size-4" />
          <span data-testid="upvote-count">{item.upvoteCount}</span>
        </Button>
      </div>
    </li>
  );
}

/** "Start a Discussion" (000 §2, §8): title, optional course, comma-separated tags, content. */
function StartDiscussionForm({
  spaces,
  onCreated,
}: {
  spaces: CommunitySpaces;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const create = useCreateDiscussion();
  const [title, setTitle] = React.useState("");
  const [space, setSpace] = React.useState("");
  const [tags, setTags] = React.useState("");
  const [body, setBody] = React.useState("");
  const options = [
    ...spaces.courses.map((c) => ({ value: `course:${c.id}`, label: c.title })),
    ...spaces.schools.map((s) => ({
      value: `school:${s.creatorId}`,
      label: t("schoolSpace", { name: s.name }),
    })),
  ];
  const chosen = space || options[0]?.value || "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim()) {
      toast.error(t("fillTitleAndContent"));
      return;
    }
    const [kind, id] = chosen.split(":");
    create.mutate(
      {
        title,
        body,
        tags: parseTags(tags),
        ...(kind === "course" ? { courseId: id } : { creatorId: id }),
      },
      {
        onSuccess: (created) => {
          toast.success(t("created"));
          setTitle("");
          setTags("");
          setBody("");
          onCreated(created.id);
        },
        onError: (error) =>
          toast.error(
            error.message === COMMUNITY_MESSAGES.fillTitleAndContent
              ? t("fillTitleAndContent")
              : error.message,
          ),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("startTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {options.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noSpaces")}</p>
        ) : (
          <form className="space-y-3" onSubmit={submit} noValidate>
            <div className="space-y-1">
              <Label htmlFor="discussion-title">{t("titleLabel")}</Label>
              <Input
                id="discussion-title"
                value={title}
                maxLength={200}
                placeholder={t("titlePlaceholder")}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="discussion-space">{t("spaceLabel")}</Label>
              <NativeSelect
                id="discussion-space"
                className="w-full"
                value={chosen}
                onChange={(e) => setSpace(e.target.value)}
              >
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1">
              <Label htmlFor="discussion-tags">{t("tagsLabel")}</Label>
              <Input
                id="discussion-tags"
                value={tags}
                placeholder={t("tagsPlaceholder")}
                onChange={(e) => setTags(e.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="discussion-body">{t("contentLabel")}</Label>
              <Textarea
                id="discussion-body"
                rows={4}
                value={body}
                maxLength={10_000}
                placeholder={t("contentPlaceholder")}
                onChange={(e) => setBody(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">{t("markdownHint")}</p>
            </div>
            <Button type="submit" className="w-full" disabled={create.isPending}>
              {create.isPending ? t("posting") : t("post")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function Guidelines() {
  const { t } = useTranslation("community");
  const items = ["respect", "search", "tags", "solved", "resources"] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("guidelinesTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {items.map((key) => (
            <li key={key}>{t(`guidelines.${key}`)}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * The Discussions tab (000 §2; issue 13 §2): search (title and tags, accents ignored), filters
 * (course, tag, unanswered, mine), sorts, pages of 20, the Start a Discussion form and guidelines.
 * The filters live in the address (`q`, `course`, `tag`, `filter`, `sort`, `page`).
 */
export function DiscussionsTab({
  params,
  setParams,
  spaces,
  onOpen,
}: {
  params: DiscussionParams;
  setParams: (next: Partial<DiscussionParams>) => void;
  spaces: CommunitySpaces;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation("community");
  const list = useQuery(discussionsQueryOptions(params));
  const [search, setSearch] = React.useState(params.search ?? "");
  React.useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.search ?? "") !== search) setParams({ search, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params.search, setParams]);
  const filter = params.unanswered
    ? "unanswered"
    : params.mine
      ? "mine"
      : params.pinned
        ? "pinned"
        : params.solved
          ? "solved"
          : "all";

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <section className="min-w-0 space-y-4" aria-label={t("tabs.discussions")}>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" />
          <Input
            type="search"
            className="pl-9"
            aria-label={t("searchPlaceholder")}
            placeholder={t("searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <NativeSelect
            aria-label={t("filterCourse")}
            value={params.courseId ?? ""}
            onChange={(e) => setParams({ courseId: e.target.value || undefined, page: 1 })}
          >
            <option value="">{t("allCourses")}</option>
            {spaces.courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t("filterLabel")}
            value={filter}
            onChange={(e) =>
              setParams({
                unanswered: e.target.value === "unanswered",
                mine: e.target.value === "mine",
                pinned: e.target.value === "pinned",
                solved: e.target.value === "solved",
                page: 1,
              })
            }
          >
            <option value="all">{t("filters.all")}</option>
            <option value="pinned">{t("filters.pinned")}</option>
            <option value="solved">{t("filters.solved")}</option>
            <option value="unanswered">{t("filters.unanswered")}</option>
            <option value="mine">{t("filters.mine")}</option>
          </NativeSelect>
          <NativeSelect
            aria-label={t("sortLabel")}
            value={params.sort}
            onChange={(e) => setParams({ sort: e.target.value as DiscussionSort, page: 1 })}
          >
            {DISCUSSION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {params.tag ? (
          <div className="flex items-center gap-2 text-sm">
            <Badge variant="outline">#{params.tag}</Badge>
            <Button variant="link" size="sm" onClick={() => setParams({ tag: undefined, page: 1 })}>
              {t("clearTag")}
            </Button>
          </div>
        ) : null}
        {list.isPending ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label={t("loading")} />
          </div>
        ) : list.isError ? (
          <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
            {(list.error as Error).message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
            {t("empty")}
          </p>
        ) : (
          <>
            <ul className="space-y-3" aria-busy={list.isFetching}>
              {list.data.items.map((item) => (
                <DiscussionItem key={item.id} item={item} onOpen={onOpen} />
              ))}
            </ul>
            <Pagination
              page={params.page}
              pageSize={DISCUSSION_PAGE_SIZE}
              total={list.data.total}
              more={list.data.totalCapped}
              busy={list.isFetching}
              label={t("pages")}
              onPageChange={(page) => setParams({ page })}
            />
          </>
        )}
      </section>
      <aside className="space-y-4">
        <StartDiscussionForm spaces={spaces} onCreated={onOpen} />
        <Guidelines />
      </aside>
    </div>
  );
}
