import {
  type BuilderCourse,
  type CourseDraft,
  type CourseInfo,
  isFreePrice,
  type LessonNeedingContent,
  lessonsWithoutContent,
  type Material,
  type OutlineSection,
  type SavedDraft,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangleIcon, EyeIcon, HistoryIcon, LayersIcon, LibraryIcon, SparklesIcon } from "lucide-react";
import * as React from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
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
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api-client";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useAiTextContext } from "@/lib/use-ai-mode";
import {
  builderCourseQueryOptions,
  draftQueryOptions,
  fetchPaymentSetup,
  requestOutline,
  useDiscardDraft,
  usePublishCourse,
  useSaveDraft,
} from "../api/course-builder";
import { useCourseDraft } from "../hooks/use-course-draft";
import { useLeaveGuard } from "../hooks/use-leave-guard";
import { translateMessage } from "../lib/messages";
import { emptyDraft, fallbackOutline } from "../lib/outline";
import { BuilderHeader } from "./builder-header";
import type { CourseInfoForm, CourseInfoInput, SubjectOption } from "./course-info-card";
import { NeedsContentDialog } from "./needs-content-dialog";
import { OutlineGenerator } from "./outline-generator";
import { PaymentWarningDialog } from "./payment-warning-dialog";

/** The Course Builder tab carries the rich-text editor and drag and drop: loaded on its own. */
const loadStructureEditor = () => import("./structure/structure-editor");
const StructureEditor = React.lazy(() =>
  loadStructureEditor().then((module) => ({ default: module.StructureEditor })),
);

/**
 * Course Information (with its selects and the thumbnail upload) downloads while the page's data
 * loads (the page shows its skeleton until both are in, issue 17 §14).
 */
const loadCourseInfoCard = () => import("./course-info-card");
const CourseInfoCard = React.lazy(() =>
  loadCourseInfoCard().then((module) => ({ default: module.CourseInfoCard })),
);

/** The Preview tab, loaded when it is opened (issue 17 §14). */
const CoursePreview = React.lazy(() =>
  import("./course-preview").then((module) => ({ default: module.CoursePreview })),
);

/**
 * The course schemas (and zod), which the server checks too: fetched once the page is shown and
 * awaited by the first validation (issue 17 §14).
 */
const loadCourseSchemas = () => import("@academy/shared/schemas/courses");
const courseInfoResolver = lazyZodResolver<CourseInfoInput, unknown, CourseInfo>(() =>
  loadCourseSchemas().then((module) => module.courseInfoSchema),
);

/** What the page passes to the Material Bank (features/materials, composed by the page). */
export interface MaterialBankSlotProps {
  selected: string[];
  onChange: (ids: string[]) => void;
  category: string | null;
  skillLevel: string;
  topic: string;
  onMaterialsLoaded?: (materials: Material[]) => void;
}

type TabValue = "outline" | "materials" | "structure" | "preview";

const INFO_FIELDS = [
  "title",
  "description",
  "category",
  "subjectId",
  "skillLevel",
  "targetAudience",
  "estimatedDuration",
  "price",
  "currency",
  "thumbnailUrl",
] as const satisfies readonly (keyof CourseInfo)[];

function infoOf(draft: CourseDraft): CourseInfo {
  return Object.fromEntries(INFO_FIELDS.map((key) => [key, draft[key]])) as CourseInfo;
}

function courseToDraft(course: BuilderCourse): CourseDraft {
  const { isPublished: _p, slug: _s, ...draft } = course;
  return draft;
}

function savedToDraft(saved: SavedDraft): CourseDraft {
  const { updatedAt: _u, ...draft } = saved;
  return draft;
}

function formatDateTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng === "vi" ? "vi-VN" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

function formatTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng === "vi" ? "vi-VN" : "en-US", { timeStyle: "short" }).format(
    new Date(iso),
  );
}

function BuilderSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-96 w-full" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * The course builder (spec 001 §2 Course builder; 000 §2 Course-creation helpers): loads the course
 * to edit (toast 'Course Loaded') and resumes a saved draft when there is one; holds the whole
 * course in one reducer; Course Information; tabs AI Outline, Material Bank, Course Builder and
 * Preview; Save Draft and Publish Course; warns before leaving with unsaved changes.
 * @param courseId the course to edit, or null for a new course.
 * @param renderMaterialBank renders the Material Bank (another feature, composed by the page).
 */
export function CourseBuilder({
  courseId,
  renderMaterialBank,
  subjects = [],
}: {
  courseId: string | null;
  renderMaterialBank: (props: MaterialBankSlotProps) => React.ReactNode;
  /** The platform's active subjects (issue 14), given by the page. */
  subjects?: SubjectOption[];
}) {
  const { t, i18n } = useTranslation("builder");
  const aiContext = useAiTextContext();
  const navigate = useNavigate();
  const editing = courseId !== null;
  const state = useCourseDraft();
  const { draft, dirty } = state;

  const course = useQuery({ ...builderCourseQueryOptions(courseId ?? ""), enabled: editing });
  const savedDraft = useQuery(draftQueryOptions(courseId));
  const saveDraft = useSaveDraft();
  const publish = usePublishCourse();
  const discard = useDiscardDraft();

  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    void loadCourseInfoCard().catch(() => undefined);
  }, []);
  const [restoredAt, setRestoredAt] = React.useState<string | null>(null);
  const [savedAt, setSavedAt] = React.useState<string | null>(null);
  const [isPublished, setIsPublished] = React.useState(false);
  const [tab, setTab] = React.useState<TabValue>("outline");
  const [generating, setGenerating] = React.useState(false);
  const [confirmReplace, setConfirmReplace] = React.useState(false);
  const [confirmDiscard, setConfirmDiscard] = React.useState(false);
  const [materials, setMaterials] = React.useState<Map<string, Material>>(() => new Map());
  const [needsContent, setNeedsContent] = React.useState<LessonNeedingContent[]>([]);
  // A paid course nobody can pay for yet (issue 11 §2): the checked draft and where to set payment up.
  const [paymentWarning, setPaymentWarning] = React.useState<{
    draft: CourseDraft;
    landingPageId: string | null;
  } | null>(null);
  const [checkingPayment, setCheckingPayment] = React.useState(false);
  const [focusLesson, setFocusLesson] = React.useState<{ item: LessonNeedingContent; at: number } | null>(
    null,
  );

  const form: CourseInfoForm = useForm<CourseInfoInput, unknown, CourseInfo>({
    resolver: courseInfoResolver,
    defaultValues: infoOf(draft),
    mode: "onTouched",
  });

  // Every change in the form goes into the one builder state.
  const { setInfo, load } = state;
  React.useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (!name || !(INFO_FIELDS as readonly string[]).includes(name)) return;
      const key = name as keyof CourseInfo;
      setInfo({ [key]: values[key] } as Partial<CourseInfo>);
    });
    return () => subscription.unsubscribe();
  }, [form, setInfo]);

  const loadDraft = React.useCallback(
    (next: CourseDraft) => {
      load(next);
      form.reset(infoOf(next));
    },
    [form, load],
  );

  // First load: the course (edit) and the saved draft; a draft wins and is announced.
  const initialized = React.useRef(false);
  const courseLoaded = !editing || course.isSuccess;
  const draftSettled = !savedDraft.isPending;
  React.useEffect(() => {
    if (initialized.current || !courseLoaded || !draftSettled) return;
    initialized.current = true;
    const base = editing && course.data ? courseToDraft(course.data) : emptyDraft();
    const saved = savedDraft.data ?? null;
    if (saved) {
      loadDraft({ ...savedToDraft(saved), courseId: base.courseId });
      setRestoredAt(saved.updatedAt);
    } else {
      loadDraft(base);
    }
    if (course.data) setIsPublished(course.data.isPublished);
    if (editing) toast.success(t("toast.courseLoaded"));
    setReady(true);
  }, [courseLoaded, draftSettled, editing, course.data, savedDraft.data, loadDraft, t]);

  // Fetch the Course Builder tab's code and the validators in the background once the page is shown.
  React.useEffect(() => {
    if (!ready) return;
    void loadStructureEditor().catch(() => undefined);
    void courseInfoResolver.load().catch(() => undefined);
  }, [ready]);

  const failedToLoad = editing && course.isError;
  React.useEffect(() => {
    if (failedToLoad) toast.error(t("toast.loadFailed"));
  }, [failedToLoad, t]);

  const blocker = useLeaveGuard(dirty, state.dirtyRef);

  const firstFormError = (errors: FieldErrors<CourseInfoInput>) => {
    const field = INFO_FIELDS.find((key) => errors[key]);
    if (!field) return undefined;
    if (field === "estimatedDuration") return t("validation.durationInvalid");
    if (field === "price") return t("validation.priceInvalid");
    return translateMessage(t, errors[field]?.message ?? "");
  };

  /** Validates the form and the whole draft; the translated first problem, or the parsed draft. */
  const validate = async (
    kind: "draft" | "publish",
  ): Promise<{ ok: true; draft: CourseDraft } | { ok: false; message?: string }> => {
    const valid = await form.trigger(undefined, { shouldFocus: true });
    if (!valid) return { ok: false, message: firstFormError(form.formState.errors) };
    const schemas = await loadCourseSchemas();
    const parsed = (kind === "publish" ? schemas.publishCourseSchema : schemas.courseDraftSchema).safeParse(
      draft,
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // Lesson problems are fixed in the Course Builder tab, section problems in the AI Outline tab.
      if (issue?.path[0] === "outline") setTab(issue.path.includes("lessons") ? "structure" : "outline");
      return { ok: false, message: issue ? translateMessage(t, issue.message) : undefined };
    }
    return { ok: true, draft: parsed.data };
  };

  const serverMessage = (error: unknown) =>
    error instanceof ApiError && error.status === 400 ? translateMessage(t, error.message) : undefined;

  const onSave = async () => {
    const checked = await validate("draft");
    if (!checked.ok) {
      toast.error(t("toast.saveFailed"), { description: checked.message });
      return;
    }
    const revision = state.currentRevision();
    saveDraft.mutate(checked.draft, {
      onSuccess: (saved) => {
        state.markSaved(revision);
        setSavedAt(saved.updatedAt);
        setRestoredAt(null);
        toast.success(t("toast.draftSaved"));
      },
      onError: (error) => toast.error(t("toast.saveFailed"), { description: serverMessage(error) }),
    });
  };

  const onPublish = async () => {
    const checked = await validate("publish");
    if (!checked.ok) {
      toast.error(t("toast.publishFailed"), { description: checked.message });
      return;
    }
    // Lessons nobody could learn (issue 17 item 1): listed with links; the server refuses them too.
    const missing = lessonsWithoutContent(checked.draft.outline);
    if (missing.length > 0) {
      setNeedsContent(missing);
      return;
    }
    // A paid course whose buyers could not pay (issue 11 §2): warn first. A new course has no
    // landing page yet; an existing one is asked about (a failed check does not block publishing).
    if (!isFreePrice(checked.draft.price)) {
      let setup: { ready: boolean; landingPageId: string | null } = { ready: false, landingPageId: null };
      if (checked.draft.courseId) {
        setCheckingPayment(true);
        try {
          setup = await fetchPaymentSetup(checked.draft.courseId);
        } catch {
          setup = { ready: true, landingPageId: null };
        } finally {
          setCheckingPayment(false);
        }
      }
      if (!setup.ready) {
        setPaymentWarning({ draft: checked.draft, landingPageId: setup.landingPageId });
        return;
      }
    }
    publishNow(checked.draft, null);
  };

  /**
   * Publishes `toPublish`; with `then`, opens the course's landing page (its Payment tab) or a new
   * one for the course afterwards (issue 11 §2 "Publish and set up payment").
   */
  const publishNow = (toPublish: CourseDraft, then: { landingPageId: string | null } | null) => {
    const revision = state.currentRevision();
    publish.mutate(toPublish, {
      onSuccess: (result) => {
        state.markPublished(revision, result.courseId, result.outline);
        setIsPublished(true);
        setRestoredAt(null);
        setSavedAt(new Date().toISOString());
        setPaymentWarning(null);
        if (then) {
          toast.success(t("toast.published"));
          navigate(
            then.landingPageId
              ? `/dashboard/landing-pages/builder/${then.landingPageId}?tab=payment`
              : `/dashboard/landing-pages/builder?course_id=${result.courseId}&tab=payment`,
          );
          return;
        }
        if (result.paymentReady) toast.success(t("toast.published"));
        else toast.warning(t("paymentWarning.publishedNoPayment"));
        // A new course goes to My Courses, where it now shows as live; an edited one stays open.
        if (result.created) navigate("/dashboard/courses");
      },
      onError: (error) => toast.error(t("toast.publishFailed"), { description: serverMessage(error) }),
    });
  };

  const generate = async () => {
    setConfirmReplace(false);
    setGenerating(true);
    const locale = i18n.language === "vi" ? "vi" : "en";
    try {
      const result = await requestOutline({
        title: draft.title.trim(),
        description: draft.description,
        category: draft.category,
        skillLevel: draft.skillLevel,
        targetAudience: draft.targetAudience,
        estimatedDuration: draft.estimatedDuration,
        locale,
      });
      if (result.outline.length > 0) state.setOutline(result.outline, result.source);
      else state.setOutline(clientFallback(), "fallback");
    } catch {
      // Spec 000 §4: a failure shows no error; the two-section default replaces the outline.
      state.setOutline(clientFallback(), "fallback");
    } finally {
      setGenerating(false);
    }
  };

  const clientFallback = () => {
    const topic = draft.title.trim() || t("outline.fallback.topic");
    return fallbackOutline({
      sectionTitle: (n) => t("outline.fallback.section", { n }),
      descriptions: [
        t("outline.fallback.description1", { topic }),
        t("outline.fallback.description2", { topic }),
      ],
      lessons: [t("outline.fallback.lesson1", { topic }), t("outline.fallback.lesson2")],
    });
  };

  const onGenerate = () => {
    if (draft.outline.length > 0) setConfirmReplace(true);
    else void generate();
  };

  const onDiscard = () => {
    setConfirmDiscard(false);
    discard.mutate(courseId, {
      onSuccess: async () => {
        setRestoredAt(null);
        if (editing) {
          const fresh = await course.refetch();
          if (fresh.data) loadDraft(courseToDraft(fresh.data));
        } else {
          loadDraft(emptyDraft());
        }
        toast.success(t("toast.draftDiscarded"));
      },
      onError: () => toast.error(t("toast.discardFailed")),
    });
  };

  const onMaterialsLoaded = React.useCallback((loaded: Material[]) => {
    setMaterials((previous) => {
      const next = new Map(previous);
      for (const material of loaded) next.set(material.id, material);
      return next;
    });
  }, []);
  const selectedMaterials = React.useMemo(
    () => draft.materials.map((id) => materials.get(id)).filter((m): m is Material => Boolean(m)),
    [draft.materials, materials],
  );
  const setOutline = React.useCallback(
    (outline: OutlineSection[]) => state.setOutline(outline),
    [state.setOutline],
  );

  const title = editing ? t("header.editTitle") : t("header.newTitle");

  if (failedToLoad) {
    return (
      <section
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-border bg-background px-6 py-12 text-center"
      >
        <PageTitle>{title}</PageTitle>
        <AlertTriangleIcon className="size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">{t("toast.loadFailed")}</h1>
        <p className="text-sm text-muted-foreground">
          {course.error instanceof ApiError ? translateMessage(t, course.error.message) : null}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/dashboard/courses">{t("header.backToCourses")}</Link>
          </Button>
          <Button variant="outline" onClick={() => void course.refetch()}>
            {t("retry")}
          </Button>
        </div>
      </section>
    );
  }

  if (!ready) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <BuilderSkeleton />
      </>
    );
  }

  return (
    // Fields focused by validation stay clear of the sticky header.
    <div className="grid gap-6 [&_:is(input,textarea,button)]:scroll-mt-48">
      <PageTitle>{title}</PageTitle>
      <BuilderHeader
        editing={editing}
        isPublished={isPublished}
        dirty={dirty}
        savedAt={savedAt ? formatTime(savedAt, i18n.language) : null}
        hasTitle={Boolean(draft.title.trim())}
        saving={saveDraft.isPending}
        publishing={publish.isPending || checkingPayment}
        onSave={() => void onSave()}
        onPublish={() => void onPublish()}
      />

      {restoredAt ? (
        <div
          className="-mt-2 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
          data-testid="draft-notice"
        >
          <p className="flex items-center gap-2">
            <HistoryIcon className="size-4 shrink-0" aria-hidden />
            {t("draft.restored", { time: formatDateTime(restoredAt, i18n.language) })}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start border-amber-300 bg-white sm:self-auto"
            disabled={discard.isPending}
            onClick={() => setConfirmDiscard(true)}
          >
            {t("draft.discard")}
          </Button>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <React.Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <CourseInfoCard form={form} subjects={subjects} />
        </React.Suspense>
      </form>

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)} className="min-w-0">
        <div className="-mx-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
          <TabsList className="h-11 w-max min-w-full justify-start sm:w-full">
            <TabsTrigger value="outline" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
              <SparklesIcon className="size-4" aria-hidden />
              {t("tabs.outline", { context: aiContext })}
            </TabsTrigger>
            <TabsTrigger value="materials" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
              <LibraryIcon className="size-4" aria-hidden />
              {t("tabs.materials")}
              {draft.materials.length > 0 ? (
                <span className="rounded-full bg-secondary px-1.5 text-xs text-brand">
                  {draft.materials.length}
                </span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="structure" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
              <LayersIcon className="size-4" aria-hidden />
              {t("tabs.structure")}
            </TabsTrigger>
            <TabsTrigger value="preview" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
              <EyeIcon className="size-4" aria-hidden />
              {t("tabs.preview")}
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="outline">
          <OutlineGenerator
            draft={draft}
            generating={generating}
            source={state.outlineSource}
            onGenerate={onGenerate}
            onChange={setOutline}
          />
        </TabsContent>
        {/* Kept mounted so the selected materials are known to the Course Builder tab. */}
        <TabsContent value="materials" forceMount className="data-[state=inactive]:hidden">
          {renderMaterialBank({
            selected: draft.materials,
            onChange: state.setMaterials,
            category: draft.category,
            skillLevel: draft.skillLevel,
            topic: draft.title,
            onMaterialsLoaded,
          })}
        </TabsContent>
        <TabsContent value="structure">
          <StructureEditor
            outline={draft.outline}
            onChange={setOutline}
            selectedMaterials={selectedMaterials}
            focusRequest={focusLesson}
          />
        </TabsContent>
        <TabsContent value="preview">
          <React.Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <CoursePreview draft={draft} />
          </React.Suspense>
        </TabsContent>
      </Tabs>

      <PaymentWarningDialog
        open={paymentWarning !== null}
        busy={publish.isPending}
        onClose={() => setPaymentWarning(null)}
        onPublishAnyway={() => paymentWarning && publishNow(paymentWarning.draft, null)}
        onSetUp={() =>
          paymentWarning && publishNow(paymentWarning.draft, { landingPageId: paymentWarning.landingPageId })
        }
      />

      <NeedsContentDialog
        items={needsContent}
        outline={draft.outline}
        onClose={() => setNeedsContent([])}
        onOpenLesson={(item) => {
          setNeedsContent([]);
          setTab("structure");
          setFocusLesson({ item, at: Date.now() });
        }}
      />

      <AlertDialog open={confirmReplace} onOpenChange={setConfirmReplace}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("outline.confirmReplace.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("outline.confirmReplace.body")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => void generate()}>
              {t("outline.confirmReplace.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={confirmDiscard} onOpenChange={setConfirmDiscard}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("draft.confirm.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {editing ? t("draft.confirm.bodyEdit") : t("draft.confirm.bodyNew")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDiscard}>
              {t("draft.discard")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("leave.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("leave.body")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>{t("leave.stay")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => blocker.proceed?.()}>
              {t("leave.leave")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
