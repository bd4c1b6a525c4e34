import { type PlayerCourse, type PlayerLesson, type QuizResult, VIDEO_END_PROGRESS } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeftIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  FlagIcon,
  ListIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { PageTitle } from "@/components/page-title";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { recordEvent } from "@/lib/analytics-log";
import { ApiError } from "@/lib/api-client";
import type { Language } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { playerCourseQueryOptions, playerKeys, savePosition } from "../api/learning";
import { usePlayerProgress } from "../hooks/use-player-progress";
import { useVisibleTime } from "../hooks/use-visible-time";
import { applyServerProgress } from "../lib/progress-state";
import { resumeLessonId } from "../lib/resume";
import { isBlankHtml } from "../lib/sanitize";
import { ComingSoon } from "./coming-soon";
import { CompletionBanner } from "./completion-banner";
import { LESSON_TYPE_ICON } from "./lesson-icons";
import { LessonList } from "./lesson-list";
import { LessonResources } from "./lesson-resources";
import { LockedLesson } from "./locked-lesson";
import { PlayerError, PlayerSkeleton } from "./player-states";
import { QuizLesson } from "./quiz-lesson";
import { TextLesson } from "./text-lesson";
import { VideoLesson } from "./video-lesson";

/**
 * The lesson player of /learn/{courseId} (spec 001 §2 Lesson player, §4, §6, §8): loads the course
 * for the enrolled student; 403 (not enrolled, payment pending) → 'Access Denied' toast and back to
 * the dashboard; other failures → 'Failed to load course content.' with Retry.
 * @param onLocaleChange called when the student switches the language (to remember it on the profile).
 */
