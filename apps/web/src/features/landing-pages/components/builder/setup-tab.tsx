import type { LandingTemplate } from "@academy/shared";
import { CheckIcon, CopyIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { BuilderPage } from "../../hooks/use-landing-builder";
import { copyText } from "../../lib/share";

const NO_COURSE = "none";

/** Setup tab (spec 001 §2): title, slug with the full URL and copy, description, course, template. */
export function SetupTab({
  page,
  courses,
  templates,
  templatesLoading,
  onTitle,
  onSlug,
  update,
  onTemplate,
}: {
  page: BuilderPage;
  courses: { id: string; title: string; isPublished: boolean }[];
  templates: LandingTemplate[];
  templatesLoading: boolean;
  onTitle: (title: string) => void;
  onSlug: (slug: string) => void;
  update: (patch: Partial<BuilderPage>) => void;
  onTemplate: (template: LandingTemplate) => void;
}) {
  const { t } = useTranslation("landingPages");
  const fullUrl = `${window.location.origin}/lp/${page.slug}`;
  return (
    // min-w-0: a long course title or URL never widens the tab past a phone screen (issue 17 item 5).
    <div className="grid min-w-0 gap-5 [&>*]:min-w-0">
      <div className="grid min-w-0 gap-2 [&>*]:min-w-0">
        <Label htmlFor="lp-title">{t("setup.pageTitle")}</Label>
        <Input
          id="lp-title"
          value={page.title}
          maxLength={200}
          placeholder={t("setup.pageTitlePlaceholder")}
          onChange={(e) => onTitle(e.target.value)}
        />
      </div>
      <div className="grid min-w-0 gap-2 [&>*]:min-w-0">
        <Label htmlFor="lp-slug">{t("setup.slug")}</Label>
        <Input
          id="lp-slug"
          value={page.slug}
          maxLength={100}
          onChange={(e) => onSlug(e.target.value)}
          aria-describedby="lp-slug-help"
        />
        <p id="lp-slug-help" className="text-xs text-muted-foreground">
          {t("setup.slugHelp")}
        </p>
        <div className="flex min-w-0 items-center gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm">
          <span className="shrink-0 text-muted-foreground">{t("setup.fullUrl")}:</span>
          <code className="min-w-0 flex-1 truncate" data-testid="full-url">
            {fullUrl}
          </code>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={t("setup.copyUrl")}
            disabled={!page.slug}
            onClick={async () => {
              if (await copyText(fullUrl)) toast.success(t("toast.urlCopied"));
              else toast.error(t("toast.copyFailed"));
            }}
          >
            <CopyIcon aria-hidden />
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-2 [&>*]:min-w-0">
        <Label htmlFor="lp-description">{t("setup.description")}</Label>
        <Textarea
          id="lp-description"
          rows={3}
          maxLength={2000}
          value={page.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </div>
      <div className="grid min-w-0 gap-2 [&>*]:min-w-0">
        <Label htmlFor="lp-course">{t("setup.course")}</Label>
        <Select
          value={page.courseId ?? NO_COURSE}
          onValueChange={(value) => update({ courseId: value === NO_COURSE ? null : value })}
        >
          <SelectTrigger id="lp-course" className="min-w-0 [&>span]:truncate">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_COURSE}>{t("setup.noCourse")}</SelectItem>
            {courses.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.isPublished ? c.title : t("setup.unpublishedCourse", { title: c.title })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">{t("setup.courseHelp")}</p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t("setup.template")}</legend>
        <p className="text-xs text-muted-foreground">{t("setup.templateHelp")}</p>
        {!templatesLoading && templates.length === 0 ? (
          <p className="text-sm">{t("setup.noTemplates")}</p>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {templates.map((template) => {
            const current = page.templateId === template.id;
            return (
              <li
                key={template.id}
                className="flex flex-col rounded-lg border border-border p-3"
                data-testid="template-card"
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-medium">{template.name}</h3>
                  {current ? (
                    <Badge variant="secondary">
                      <CheckIcon className="mr-1 size-3" aria-hidden />
                      {t("setup.current")}
                    </Badge>
                  ) : null}
                </div>
                <p className="mt-1 flex-1 text-xs text-muted-foreground">{template.description}</p>
                <div className="mt-2 flex gap-1" aria-hidden>
                  <span
                    className="size-4 rounded-full border"
                    style={{ background: template.styleData.primaryColor }}
                  />
                  <span
                    className="size-4 rounded-full border"
                    style={{ background: template.styleData.secondaryColor }}
                  />
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="mt-3"
                  onClick={() => onTemplate(template)}
                >
                  {t("setup.useTemplate")}
                </Button>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
