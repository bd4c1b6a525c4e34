import { type LandingSection, parseFeatures, zaloLink } from "@academy/shared";
import { PlusIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ImageField } from "./image-field";

type Content = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const items = (v: unknown): Record<string, string>[] =>
  Array.isArray(v)
    ? v.filter((x) => typeof x === "object" && x !== null).map((x) => x as Record<string, string>)
    : [];

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Features one per line; blank lines dropped when stored (spec 001 §5). Keeps the typed text while editing. */
function FeaturesField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange: (features: string[]) => void;
}) {
  const { t } = useTranslation("landingPages");
  const joined = Array.isArray(value) ? value.map(str).join("\n") : str(value);
  const [text, setText] = React.useState(joined);
  React.useEffect(() => {
    setText((current) => (parseFeatures(current).join("\n") === joined ? current : joined));
  }, [joined]);
  return (
    <Field id={id} label={t("sections.features")}>
      <Textarea
        id={id}
        rows={5}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseFeatures(e.target.value));
        }}
      />
    </Field>
  );
}

function ListEditor({
  id,
  value,
  fields,
  addLabel,
  onChange,
}: {
  id: string;
  value: unknown;
  fields: { name: string; label: string; multiline?: boolean }[];
  addLabel: string;
  onChange: (next: Record<string, string>[]) => void;
}) {
  const { t } = useTranslation("landingPages");
  const list = items(value);
  return (
    <div className="grid gap-3">
      {list.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; order is their identity
        <div key={index} className="grid gap-2 rounded-md border border-border p-3">
          {fields.map((f) =>
            f.multiline ? (
              <Field key={f.name} id={`${id}-${index}-${f.name}`} label={f.label}>
                <Textarea
                  id={`${id}-${index}-${f.name}`}
                  rows={2}
                  value={item[f.name] ?? ""}
                  onChange={(e) =>
                    onChange(list.map((it, i) => (i === index ? { ...it, [f.name]: e.target.value } : it)))
                  }
                />
              </Field>
            ) : (
              <Field key={f.name} id={`${id}-${index}-${f.name}`} label={f.label}>
                <Input
                  id={`${id}-${index}-${f.name}`}
                  value={item[f.name] ?? ""}
                  onChange={(e) =>
                    onChange(list.map((it, i) => (i === index ? { ...it, [f.name]: e.target.value } : it)))
                  }
                />
              </Field>
            ),
          )}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="justify-self-end"
            onClick={() => onChange(list.filter((_, i) => i !== index))}
          >
            <Trash2Icon aria-hidden />
            {t("sections.remove")}
          </Button>
        </div>
      ))}
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() => onChange([...list, {}])}
      >
        <PlusIcon aria-hidden />
        {addLabel}
      </Button>
    </div>
  );
}

/**
 * The editor of one section's content, by type (spec 001 §3 Section): hero, features, testimonials,
 * pricing / pricing_vn, faq, cta, contact_zalo; curriculum and instructor come from the course and
 * the profile; unknown types say they are unsupported.
 */
