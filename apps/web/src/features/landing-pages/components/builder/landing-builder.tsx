import { type LandingSection, landingSlug, sectionsWithSampleText } from "@academy/shared";
import { formatPrice } from "@academy/shared/render/price";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, ExternalLinkIcon, RocketIcon, SaveIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { AskForReview } from "@/components/ask-review";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  landingQrUrl,
  landingUrl,
  paymentMethodsQueryOptions,
  previewContextQueryOptions,
  templatesQueryOptions,
} from "../../api/landing-pages";
import { useLandingBuilder } from "../../hooks/use-landing-builder";
import { useLeaveGuard } from "../../hooks/use-leave-guard";
import {
  type EditableMethod,
  toEditable,
  usePaymentMethodsEditor,
} from "../../hooks/use-payment-methods-editor";
import { SetupTab } from "./setup-tab";
import { MobileTab, StylesTab } from "./styles-tab";

/**
 * The live preview (with the renderer and its zod-based section checks) loads after the builder,
 * at once; the Sections editor (with drag and drop), the Payment tabs and the SEO tab when opened
 * (issue 17 §14).
 */
const loadPreviewPane = () => import("./preview-pane");
const PreviewPane = React.lazy(() => loadPreviewPane().then((module) => ({ default: module.PreviewPane })));
const SectionsEditor = React.lazy(() =>
  import("./sections-editor").then((module) => ({ default: module.SectionsEditor })),
);
const PaymentMethodsTab = React.lazy(() =>
  import("./payment-tab").then((module) => ({ default: module.PaymentMethodsTab })),
);
const SeoTab = React.lazy(() => import("./seo-tab").then((module) => ({ default: module.SeoTab })));

/** A lazily loaded tab's content, with a placeholder while its code downloads. */
function LazyTab({ children }: { children: React.ReactNode }) {
  return <React.Suspense fallback={<Skeleton className="h-64 w-full" />}>{children}</React.Suspense>;
}

/**
 * The landing-page builder (spec 001 §2 Landing page builder, §4, §5): tabs Setup, Design
 * (Sections, Styles, Mobile), Payment (the payment methods; the price comes from the course — the
 * unstored currency / payment-flow panel is gone, ux N5), Settings (SEO); the live preview;
 * Back, Preview, Save Draft and Publish; auto-save; a warning before leaving with unsaved changes.
 */
