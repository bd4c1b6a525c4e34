import {
  DEFAULT_SEO_DATA,
  DEFAULT_STYLE_DATA,
  defaultSections,
  LANDING_LIMITS,
  type LandingPage,
  type LandingPageInput,
  type LandingSection,
  type LandingTemplate,
  landingSlug,
  pickAutoTemplate,
  type SeoData,
  type StyleData,
  shouldAutoSave,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { localizeApiMessage } from "@/lib/api-client";
import {
  connectableCoursesQueryOptions,
  landingPageQueryOptions,
  schoolStyleQueryOptions,
  templatesQueryOptions,
  useSaveLandingPage,
} from "../api/landing-pages";

/** The builder's editable page (spec 001 §3 landing_pages fields the builder owns). */
export interface BuilderPage {
  title: string;
  description: string;
  slug: string;
  courseId: string | null;
  templateId: string | null;
  sections: LandingSection[];
  styles: StyleData;
  seo: SeoData;
  isPublished: boolean;
  /** An admin took the page down (issue 24 §4): Publish is refused until a review is approved. */
  takenDown: boolean;
}

const EMPTY: BuilderPage = {
  title: "",
  description: "",
  slug: "",
  courseId: null,
  templateId: null,
  sections: [],
  styles: DEFAULT_STYLE_DATA,
  seo: DEFAULT_SEO_DATA,
  isPublished: false,
  takenDown: false,
};

function fromPage(page: LandingPage): BuilderPage {
  return {
    title: page.title,
    description: page.description,
    slug: page.slug,
    courseId: page.courseId,
    templateId: page.templateId,
    sections: page.contentData.sections as LandingSection[],
    styles: page.styleData,
    seo: page.seoData,
    isPublished: page.isPublished,
    takenDown: page.takenDown,
  };
}

/**
 * The save body; the slug falls back to the title's (spec 001 §5 auto-fill). `confirmSampleText`:
 * the creator chose to publish with template sample text (issue 24 §1; the server refuses otherwise).
 */
export function toInput(
  page: BuilderPage,
  isPublished: boolean,
  confirmSampleText = false,
): LandingPageInput {
  return {
    title: page.title,
    description: page.description,
    slug: page.slug || landingSlug(page.title),
    courseId: page.courseId,
    templateId: page.templateId,
    contentData: { sections: page.sections },
    styleData: page.styles,
    seoData: page.seo,
    isPublished,
    confirmSampleText,
  };
}

/**
 * The builder's state and actions (spec 001 §4 Builder mode, Auto-save; §5): loads the page (or
 * starts a new one, with ?course_id= connected and the starter template auto-applied), tracks
 * unsaved changes, saves (the first save of 'new' creates the record and moves to builder/{id}),
 * and auto-saves 30 s after the last change for an existing page with a title.
 */
export function useLandingBuilder(id: string | null, initialCourseId: string | null) {
  const { t, i18n } = useTranslation("landingPages");
  const navigate = useNavigate();
  const location = useLocation();
  const locale = i18n.language === "vi" ? "vi" : "en";
  const pageQuery = useQuery({ ...landingPageQueryOptions(id ?? "new"), enabled: id !== null });
  const templatesQuery = useQuery(templatesQueryOptions(locale));
  const coursesQuery = useQuery(connectableCoursesQueryOptions);
  const schoolStyleQuery = useQuery({ ...schoolStyleQueryOptions, enabled: id === null });
  const save = useSaveLandingPage();

  const [page, setPage] = React.useState<BuilderPage>(EMPTY);
  const [ready, setReady] = React.useState(id === null);
  const [dirty, setDirty] = React.useState(false);
  const dirtyRef = React.useRef(false);
  const [autoSaveState, setAutoSaveState] = React.useState<"idle" | "saving" | "saved" | "failed">("idle");
  const initialised = React.useRef(false);
  const [slugTouched, setSlugTouched] = React.useState(false);

  const markDirty = React.useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  }, []);

  // Existing page: load once.
  React.useEffect(() => {
    if (id === null || initialised.current) return;
    if (pageQuery.data) {
      initialised.current = true;
      setPage(fromPage(pageQuery.data));
      setSlugTouched(true);
      setReady(true);
    } else if (pageQuery.isError) {
      toast.error(t("toast.pageError"), { description: pageQuery.error.message });
    }
  }, [id, pageQuery.data, pageQuery.isError, pageQuery.error, t]);

  // New page: connect ?course_id= (prefilling title and description), then apply the starter template.
  React.useEffect(() => {
    if (id !== null || initialised.current) return;
    if (templatesQuery.isPending) return;
    if (schoolStyleQuery.isPending) return;
    if (initialCourseId && coursesQuery.isPending) return;
    initialised.current = true;
    // The page's language starts as the creator's (labels on the page follow it).
    let next: BuilderPage = {
      ...EMPTY,
      seo: { ...EMPTY.seo, language: locale === "vi" ? "vi-VN" : "en-US" },
    };
    if (initialCourseId) {
      const course = coursesQuery.data?.find((c) => c.id === initialCourseId);
      if (course) {
        next = {
          ...next,
          courseId: course.id,
          title: course.title,
          slug: landingSlug(course.title),
          description: course.description ?? "",
        };
      } else toast.error(t("toast.courseDetailsFailed"));
    }
    if (templatesQuery.isError) toast.error(t("toast.templatesError"));
    const template = pickAutoTemplate(templatesQuery.data ?? []);
    if (template) {
      next = applyTemplateTo(next, template);
      toast.success(t("toast.starterApplied"));
    } else next = { ...next, sections: defaultSections() };
    // The school's colours and font are the new page's defaults (issue 15).
    if (schoolStyleQuery.data) next = { ...next, styles: { ...next.styles, ...schoolStyleQuery.data } };
    setPage(next);
  }, [
    schoolStyleQuery.isPending,
    schoolStyleQuery.data,
    id,
    initialCourseId,
    locale,
    templatesQuery.isPending,
    templatesQuery.isError,
    templatesQuery.data,
    coursesQuery.isPending,
    coursesQuery.data,
    t,
  ]);

  React.useEffect(() => {
    if (coursesQuery.isError) toast.error(t("toast.coursesError"));
  }, [coursesQuery.isError, t]);

  const update = React.useCallback((patch: Partial<BuilderPage>) => {
    setPage((current) => ({ ...current, ...patch }));
    dirtyRef.current = true;
    setDirty(true);
  }, []);

  const setTitle = (title: string) => {
    update(slugTouched ? { title } : { title, slug: landingSlug(title) });
  };
  const setSlug = (slug: string) => {
    setSlugTouched(slug !== "");
    // The spec's rule as the creator types; a trailing space or hyphen stays until the next letter.
    const clean = landingSlug(slug);
    update({ slug: clean && /[\s-]$/.test(slug) ? `${clean}-` : clean });
  };

  const applyTemplate = (template: LandingTemplate) => {
    setPage((current) => applyTemplateTo(current, template));
    markDirty(true);
    toast.success(t("toast.templateApplied"));
  };

  const pageRef = React.useRef(page);
  pageRef.current = page;
  const saving = React.useRef(false);

  /** Saves; `publish` true publishes, false saves a draft (also auto-save). Resolves the saved page or null. */
  const saveNow = React.useCallback(
    async (
      publish: boolean,
      mode: "manual" | "auto" = "manual",
      confirmSampleText = false,
    ): Promise<LandingPage | null> => {
      // The shared schema the server checks too, with zod, loaded on the first save (issue 17 §14).
      const { landingPageInputSchema } = await import("@academy/shared/schemas/landing-pages");
      if (saving.current) return null;
      const input = toInput(
        { ...pageRef.current, slug: landingSlug(pageRef.current.slug) || pageRef.current.slug },
        publish,
        confirmSampleText,
      );
      const checked = landingPageInputSchema.safeParse(input);
      if (!checked.success) {
        const message = localizeApiMessage(checked.error.issues[0]?.message ?? "");
        if (mode === "auto") setAutoSaveState("failed");
        toast.error(mode === "auto" ? t("toast.autoSaveFailed") : t("toast.saveFailed"), {
          description: message,
        });
        return null;
      }
      saving.current = true;
      const snapshot = pageRef.current;
      if (mode === "auto") setAutoSaveState("saving");
      try {
        const saved = await save.mutateAsync({ id, input });
        // Keep edits made while saving: only clear "dirty" when nothing changed meanwhile.
        if (pageRef.current === snapshot) markDirty(false);
        setPage((current) => ({ ...current, slug: saved.slug, isPublished: saved.isPublished }));
        if (mode === "auto") {
          setAutoSaveState("saved");
          toast.success(t("toast.autoSaved"));
        } else toast.success(publish ? t("toast.published") : t("toast.saved"));
        if (id === null) {
          dirtyRef.current = false;
          // The same builder carries on at builder/{id} (the route keeps it mounted): the open tab
          // and anything typed while saving stay on screen.
          navigate(`/dashboard/landing-pages/builder/${saved.id}`, {
            replace: true,
            state: { builderKey: `new:${location.key}` },
          });
        }
        return saved;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (mode === "auto") {
          setAutoSaveState("failed");
          toast.error(t("toast.autoSaveFailed"), { description: message });
        } else toast.error(t("toast.error"), { description: message });
        return null;
      } finally {
        saving.current = false;
      }
    },
    [id, navigate, location.key, save, t, markDirty],
  );

  // Auto-save: 30 s after the last change, only for an existing draft page with a title (spec 001 §4; a live page waits for Publish, decision 0071).
  React.useEffect(() => {
    if (!shouldAutoSave({ id, title: page.title, dirty, isPublished: page.isPublished })) return;
    const timer = window.setTimeout(() => void saveNow(false, "auto"), LANDING_LIMITS.autoSaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [dirty, id, page, saveNow]);

  return {
    page,
    ready,
    loadFailed: id !== null && pageQuery.isError,
    dirty,
    dirtyRef,
    saving: save.isPending,
    autoSaveState,
    templates: templatesQuery.data ?? [],
    templatesLoading: templatesQuery.isPending,
    courses: coursesQuery.data ?? [],
    update,
    setTitle,
    setSlug,
    applyTemplate,
    saveNow,
  };
}

function applyTemplateTo(page: BuilderPage, template: LandingTemplate): BuilderPage {
  return {
    ...page,
    templateId: template.id,
    sections: template.sections.map((s) => ({
      ...s,
      id: `${s.id}-${Math.random().toString(36).slice(2, 8)}`,
    })) as LandingSection[],
    styles: { ...page.styles, ...template.styleData },
  };
}