export function SectionFields({
  section,
  onContent,
  lessonCount,
  hasCourse,
  instructorName,
  coursePrice = null,
}: {
  section: LandingSection;
  onContent: (content: Content) => void;
  lessonCount: number;
  hasCourse: boolean;
  instructorName: string;
  /** The connected course's price as shown ("Free", "199.000 ₫"); null without a course. */
  coursePrice?: string | null;
}) {
  const { t } = useTranslation("landingPages");
  const { t: tj } = useTranslation("journeys");
  const c = section.content;
  const id = `sec-${section.id}`;
  const set = (patch: Content) => onContent({ ...c, ...patch });
  const text = (name: string, label: string, multiline = false) =>
    multiline ? (
      <Field id={`${id}-${name}`} label={label}>
        <Textarea
          id={`${id}-${name}`}
          rows={3}
          value={str(c[name])}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      </Field>
    ) : (
      <Field id={`${id}-${name}`} label={label}>
        <Input id={`${id}-${name}`} value={str(c[name])} onChange={(e) => set({ [name]: e.target.value })} />
      </Field>
    );
  const money = (name: string, label: string) => (
    <Field id={`${id}-${name}`} label={label}>
      <Input
        id={`${id}-${name}`}
        type="number"
        inputMode="numeric"
        min={0}
        value={str(c[name])}
        onChange={(e) => set({ [name]: e.target.value === "" ? 0 : Number(e.target.value) })}
      />
    </Field>
  );

  switch (section.type) {
    case "hero":
      return (
        <div className="grid gap-3">
          {text("headline", t("sections.headline"))}
          {text("subheadline", t("sections.subheadline"), true)}
          {text("ctaText", t("sections.ctaText"))}
          <ImageField
            id={`${id}-image`}
            label={t("sections.image")}
            value={str(c.image)}
            onChange={(url) => set({ image: url })}
          />
        </div>
      );
    case "features":
      return (
        <FeaturesField id={`${id}-features`} value={c.features} onChange={(features) => set({ features })} />
      );
    case "testimonials":
      return (
        <ListEditor
          id={`${id}-items`}
          value={c.items}
          addLabel={t("sections.addTestimonial")}
          fields={[
            { name: "name", label: t("sections.name") },
            { name: "text", label: t("sections.text"), multiline: true },
            { name: "location", label: t("sections.location") },
          ]}
          onChange={(next) => set({ items: next })}
        />
      );
    case "pricing":
    case "pricing_vn":
      return (
        <div className="grid gap-3">
          {/* Issue 17 item 3: the course's price unless the creator overrides it here. */}
          {coursePrice !== null ? (
            <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
              <p data-testid="pricing-course-price">
                {c.priceOverride === true
                  ? tj("pricing.overriding", { price: coursePrice })
                  : tj("pricing.fromCourse", { price: coursePrice })}
              </p>
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${id}-override`}
                  checked={c.priceOverride === true}
                  onCheckedChange={(checked) => set({ priceOverride: checked === true })}
                />
                <Label htmlFor={`${id}-override`} className="font-normal leading-snug">
                  {tj("pricing.override")}
                </Label>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{tj("pricing.noCourse")}</p>
          )}
          {coursePrice === null || c.priceOverride === true ? (
            <div className="grid gap-3 sm:grid-cols-3">
              {money("price", t("sections.price"))}
              {money("originalPrice", t("sections.originalPrice"))}
              {text("currency", t("sections.currency"))}
            </div>
          ) : null}
          <FeaturesField
            id={`${id}-features`}
            value={c.features}
            onChange={(features) => set({ features })}
          />
          {text("buttonText", t("sections.buttonText"))}
        </div>
      );
    case "faq":
      return (
        <ListEditor
          id={`${id}-items`}
          value={c.items}
          addLabel={t("sections.addQuestion")}
          fields={[
            { name: "question", label: t("sections.question") },
            { name: "answer", label: t("sections.answer"), multiline: true },
          ]}
          onChange={(next) => set({ items: next })}
        />
      );
    case "cta":
      return (
        <div className="grid gap-3">
          {text("headline", t("sections.headline"))}
          {text("text", t("sections.description"), true)}
          {text("buttonText", t("sections.buttonText"))}
        </div>
      );
    case "contact_zalo":
      return (
        <div className="grid gap-3">
          {text("headline", t("sections.headline"))}
          {text("text", t("sections.description"), true)}
          {text("buttonText", t("sections.buttonText"))}
          {text("zaloNumber", t("sections.zaloNumber"))}
          {str(c.zaloNumber).replace(/\D/g, "") ? (
            <p className="text-xs text-muted-foreground">
              {t("sections.zaloLink", { link: zaloLink(str(c.zaloNumber)) })}
            </p>
          ) : null}
        </div>
      );
    case "curriculum":
      return (
        <p className="text-sm text-muted-foreground">
          {hasCourse
            ? t("sections.curriculumHelp", { count: lessonCount })
            : t("sections.curriculumNoCourse")}
        </p>
      );
    case "instructor":
      return (
        <p className="text-sm text-muted-foreground">
          {t("sections.instructorHelp", { name: instructorName })}
        </p>
      );
    default:
      return <p className="text-sm text-amber-700">{t("sections.unsupportedHelp")}</p>;
  }
}