export function LandingBuilder({
  id,
  initialCourseId,
  initialTab = null,
}: {
  id: string | null;
  initialCourseId: string | null;
  /** The tab to open first ("setup", "design", "payment", "settings"); others open Setup. */
  initialTab?: string | null;
}) {
  const { t, i18n } = useTranslation("landingPages");
  const { t: tj } = useTranslation("journeys");
  const { t: ta } = useTranslation("admin");
  const navigate = useNavigate();
  const b = useLandingBuilder(id, initialCourseId);
  const [tab, setTab] = React.useState(() =>
    initialTab && ["setup", "design", "payment", "settings"].includes(initialTab) ? initialTab : "setup",
  );
  const [qrOpen, setQrOpen] = React.useState(false);
  // The preview's code downloads while the page's data loads; the save validators after that.
  React.useEffect(() => {
    void loadPreviewPane()
      .then(() => import("@academy/shared/schemas/landing-pages"))
      .catch(() => undefined);
  }, []);
  const methodsQuery = useQuery({ ...paymentMethodsQueryOptions(id ?? "new"), enabled: id !== null });
  const [methods, setMethods] = React.useState<EditableMethod[]>([]);
  React.useEffect(() => {
    if (methodsQuery.data) setMethods(toEditable(methodsQuery.data));
  }, [methodsQuery.data]);
  React.useEffect(() => {
    if (methodsQuery.isError) toast.error(t("toast.paymentsLoadError"));
  }, [methodsQuery.isError, t]);
  const paymentEditor = usePaymentMethodsEditor(id, methods, setMethods);
  /** Save Draft and Publish save what is on screen: the payment methods first (issue 17 item 4). */
  const saveAll = async (publish: boolean, confirmSampleText = false) => {
    if (!(await paymentEditor.flush())) return;
    await b.saveNow(publish, "manual", confirmSampleText);
  };
  const context = useQuery(previewContextQueryOptions(b.page.courseId));
  const blocker = useLeaveGuard(b.dirty, b.dirtyRef);
  // Template sample text in either language (issue 17 item 3): Publish asks before it goes live.
  const enTemplates = useQuery(templatesQueryOptions("en"));
  const viTemplates = useQuery(templatesQueryOptions("vi"));
  const [sampleSections, setSampleSections] = React.useState<LandingSection[]>([]);
  const templateSections = React.useMemo(
    () =>
      [...(enTemplates.data ?? []), ...(viTemplates.data ?? [])].flatMap(
        (template) => template.sections as LandingSection[],
      ),
    [enTemplates.data, viTemplates.data],
  );
  // Sections still holding template sample text are flagged in the editor (issue 24 §1).
  const sampleIds = React.useMemo(
    () => new Set(sectionsWithSampleText(b.page.sections, templateSections).map((section) => section.id)),
    [b.page.sections, templateSections],
  );
  const publish = (confirmed: boolean) => {
    if (!confirmed) {
      const samples = sectionsWithSampleText(b.page.sections, templateSections);
      if (samples.length > 0) {
        setSampleSections(samples);
        return;
      }
    }
    setSampleSections([]);
    void saveAll(true, confirmed);
  };

  if (b.loadFailed)
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border p-6">
        <p>{t("builder.notFound")}</p>
        <Button asChild variant="outline">
          <Link to="/dashboard/landing-pages">{t("builder.backToList")}</Link>
        </Button>
      </div>
    );
  if (!b.ready)
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">{t("builder.loading")}</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );

  const { page } = b;
  const canPublish = page.title.trim() !== "" && (page.slug || landingSlug(page.title)) !== "";
  const course = context.data?.course ?? null;
  const openPreview = () => {
    if (!page.slug) {
      toast.error(t("toast.missingSlug"));
      return;
    }
    window.open(landingUrl(page.slug, page.isPublished), "_blank", "noopener");
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <PageTitle>{page.title || t(id ? "builder.titleEdit" : "builder.titleNew")}</PageTitle>
      <header className="sticky top-0 z-20 -mx-3 flex flex-wrap items-center gap-2 border-b border-border bg-background/95 px-3 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button variant="ghost" size="sm" onClick={() => navigate("/dashboard/landing-pages")}>
          <ArrowLeftIcon aria-hidden />
          {t("builder.back")}
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold">
            {page.title || t(id ? "builder.titleEdit" : "builder.titleNew")}
          </h1>
          <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="save-state">
            <Badge variant="secondary" className="mr-2">
              {page.isPublished ? t("list.live") : page.takenDown ? ta("reports.takenDown") : t("list.draft")}
            </Badge>
            {b.saving
              ? t("builder.saving")
              : b.dirty
                ? page.isPublished
                  ? t("builder.unsavedLive")
                  : t("builder.unsaved")
                : id
                  ? t("builder.allSaved")
                  : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={openPreview}>
            <ExternalLinkIcon aria-hidden />
            {t("builder.preview")}
          </Button>
          <Button variant="outline" size="sm" disabled={b.saving} onClick={() => void saveAll(false)}>
            <SaveIcon aria-hidden />
            {t("builder.saveDraft")}
          </Button>
          {page.takenDown && id ? (
            <AskForReview targetType="landing_page" targetId={id} />
          ) : (
            <Button
              size="sm"
              disabled={!canPublish || b.saving}
              title={canPublish ? undefined : t("builder.publishHint")}
              onClick={() => publish(false)}
            >
              <RocketIcon aria-hidden />
              {t("builder.publish")}
            </Button>
          )}
        </div>
      </header>
      {page.takenDown ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="taken-down"
        >
          {ta("takedown.banner")}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList className="grid h-auto w-full grid-cols-4">
            <TabsTrigger value="setup">{t("builder.tabs.setup")}</TabsTrigger>
            <TabsTrigger value="design">{t("builder.tabs.design")}</TabsTrigger>
            <TabsTrigger value="payment">{t("builder.tabs.payment")}</TabsTrigger>
            <TabsTrigger value="settings">{t("builder.tabs.settings")}</TabsTrigger>
          </TabsList>
          <TabsContent value="setup">
            <SetupTab
              page={page}
              courses={b.courses}
              templates={b.templates}
              templatesLoading={b.templatesLoading}
              onTitle={b.setTitle}
              onSlug={b.setSlug}
              update={b.update}
              onTemplate={(template) => {
                b.applyTemplate(template);
                setTab("design");
              }}
            />
          </TabsContent>
          <TabsContent value="design">
            <Tabs defaultValue="sections">
              <TabsList className="grid w-full grid-cols-3">
                <TabsTrigger value="sections">{t("builder.designTabs.sections")}</TabsTrigger>
                <TabsTrigger value="styles">{t("builder.designTabs.styles")}</TabsTrigger>
                <TabsTrigger value="mobile">{t("builder.designTabs.mobile")}</TabsTrigger>
              </TabsList>
              <TabsContent value="sections">
                <LazyTab>
                  <SectionsEditor
                    sections={page.sections}
                    sampleIds={sampleIds}
                    courseId={page.courseId}
                    onChange={(sections) => b.update({ sections })}
                  />
                </LazyTab>
              </TabsContent>
              <TabsContent value="styles">
                <StylesTab styles={page.styles} onChange={(styles) => b.update({ styles })} />
              </TabsContent>
              <TabsContent value="mobile">
                <MobileTab styles={page.styles} onChange={(styles) => b.update({ styles })} />
              </TabsContent>
            </Tabs>
          </TabsContent>
          <TabsContent value="payment">
            <LazyTab>
              <PaymentMethodsTab
                pageId={id}
                editor={paymentEditor}
                course={course ? { price: course.price, currency: course.currency } : null}
                priceLabel={
                  course
                    ? formatPrice(course.price, course.currency, i18n.language === "vi" ? "vi" : "en")
                    : null
                }
                onCreatePage={() => void b.saveNow(false)}
                creatingPage={b.saving}
              />
            </LazyTab>
          </TabsContent>
          <TabsContent value="settings">
            <LazyTab>
              <SeoTab
                seo={page.seo}
                onChange={(seo) => b.update({ seo })}
                structuredInput={{
                  name: course?.title ?? page.title,
                  description: course?.description || page.seo.metaDescription || page.description,
                  url: `${window.location.origin}/lp/${page.slug}`,
                  providerName: context.data?.instructor.fullName ?? "Academy",
                  price: course?.price ?? 0,
                  currency: course?.currency ?? "VND",
                }}
              />
            </LazyTab>
          </TabsContent>
        </Tabs>
        <div className="min-w-0 xl:sticky xl:top-24 xl:self-start">
          <React.Suspense fallback={<Skeleton className="h-[480px] w-full" />}>
            <PreviewPane
              page={page}
              methods={methods}
              onShowQr={page.isPublished && id ? () => setQrOpen(true) : undefined}
            />
          </React.Suspense>
        </div>
      </div>

      <Dialog open={qrOpen} onOpenChange={setQrOpen}>
        <DialogContent className="max-w-sm" closeLabel={t("list.close")}>
          <DialogHeader>
            <DialogTitle>{t("list.qrTitle")}</DialogTitle>
            <DialogDescription>{t("list.qrDescription", { title: page.title })}</DialogDescription>
          </DialogHeader>
          {id ? (
            <div className="grid justify-items-center gap-3">
              <img
                src={landingQrUrl(id)}
                alt={t("list.qrTitle")}
                width={240}
                height={240}
                className="rounded-md border"
              />
              <p className="break-all text-center text-sm text-muted-foreground">{landingUrl(page.slug)}</p>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={sampleSections.length > 0} onOpenChange={(open) => !open && setSampleSections([])}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{tj("sampleText.title")}</AlertDialogTitle>
            <AlertDialogDescription>
              {tj("sampleText.body", { count: sampleSections.length })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="grid gap-1 text-sm" data-testid="sample-text-sections">
            {sampleSections.map((section) => (
              <li key={section.id} className="rounded-md bg-muted px-3 py-2">
                <span className="font-medium">{section.title || t(`sections.types.${section.type}`)}</span>
                <span className="text-muted-foreground"> · {tj(`sampleText.type.${section.type}`)}</span>
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel
              onClick={() => {
                setTab("design");
              }}
            >
              {tj("sampleText.edit")}
            </AlertDialogCancel>
            <AlertDialogAction onClick={() => publish(true)}>
              {tj("sampleText.publishAnyway")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={blocker.state === "blocked"}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("builder.leaveTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("builder.leaveText")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>{t("builder.stay")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>{t("builder.leave")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
