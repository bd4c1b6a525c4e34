import {
  FAQ_CATEGORIES,
  type FaqEntry,
  type FaqInput,
  type Guide,
  type GuideInput,
  HELP_AUDIENCES,
} from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormCard } from "@/components/form/form-card";
import { FormError } from "@/components/form/form-error";
import { OptionsSelect } from "@/components/form/options-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorText } from "@/lib/utils";
import { useDeleteFaq, useSaveFaq, useSaveGuide } from "../api/help";

type FaqForm = FaqInput & { id?: string };
type GuideForm = {
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

const EMPTY_FAQ: FaqForm = {
  audience: "all",
  category: "getting-started",
  questionEn: "",
  answerEn: "",
  questionVi: "",
  answerVi: "",
  sortOrder: 0,
};

const EMPTY_GUIDE: GuideForm = {
  slug: "",
  audience: "all",
  titleEn: "",
  bodyEn: "",
  titleVi: "",
  bodyVi: "",
  sortOrder: 0,
  isPublished: false,
};

/** The four bilingual texts of each kind, in the order shown; all four are required. */
const TEXTS = {
  faq: [
    { key: "questionEn", multiline: false, maxLength: 300 },
    { key: "answerEn", multiline: true, maxLength: 5000 },
    { key: "questionVi", multiline: false, maxLength: 300 },
    { key: "answerVi", multiline: true, maxLength: 5000 },
  ],
  guide: [
    { key: "titleEn", multiline: false, maxLength: 200 },
    { key: "bodyEn", multiline: true, maxLength: 20000 },
    { key: "titleVi", multiline: false, maxLength: 200 },
    { key: "bodyVi", multiline: true, maxLength: 20000 },
  ],
} as const;

type Props =
  | { kind: "faq"; editing: FaqEntry | null; onDone: () => void }
  | { kind: "guide"; editing: Guide | null; onDone: () => void };

const formOf = (p: Props): FaqForm | GuideForm =>
  p.kind === "faq" ? (p.editing ?? EMPTY_FAQ) : p.editing ? { ...p.editing } : EMPTY_GUIDE;

/**
 * Admins add and edit an FAQ entry or a guide in both languages (issue 14 FAQ and Guides); FAQ
 * entries can be deleted here, a guide is saved as a draft or published (its markdown is cleaned by
 * the server, which also checks the role and validates with `faqInputSchema` / `guideInputSchema`).
 */
export function HelpEditor(props: Props) {
  const { kind, editing, onDone } = props;
  const { t } = useTranslation("help");
  const saveFaq = useSaveFaq();
  const saveGuide = useSaveGuide();
  const remove = useDeleteFaq();
  const save = kind === "faq" ? saveFaq : saveGuide;
  const empty = kind === "faq" ? EMPTY_FAQ : EMPTY_GUIDE;
  const [form, setForm] = React.useState<FaqForm | GuideForm>(() => formOf(props));
  const [error, setError] = React.useState("");
  const card = React.useRef<HTMLDivElement>(null);
  const admin = kind === "faq" ? "faqAdmin" : "guideAdmin";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when another entry is picked
  React.useEffect(() => {
    setForm(formOf(props));
    if (kind === "faq") return;
    setError("");
    // On a phone the guide editor sits above the list: bring it into view when a guide is picked.
    if (editing) card.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [editing]);
  const set = (patch: Partial<FaqForm> | Partial<GuideForm>) => setForm({ ...form, ...patch } as typeof form);
  const value = (key: string) => (form as unknown as Record<string, string>)[key];
  const close = () => {
    setForm(empty);
    onDone();
  };
  const guide = form as GuideForm;
  return (
    <FormCard
      title={form.id ? t(`${admin}.edit`) : t(`${admin}.add`)}
      data-testid={kind === "guide" ? "guide-editor" : undefined}
      ref={kind === "guide" ? card : undefined}
    >
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!TEXTS[kind].every(({ key }) => value(key).trim())) return setError(t("required"));
          setError("");
          const done = {
            onSuccess: () => {
              toast.success(t(`${admin}.saved`));
              close();
            },
            onError: (err: unknown) => setError(errorText(err)),
          };
          if (kind === "faq") saveFaq.mutate(form as FaqForm, done);
          else saveGuide.mutate(guide, done);
        }}
      >
        <div className="grid grid-cols-2 gap-2">
          <OptionsSelect
            aria-label={t("faqAdmin.audience")}
            value={form.audience}
            onChange={(e) => set({ audience: e.target.value as GuideForm["audience"] })}
            options={HELP_AUDIENCES}
            labelOf={(a) => t(`faqAdmin.audiences.${a}`)}
          />
          {kind === "faq" ? (
            <OptionsSelect
              aria-label={t("faq.category")}
              value={(form as FaqForm).category}
              onChange={(e) => set({ category: e.target.value as FaqInput["category"] })}
              options={FAQ_CATEGORIES}
              labelOf={(c) => t(`faq.categories.${c}`)}
            />
          ) : (
            <Input
              type="number"
              min={0}
              max={10000}
              aria-label={t("guideAdmin.order")}
              placeholder={t("guideAdmin.order")}
              value={form.sortOrder}
              onChange={(e) => set({ sortOrder: Math.max(0, Number(e.target.value) || 0) })}
            />
          )}
        </div>
        {TEXTS[kind].map(({ key, multiline, maxLength }) => {
          const field = {
            id: `${kind}-${key}`,
            value: value(key),
            maxLength,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              set({ [key]: e.target.value }),
          };
          return (
            <React.Fragment key={key}>
              <Label htmlFor={field.id}>{t(`${admin}.${key}`)}</Label>
              {!multiline ? (
                <Input {...field} />
              ) : kind === "guide" ? (
                <Textarea {...field} rows={6} className="font-mono text-xs" />
              ) : (
                <Textarea {...field} />
              )}
            </React.Fragment>
          );
        })}
        {kind === "guide" ? (
          <>
            <Label htmlFor="guide-slug">{t("guideAdmin.slug")}</Label>
            <Input
              id="guide-slug"
              value={guide.slug}
              onChange={(e) => set({ slug: e.target.value })}
              maxLength={80}
              placeholder={t("guideAdmin.slugHint")}
            />
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={guide.isPublished}
                onChange={(e) => set({ isPublished: e.target.checked })}
              />
              {t("guideAdmin.publishNow")}
            </label>
            <p className="text-xs text-muted-foreground">{t("guideAdmin.markdownHint")}</p>
          </>
        ) : null}
        <FormError message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t(`${admin}.save`)}
          </Button>
          {form.id ? (
            <Button type="button" variant="outline" onClick={close}>
              {t("close")}
            </Button>
          ) : null}
          {form.id && kind === "faq" ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                const id = form.id;
                if (id && window.confirm(t("faqAdmin.confirmDelete")))
                  remove.mutate(id, { onSuccess: close });
              }}
            >
              {t("faqAdmin.delete")}
            </Button>
          ) : null}
        </div>
      </form>
    </FormCard>
  );
}
