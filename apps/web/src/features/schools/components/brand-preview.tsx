import type { SchoolBrandingInput } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const FONT_STACKS: Record<string, string> = {
  Inter: "Inter, system-ui, sans-serif",
  Arial: "Arial, Helvetica, sans-serif",
  Georgia: "Georgia, 'Times New Roman', serif",
};
const hex = (v: string | undefined, fallback: string) => (v && /^#[0-9a-fA-F]{6}$/.test(v) ? v : fallback);

/**
 * The live preview of Branding & Domains (issue 15): the school page's header, a course card and
 * an e-mail header, drawn with the form's current name, logo, colours and font as they are typed.
 */
export function BrandPreview({ values }: { values: Partial<SchoolBrandingInput> }) {
  const { t } = useTranslation("schools");
  const primary = hex(values.primaryColor, "#1A237E");
  const accent = hex(values.accentColor, "#00C7B1");
  const font = FONT_STACKS[values.font ?? "Inter"] ?? FONT_STACKS.Inter;
  const name = values.name?.trim() || t("preview.placeholderName");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("preview.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="brand-preview">
        <div className="overflow-hidden rounded-lg border" style={{ fontFamily: font }}>
          <div className="flex items-center gap-2 px-3 py-3 text-white" style={{ background: primary }}>
            {values.logoUrl ? (
              <img src={values.logoUrl} alt="" className="size-8 rounded bg-white object-contain" />
            ) : null}
            <span className="min-w-0 truncate font-bold">{name}</span>
          </div>
          <div className="px-3 pt-3 pb-1 text-white" style={{ background: primary }}>
            <p className="line-clamp-2 text-sm opacity-90">
              {values.description?.trim() || t("preview.placeholderAbout")}
            </p>
          </div>
          <div className="grid gap-2 bg-muted/40 p-3">
            <div className="rounded-md border bg-background p-3">
              <div className="mb-2 aspect-video rounded" style={{ background: `${primary}22` }} />
              <p className="text-sm font-semibold">{t("preview.sampleCourse")}</p>
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="text-sm font-bold" style={{ color: primary }}>
                  {t("preview.samplePrice")}
                </span>
                <span
                  className="rounded px-2 py-1 text-xs font-semibold text-white"
                  style={{ background: accent }}
                >
                  {t("preview.enrol")}
                </span>
              </div>
            </div>
          </div>
        </div>
        <div className="rounded-lg border bg-slate-100 p-3" style={{ fontFamily: "Arial, sans-serif" }}>
          <p className="mb-2 text-xs text-muted-foreground">{t("preview.email")}</p>
          <div className="flex items-center gap-2 font-bold" style={{ color: primary }}>
            {values.logoUrl ? <img src={values.logoUrl} alt="" className="size-6 object-contain" /> : null}
            <span className="min-w-0 truncate">{name}</span>
          </div>
          <div className="mt-2 rounded bg-white p-3 text-xs">
            <span
              className="inline-block rounded px-3 py-1.5 font-semibold text-white"
              style={{ background: primary }}
            >
              {t("preview.emailButton")}
            </span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
