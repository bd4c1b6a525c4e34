import { FAQ_CATEGORIES, type FaqEntry, type FaqInput, HELP_AUDIENCES } from "@academy/shared";
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
import { useDeleteFaq, useSaveFaq } from "../api/help";

const EMPTY: FaqInput & { id?: string } = {
  audience: "all",
  category: "getting-started",
  questionEn: "",
  answerEn: "",
  questionVi: "",
  answerVi: "",
  sortOrder: 0,
};

/** Admins add, edit and delete FAQ entries in both languages (issue 14). */
export function FaqEditor({ editing, onDone }: { editing: FaqEntry | null; onDone: () => void }) {
  const { t } = useTranslation("help");
  const save = useSaveFaq();
  const remove = useDeleteFaq();
  const [form, setForm] = React.useState<FaqInput & { id?: string }>(editing ?? EMPTY);
  const [error, setError] = React.useState("");
  React.useEffect(() => setForm(editing ?? EMPTY), [editing]);
  const text = (key: "questionEn" | "answerEn" | "questionVi" | "answerVi") => ({
    id: `faq-${key}`,
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [key]: e.target.value }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{form.id ? t("faqAdmin.edit") : t("faqAdmin.add")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (![form.questionEn, form.answerEn, form.questionVi, form.answerVi].every((v) => v.trim()))
              return setError(t("required"));
            setError("");
            save.mutate(form, {
              onSuccess: () => {
                toast.success(t("faqAdmin.saved"));
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
              onChange={(e) => setForm({ ...form, audience: e.target.value as FaqInput["audience"] })}
            >
              {HELP_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t(`faqAdmin.audiences.${a}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label={t("faq.category")}
              value={form.category}
              onChange={(e) => setForm({ ...form, category: e.target.value as FaqInput["category"] })}
            >
              {FAQ_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`faq.categories.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Label htmlFor="faq-questionEn">{t("faqAdmin.questionEn")}</Label>
          <Input {...text("questionEn")} maxLength={300} />
          <Label htmlFor="faq-answerEn">{t("faqAdmin.answerEn")}</Label>
          <Textarea {...text("answerEn")} maxLength={5000} />
          <Label htmlFor="faq-questionVi">{t("faqAdmin.questionVi")}</Label>
          <Input {...text("questionVi")} maxLength={300} />
          <Label htmlFor="faq-answerVi">{t("faqAdmin.answerVi")}</Label>
          <Textarea {...text("answerVi")} maxLength={5000} />
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {t("faqAdmin.save")}
            </Button>
            {form.id ? (
              <>
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
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    const id = form.id;
                    if (id && window.confirm(t("faqAdmin.confirmDelete")))
                      remove.mutate(id, {
                        onSuccess: () => {
                          setForm(EMPTY);
                          onDone();
                        },
                      });
                  }}
                >
                  {t("faqAdmin.delete")}
                </Button>
              </>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