export function LessonPlayer({
  courseId,
  onLocaleChange,
  headerAction,
  headerBrand,
  resourceAction,
}: {
  courseId: string;
  /** The school's brand shown before the course title (issue 15; the page passes it). */
  headerBrand?: React.ReactNode;
  onLocaleChange?: (lng: Language) => void;
  /** Extra header content for the loaded course (the page adds "Message teacher"). */
  headerAction?: (course: PlayerCourse["course"]) => React.ReactNode;
  /** Extra control beside each lesson resource (the page adds "Report this material", issue 14). */
  resourceAction?: (materialId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("player");
  const navigate = useNavigate();
  const query = useQuery(playerCourseQueryOptions(courseId));
  const error = query.error;
  const status = error instanceof ApiError ? error.status : undefined;

  React.useEffect(() => {
    if (status === 403) {
      toast.error(t("errors.accessDenied"), { description: t("errors.notEnrolled"), id: "learn-denied" });
      navigate("/dashboard", { replace: true });
    } else if (status === 401) {
      const back = `/learn/${courseId}${window.location.search}`;
      navigate(`/auth?tab=signin&redirect=${encodeURIComponent(back)}`, { replace: true });
    }
  }, [status, navigate, t, courseId]);

  if (query.data)
    return (
      <PlayerView
        course={query.data}
        courseId={courseId}
        onLocaleChange={onLocaleChange}
        headerAction={headerAction}
        headerBrand={headerBrand}
        resourceAction={resourceAction}
      />
    );
  if (error && status !== 403 && status !== 401) {
    return (
      <PlayerError
        message={status === 404 ? t("errors.notFound") : t("errors.loadFailed")}
        onRetry={status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return <PlayerSkeleton />;
}

function PlayerView({
  course: data,
  courseId,
  onLocaleChange,
  headerAction,
  headerBrand,
  resourceAction,
}: {
  course: PlayerCourse;
  courseId: string;
  onLocaleChange?: (lng: Language) => void;
  headerAction?: (course: PlayerCourse["course"]) => React.ReactNode;
  headerBrand?: React.ReactNode;
  resourceAction?: (materialId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("player");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requested = params.get("lesson");
  const { lessons, enrolment } = data;
  const currentId = resumeLessonId(lessons, enrolment.lastLessonId, requested);
  const index = lessons.findIndex((l) => l.id === currentId);
  const lesson: PlayerLesson | undefined = lessons[index];
  // Issue 27 §1: a lesson that has not opened yet shows when it opens; nothing is reported for it.
  const locked = Boolean(lesson?.opensAt);
  const timeZone = data.course.timeZone ?? "Asia/Ho_Chi_Minh";
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const [endedVideo, setEndedVideo] = React.useState<string | null>(null);
  const [bannerHidden, setBannerHidden] = React.useState(false);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const moved = React.useRef(false);
  // issue 25 item 5 (#6): "Mark complete" on a text lesson before its reading time → a message
  // with the time left (`until`: when it runs out, ms since the epoch).
  const [early, setEarly] = React.useState<{ lessonId: string; until: number } | null>(null);
  const lessonRef = React.useRef(lesson);
  lessonRef.current = lesson;
  const { report, beacon, queue } = usePlayerProgress(courseId, (task, error) => {
    if (task.event !== "complete" || !(error instanceof ApiError) || error.reason !== "learning.readFirst")
      return;
    const current = lessonRef.current;
    const left = current?.id === task.lessonId ? readingLeft(current, 0) : 0;
    setEarly({ lessonId: task.lessonId, until: Date.now() + Math.max(left, 1) * 1000 });
  });

  // The lesson in the address (?lesson=), so reload and Back come back to it.
  React.useEffect(() => {
    if (currentId && requested !== currentId) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("lesson", currentId);
          return next;
        },
        { replace: true },
      );
    }
  }, [currentId, requested, setParams]);

  // Every lesson shown is reported as "open" (the resume point: spec 001 §4), once per showing.
  const reportRef = React.useRef(report);
  reportRef.current = report;
  React.useEffect(() => {
    if (!currentId || locked) return;
    reportRef.current(currentId, "open");
    recordEvent("lesson_opened", { courseId, lessonId: currentId });
  }, [currentId, courseId, locked]);

  // Seconds on the lesson while the tab is visible (spec 001 §4 lesson timer); none on a locked one.
  const timer = useVisibleTime(locked ? undefined : currentId, (lessonId, seconds, reason) => {
    if (reason === "hidden") beacon(lessonId, seconds);
    else report(lessonId, "time", seconds);
  });

  // A new lesson starts at the top, and its title takes the focus when the student moved there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lesson changes
  React.useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
    if (moved.current) headingRef.current?.focus({ preventScroll: true });
  }, [currentId]);

  const goTo = React.useCallback(
    (lessonId: string) => {
      setDrawerOpen(false);
      if (lessonId === currentId) return;
      moved.current = true;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set("lesson", lessonId);
        return next;
      });
    },
    [currentId, setParams],
  );

  const prev = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 && index < lessons.length - 1 ? lessons[index + 1] : undefined;
  const completed = lesson?.progress.isCompleted ?? false;
  // A quiz completes by passing it; one published without questions (before issue 17) by Mark Complete.
  const gradedQuiz = lesson?.content.type === "quiz" && lesson.content.questions.length > 0;
  // issue 16 item 6: an uploaded video completes after its end (or its length in study time).
  const unwatchedVideo =
    lesson?.content.type === "video" &&
    lesson.content.source === "upload" &&
    !completed &&
    endedVideo !== lesson.id &&
    lesson.progress.progress < VIDEO_END_PROGRESS &&
    !(lesson.duration > 0 && lesson.progress.timeSpent >= lesson.duration * 60);
  const total = lessons.length;
  const percent = Math.round(enrolment.progress);
  const doneCount = lessons.filter((l) => l.progress.isCompleted).length;

  const markComplete = () => {
    if (!lesson || completed) return;
    const seconds = timer.take();
    const left = readingLeft(lesson, seconds);
    if (left > 0) {
      // Too early: the counted seconds are still reported, and the student sees how long is left.
      if (seconds > 0) report(lesson.id, "time", seconds);
      setEarly({ lessonId: lesson.id, until: Date.now() + left * 1000 });
      return;
    }
    setEarly(null);
    report(lesson.id, "complete", seconds);
    recordEvent("lesson_completed", { courseId, lessonId: lesson.id });
  };
  const onVideoEnded = () => {
    if (!lesson) return;
    setEndedVideo(lesson.id);
    if (!lesson.progress.isCompleted) report(lesson.id, "video-ended", timer.take());
  };
  const onQuizResult = (result: QuizResult) => {
    if (!lesson) return;
    recordEvent("quiz_submitted", {
      courseId,
      lessonId: lesson.id,
      score: result.score,
      passed: result.passed,
    });
    queryClient.setQueryData<PlayerCourse>(playerKeys.course(courseId), (course) =>
      course ? applyServerProgress(course, lesson.id, result.progress) : course,
    );
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  };

  const list = <LessonList lessons={lessons} currentId={currentId} onSelect={goTo} timeZone={timeZone} />;
  const listSummary = (
    <p className="text-xs text-muted-foreground">
      {t("lessonCount", { count: total })} · {t("completedCount", { done: doneCount, total })}
    </p>
  );

  return (
    <div className="flex h-svh flex-col bg-background" data-testid="lesson-player">
      <PageTitle>{`${lesson ? `${lesson.title} · ` : ""}${data.course.title}`}</PageTitle>
      <header className="z-20 shrink-0 border-b border-border bg-background">
        <div className="flex h-14 items-center gap-2 px-2 sm:h-16 sm:gap-3 sm:px-4">
          <Button asChild variant="ghost" size="sm" className="shrink-0 px-2 sm:px-3">
            <Link to="/dashboard" aria-label={t("backToDashboard")}>
              <ArrowLeftIcon aria-hidden />
              <span className="hidden md:inline">{t("backToDashboard")}</span>
            </Link>
          </Button>
          <div className="h-6 w-px shrink-0 bg-border max-sm:hidden" aria-hidden />
          {headerBrand ? <div className="min-w-0 shrink-0 max-w-[40%]">{headerBrand}</div> : null}
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-semibold sm:text-base" title={data.course.title}>
              {data.course.title}
            </h1>
            {total > 0 && index >= 0 ? (
              <p className="text-xs text-muted-foreground" data-testid="lesson-position">
                {t("lessonOf", { current: index + 1, total })}
              </p>
            ) : null}
          </div>
          <div className="hidden w-56 shrink-0 items-center gap-3 sm:flex">
            <Progress value={percent} aria-label={t("progressLabel")} className="flex-1" />
            <span className="w-10 text-right text-sm font-semibold tabular-nums" data-testid="course-percent">
              {t("percent", { percent })}
            </span>
          </div>
          {headerAction?.(data.course)}
          <LanguageSwitch onChange={onLocaleChange} className="hidden md:inline-flex" />
          <Button
            variant="outline"
            size="sm"
            className="shrink-0 lg:hidden"
            onClick={() => setDrawerOpen(true)}
            aria-label={t("showLessons")}
            aria-expanded={drawerOpen}
          >
            <ListIcon aria-hidden />
            <span className="max-sm:sr-only">{t("lessons")}</span>
          </Button>
        </div>
        <div className="flex items-center gap-3 px-3 pb-2.5 sm:hidden">
          <Progress value={percent} aria-label={t("progressLabel")} className="flex-1" />
          <span className="text-xs font-semibold tabular-nums">{t("percent", { percent })}</span>
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-80 shrink-0 flex-col border-r border-border bg-muted/30 lg:flex">
          <div className="border-b border-border px-5 py-3">
            <h2 className="text-sm font-semibold">{t("lessons")}</h2>
            {listSummary}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
        </aside>

        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetContent closeLabel={t("closeLessons")} className="w-[85vw] max-w-sm bg-background">
            <div className="border-b border-border px-5 py-4 pr-12">
              <SheetTitle className="text-base font-semibold">{t("lessons")}</SheetTitle>
              <SheetDescription asChild>{listSummary}</SheetDescription>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
            <div className="border-t border-border p-3 md:hidden">
              <LanguageSwitch onChange={onLocaleChange} />
            </div>
          </SheetContent>
        </Sheet>

        <div className="flex min-w-0 flex-1 flex-col">
          <main ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto">
            <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-8 sm:py-8">
              {enrolment.isCompleted && !bannerHidden ? (
                <CompletionBanner
                  courseTitle={data.course.title}
                  enrolment={enrolment}
                  onDismiss={() => setBannerHidden(true)}
                />
              ) : null}
              {lesson ? (
                <article className="grid gap-6" data-testid="lesson" data-lesson-id={lesson.id}>
                  <LessonHeading lesson={lesson} ref={headingRef} />
                  {lesson.opensAt ? (
                    <LockedLesson opensAt={lesson.opensAt} timeZone={timeZone} />
                  ) : (
                    <>
                      <LessonBody
                        courseId={courseId}
                        lesson={lesson}
                        videoEnded={endedVideo === lesson.id}
                        onVideoEnded={onVideoEnded}
                        onQuizResult={onQuizResult}
                        beforeQuizSubmit={() => queue.idle(5_000)}
                      />
                      <LessonResources resources={lesson.resources} renderAction={resourceAction} />
                    </>
                  )}
                </article>
              ) : (
                <p className="py-16 text-center text-muted-foreground">{t("noLessons")}</p>
              )}
            </div>
          </main>

          {lesson ? (
            <footer className="shrink-0 border-t border-border bg-background/95 px-3 py-3 backdrop-blur sm:px-8">
              {early && early.lessonId === lesson.id && !completed ? (
                <ReadingLeft until={early.until} onDone={() => setEarly(null)} />
              ) : null}
              <div className="mx-auto flex w-full max-w-3xl items-center justify-between gap-2">
                <Button
                  variant="outline"
                  onClick={() => prev && goTo(prev.id)}
                  disabled={!prev}
                  aria-label={t("previous")}
                  className="max-sm:px-3"
                >
                  <ChevronLeftIcon aria-hidden />
                  <span className="max-sm:sr-only">{t("previous")}</span>
                </Button>
                <Button
                  onClick={markComplete}
                  disabled={completed || gradedQuiz || unwatchedVideo || locked}
                  title={
                    gradedQuiz && !completed
                      ? t("quizCompletesByPassing")
                      : unwatchedVideo
                        ? t("watchVideoFirst")
                        : undefined
                  }
                  variant={completed ? "outline" : "default"}
                  className={cn(
                    "min-w-0 flex-1 sm:max-w-xs",
                    completed && "border-emerald-300 bg-emerald-50 text-emerald-800 disabled:opacity-100",
                  )}
                  data-testid="mark-complete"
                >
                  <CheckIcon aria-hidden />
                  <span className="truncate">{completed ? t("completed") : t("markComplete")}</span>
                </Button>
                {next ? (
                  <Button
                    variant="outline"
                    onClick={() => goTo(next.id)}
                    aria-label={t("next")}
                    className="max-sm:px-3"
                  >
                    <span className="max-sm:sr-only">{t("next")}</span>
                    <ChevronRightIcon aria-hidden />
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    onClick={() => navigate("/dashboard")}
                    title={t("finishHint")}
                    aria-label={`${t("finish")} — ${t("finishHint")}`}
                    className="max-sm:px-3"
                  >
                    <span className="max-sm:sr-only">{t("finish")}</span>
                    <FlagIcon aria-hidden />
                  </Button>
                )}
              </div>
            </footer>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * Seconds of reading a text lesson still needs before Mark Complete (issue 25 item 5): its
 * readingSeconds minus the recorded time and `pending` counted seconds not reported yet; 0 when
 * none is needed (other lesson types, completed lessons).
 */
export function readingLeft(lesson: PlayerLesson, pending: number): number {
  if (lesson.content.type !== "text" || lesson.progress.isCompleted) return 0;
  return Math.max(0, (lesson.content.readingSeconds ?? 0) - lesson.progress.timeSpent - pending);
}

/** "Keep reading: you can complete this lesson in 1 min 5 s." counting down to `until` (polite live region). */
function ReadingLeft({ until, onDone }: { until: number; onDone: () => void }) {
  const { t } = useTranslation("player");
  const [now, setNow] = React.useState(() => Date.now());
  const doneRef = React.useRef(onDone);
  doneRef.current = onDone;
  React.useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  const left = Math.ceil((until - now) / 1000);
  React.useEffect(() => {
    if (left <= 0) doneRef.current();
  }, [left]);
  if (left <= 0) return null;
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  const time =
    minutes === 0
      ? t("durationSeconds", { count: seconds })
      : seconds === 0
        ? t("minutes", { count: minutes })
        : t("durationMinutesSeconds", { minutes, seconds });
  return (
    <p
      role="status"
      className="mx-auto mb-2 w-full max-w-3xl rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="reading-left"
    >
      {left <= 5 ? t("readFirstSoon") : t("readFirst", { time })}
    </p>
  );
}

function LessonHeading({ lesson, ref }: { lesson: PlayerLesson; ref: React.Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation("player");
  const TypeIcon = LESSON_TYPE_ICON[lesson.type];
  return (
    <div className="grid gap-2">
      {lesson.section ? (
        <p className="text-xs font-semibold uppercase tracking-wide text-brand/70">{lesson.section}</p>
      ) : null}
      <h2 ref={ref} tabIndex={-1} className="text-2xl font-bold leading-tight focus:outline-none sm:text-3xl">
        {lesson.title}
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="secondary" className="gap-1">
          <TypeIcon className="size-3.5" aria-hidden />
          {t(`type.${lesson.type}`)}
        </Badge>
        {lesson.duration > 0 ? (
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="size-3.5" aria-hidden />
            {t("minutes", { count: lesson.duration })}
          </span>
        ) : null}
        {lesson.progress.isCompleted ? (
          <Badge variant="success" className="gap-1" data-testid="lesson-completed-badge">
            <CheckIcon className="size-3" aria-hidden />
            {t("completed")}
          </Badge>
        ) : null}
      </div>
    </div>
  );
}

/** The lesson's content by type (issue: video, text, quiz or 'Lesson content coming soon'). */
export function LessonBody({
  courseId,
  lesson,
  videoEnded,
  onVideoEnded,
  onQuizResult,
  beforeQuizSubmit,
}: {
  courseId: string;
  lesson: PlayerLesson;
  videoEnded: boolean;
  onVideoEnded: () => void;
  onQuizResult: (result: QuizResult) => void;
  /** Resolves once the lesson's `open` report has been sent (the server grades opened quizzes only). */
  beforeQuizSubmit?: () => Promise<void>;
}) {
  const content = lesson.content;
  if (content.type === "text") {
    return isBlankHtml(content.html) ? <ComingSoon /> : <TextLesson html={content.html} />;
  }
  if (content.type === "video") {
    return (
      <VideoLesson
        title={lesson.title}
        source={content.source}
        url={content.url}
        ended={videoEnded}
        onEnded={onVideoEnded}
        stream={content.stream}
        position={lesson.progress.position}
        onPosition={(seconds, leaving) => savePosition(courseId, lesson.id, seconds, leaving)}
      />
    );
  }
  return (
    <QuizLesson
      key={lesson.id}
      courseId={courseId}
      lessonId={lesson.id}
      questions={content.questions}
      passMark={content.passMark}
      completed={lesson.progress.isCompleted}
      onResult={onQuizResult}
      beforeSubmit={beforeQuizSubmit}
    />
  );
}
