import {
  COURSE_MESSAGES,
  type CourseDraft,
  type CourseInfo,
  isFreePrice,
  type LessonNeedingContent,
  lessonsWithoutContent,
  type Material,
  type OutlineSection,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api-client";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useOnceTrue } from "@/lib/use-once-true";
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
import { lessonTitlesOf, translateMessage } from "../lib/messages";
import { emptyDraft, fallbackOutline } from "../lib/outline";
import {
  courseToDraft,
  formatDateTime,
  formatTime,
  INFO_FIELDS,
  infoOf,
  savedToDraft,
} from "./builder-draft";
import { BuilderHeader } from "./builder-header";
import {
  BuilderLoadFailed,
  BuilderSkeleton,
  BuilderTabsList,
  ConfirmDialog,
  DraftNotice,
} from "./builder-parts";
import type { CourseInfoForm, CourseInfoInput, SubjectOption } from "./course-info-card";
import { OutlineGenerator } from "./outline-generator";
import { NeedsContentDialog, PaymentWarningDialog } from "./publish-dialogs";

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
  renderSchoolCheck,
  subjects = [],
}: {
  courseId: string | null;
  renderMaterialBank: (props: MaterialBankSlotProps) => React.ReactNode;
  /**
   * Mounted while a publish waits (issue 24 §6): the page passes the school confirmation, which
   * calls `onProceed` (at once when the school exists) or `onCancel`. Absent: publish at once.
   */
  renderSchoolCheck?: (props: { onProceed: () => void; onCancel: () => void }) => React.ReactNode;
  /** The platform's active subjects (issue 14), given by the page. */
  subjects?: SubjectOption[];
}) {
  const { t, i18n } = useTranslation("builder");
  const navigate = useNavigate();
  const editing = courseId !== null;
  const state = useCourseDraft();
  const { draft, dirty } = state;

  const course = useQuery({ ...builderCourseQueryOptions(courseId ?? ""), enabled: editing });
  const savedDraft = useQuery(draftQueryOptions(courseId));
  const saveDraft = useSaveDraft();
  const publish = usePublishCourse();
  // A publish waiting for the school confirmation (issue 24 §6); once confirmed, not asked again.
  const [schoolCheck, setSchoolCheck] = React.useState<{
    draft: CourseDraft;
    then: { landingPageId: string | null } | null;
  } | null>(null);
  const schoolChecked = React.useRef(false);
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
  const paymentWarningUsed = useOnceTrue(paymentWarning !== null);
  const needsContentUsed = useOnceTrue(needsContent.length > 0);
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
    if (field === "guaranteeDays") return t("validation.guaranteeInvalid");
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

  /** The server's refusal in the UI language; a lesson using someone else's file is named (issue 25 N4). */
  const serverMessage = (error: unknown, sent: CourseDraft) => {
    if (!(error instanceof ApiError) || error.status !== 400) return undefined;
    const lessons = lessonTitlesOf(error.issues, sent.outline);
    if (error.serverMessage === COURSE_MESSAGES.fileNotYours && lessons.length > 0)
      return t("builder:validation.fileNotYoursIn", {
        lessons: lessons.map((title) => `“${title}”`).join(", "),
      });
    return translateMessage(t, error.message);
  };

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
      onError: (error) =>
        toast.error(t("toast.saveFailed"), { description: serverMessage(error, checked.draft) }),
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
    if (renderSchoolCheck && !schoolChecked.current) {
      setPaymentWarning(null);
      setSchoolCheck({ draft: toPublish, then });
      return;
    }
    publishChecked(toPublish, then);
  };

  /** Publishes once the school is confirmed (see `publishNow`). */
  const publishChecked = (toPublish: CourseDraft, then: { landingPageId: string | null } | null) => {
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
      onError: (error) =>
        toast.error(t("toast.publishFailed"), { description: serverMessage(error, toPublish) }),
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
    return <BuilderLoadFailed title={title} error={course.error} onRetry={() => void course.refetch()} />;
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
        <DraftNotice
          time={formatDateTime(restoredAt, i18n.language)}
          discarding={discard.isPending}
          onDiscard={() => setConfirmDiscard(true)}
        />
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
          <BuilderTabsList materials={draft.materials.length} />
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

      {schoolCheck && renderSchoolCheck
        ? renderSchoolCheck({
            onProceed: () => {
              schoolChecked.current = true;
              setSchoolCheck(null);
              publishChecked(schoolCheck.draft, schoolCheck.then);
            },
            onCancel: () => setSchoolCheck(null),
          })
        : null}

      {paymentWarningUsed ? (
        <React.Suspense fallback={null}>
          <PaymentWarningDialog
            open={paymentWarning !== null}
            busy={publish.isPending}
            onClose={() => setPaymentWarning(null)}
            onPublishAnyway={() => paymentWarning && publishNow(paymentWarning.draft, null)}
            onSetUp={() =>
              paymentWarning &&
              publishNow(paymentWarning.draft, { landingPageId: paymentWarning.landingPageId })
            }
          />
        </React.Suspense>
      ) : null}

      {needsContentUsed ? (
        <React.Suspense fallback={null}>
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
        </React.Suspense>
      ) : null}

      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title={t("outline.confirmReplace.title")}
        body={t("outline.confirmReplace.body")}
        cancel={t("cancel")}
        confirm={t("outline.confirmReplace.confirm")}
        onConfirm={() => void generate()}
      />

      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t("draft.confirm.title")}
        body={editing ? t("draft.confirm.bodyEdit") : t("draft.confirm.bodyNew")}
        cancel={t("cancel")}
        confirm={t("draft.discard")}
        destructive
        onConfirm={onDiscard}
      />

      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title={t("leave.title")}
        body={t("leave.body")}
        cancel={t("leave.stay")}
        confirm={t("leave.leave")}
        destructive
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </div>
  );
}
