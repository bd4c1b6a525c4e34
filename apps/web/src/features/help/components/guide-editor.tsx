import { type Guide, type GuideInput, HELP_AUDIENCES } from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormError } from "@/components/form/form-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useSaveGuide } from "../api/help";

type Form = {
  id?: string;
  slug: string;
  audience: NonNullable<GuideInput["audience"]>;
  titleEn: string;
  bodyEn: string;
  titleVi: string;
  bodyVi: string;
  sortOrder: number;
  isPublished: boolean;
};

const EMPTY: Form = {
  slug: "",
  audience: "all",
  titleEn: "",
  bodyEn: "",
  titleVi: "",
  bodyVi: "",
  sortOrder: 0,
  isPublished: false,
};

const formOf = (g: Guide | null): Form => (g ? { ...g } : EMPTY);

/**
 * Admins write a guide in both languages (markdown) and save it as a draft or published (issue 14
 * Guides). The server checks the role, validates with `guideInputSchema` and cleans the markdown.
 */
export function GuideEditor({ editing, onDone }: { editing: Guide | null; onDone: () => void }) {
  const { t } = useTranslation("help");
  const save = useSaveGuide();
  const [form, setForm] = React.useState<Form>(formOf(editing));
  const [error, setError] = React.useState("");
  const card = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    setForm(formOf(editing));
    setError("");
    // On a phone the editor sits above the list: bring it into view when a guide is picked.
    if (editing) card.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [editing]);
  const text = (key: "titleEn" | "bodyEn" | "titleVi" | "bodyVi" | "slug") => ({
    id: `guide-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [key]: e.target.value }),
  });
  return (
    <Card data-testid="guide-editor" ref={card}>
      <CardHeader>
        <CardTitle className="text-lg">{form.id ? t("guideAdmin.edit") : t("guideAdmin.add")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (![form.titleEn, form.bodyEn, form.titleVi, form.bodyVi].every((v) => v.trim()))
              return setError(t("required"));
            setError("");
            save.mutate(form, {
              onSuccess: () => {
                toast.success(t("guideAdmin.saved"));
                setForm(EMPTY);
                onDone();
              },
              onError: (err) => setError(err instanceof Error ? err.message : String(err)),
            });
          }}
        >
          <div className="grid grid-cols-2 gap-2">
            <NativeSelect
              aria-label={t("faqAdmin.audience")}
              value={form.audience}
              onChange={(e) => setForm({ ...form, audience: e.target.value as Form["audience"] })}
            >
              {HELP_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t(`faqAdmin.audiences.${a}`)}
                </option>
              ))}
            </NativeSelect>
            <Input
              type="number"
              min={0}
              max={10000}
              aria-label={t("guideAdmin.order")}
              placeholder={t("guideAdmin.order")}
              value={form.sortOrder}
              onChange={(e) => setForm({ ...form, sortOrder: Math.max(0, Number(e.target.value) || 0) })}
            />
          </div>
          <Label htmlFor="guide-titleEn">{t("guideAdmin.titleEn")}</Label>
          <Input {...text("titleEn")} maxLength={200} />
          <Label htmlFor="guide-bodyEn">{t("guideAdmin.bodyEn")}</Label>
          <Textarea {...text("bodyEn")} maxLength={20000} rows={6} className="font-mono text-xs" />
          <Label htmlFor="guide-titleVi">{t("guideAdmin.titleVi")}</Label>
          <Input {...text("titleVi")} maxLength={200} />
          <Label htmlFor="guide-bodyVi">{t("guideAdmin.bodyVi")}</Label>
          <Textarea {...text("bodyVi")} maxLength={20000} rows={6} className="font-mono text-xs" />
          <Label htmlFor="guide-slug">{t("guideAdmin.slug")}</Label>
          <Input {...text("slug")} maxLength={80} placeholder={t("guideAdmin.slugHint")} />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={form.isPublished}
              onChange={(e) => setForm({ ...form, isPublished: e.target.checked })}
            />
            {t("guideAdmin.publishNow")}
          </label>
          <p className="text-xs text-muted-foreground">{t("guideAdmin.markdownHint")}</p>
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {t("guideAdmin.save")}
            </Button>
            {form.id ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setForm(EMPTY);
                  onDone();
                }}
              >
                {t("close")}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
