import type { Material } from "@academy/shared";
import { CheckCircle2Icon, CircleIcon, LayoutTemplateIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import {
  type MaterialPreview,
  type PreviewQuestion,
  type PreviewRubric,
  readPreview,
} from "../material-rules";
import { MATERIAL_TYPE_STYLE } from "./material-icons";

/**
 * Shows a material's generated content: quiz and assessment questions with the correct answer
 * marked (model answers for short-answer questions), worksheet items with their answer keys, an
 * essay prompt with guidance, length and rubric. A template (source "template" or "sample":
 * written without a model, issue 28 §2) is labelled as one, with what the creator must write, and
 * its empty slots (choices, answer keys, model answers) read "to write".
 */
export function MaterialPreviewDialog({
  material,
  onOpenChange,
}: {
  material: Material | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("materials");
  const preview = material ? readPreview(material.content) : null;
  const style = material ? (MATERIAL_TYPE_STYLE[material.type] ?? MATERIAL_TYPE_STYLE.document) : null;
  const template = material?.source === "template" || material?.source === "sample";
  return (
    <Dialog open={material !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("preview.close")} className="max-w-2xl">
        {material && style ? (
          <>
            <DialogHeader>
              <span
                className={cn(
                  "inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                  style.tone,
                )}
              >
                <style.icon className="size-3.5" aria-hidden />
                {preview ? t(`preview.kind.${preview.kind}`) : t(`type.${material.type}`)}
              </span>
              <DialogTitle>{material.title}</DialogTitle>
              <DialogDescription>{material.description || t("preview.noDescription")}</DialogDescription>
            </DialogHeader>
            {preview && template ? (
              <p
                className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
                data-testid="template-notice"
              >
                <LayoutTemplateIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t(`preview.template.${preview.kind}`)}
              </p>
            ) : null}
            {preview ? <PreviewBody preview={preview} /> : <p className="text-sm">{t("preview.none")}</p>}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ preview }: { preview: MaterialPreview }) {
  const { t } = useTranslation("materials");
  if (preview.kind === "quiz") return <Questions questions={preview.questions} />;
  if (preview.kind === "assessment") {
    return (
      <div className="grid gap-5">
        {preview.passMark !== null ? (
          <p className="text-sm">
            <span className="font-medium">{t("preview.passMark")}:</span> {preview.passMark}%
          </p>
        ) : null}
        <Questions questions={preview.questions} />
        <Rubric rubric={preview.rubric} />
      </div>
    );
  }
  if (preview.kind === "worksheet") {
    return (
      <div className="grid gap-4">
        {preview.instructions ? (
          <div className="rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">{t("preview.instructions")}</p>
            <p className="mt-1 text-muted-foreground">{preview.instructions}</p>
          </div>
        ) : null}
        <ol className="grid gap-3">
          {preview.items.map((item, index) => (
            <li key={item.id} className="rounded-md border border-border p-3 text-sm">
              <p>
                <span className="mr-1 font-semibold">{index + 1}.</span>
                {item.prompt}
              </p>
              {item.answer !== undefined ? (
                <p className="mt-2 text-muted-foreground">
                  <span className="font-medium text-success">{t("preview.answerKey")}:</span>{" "}
                  <SlotText text={item.answer} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <div className="grid gap-4 text-sm">
      <section className="rounded-md border-l-4 border-primary bg-secondary/60 p-3">
        <h3 className="font-semibold">{t("preview.prompt")}</h3>
        <p className="mt-1 leading-relaxed">{preview.prompt}</p>
      </section>
      {preview.wordCount ? (
        <p>
          <span className="font-medium">{t("preview.length")}:</span>{" "}
          {t("preview.words", { min: preview.wordCount.min, max: preview.wordCount.max })}
        </p>
      ) : null}
      {preview.guidance.length > 0 ? (
        <section>
          <h3 className="font-semibold">{t("preview.guidance")}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
            {preview.guidance.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Rubric rubric={preview.rubric} />
    </div>
  );
}

function Questions({ questions }: { questions: PreviewQuestion[] }) {
  const { t } = useTranslation("materials");
  return (
    <ol className="grid gap-3" aria-label={t("preview.questions")}>
      {questions.map((q, index) => (
        <li key={q.id} className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium">
            <span className="mr-1">{index + 1}.</span>
            {q.question}
            {q.points !== undefined ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground">
                {t("preview.points", { count: q.points })}
              </span>
            ) : null}
          </p>
          {q.choices ? (
            <ul className="mt-2 grid gap-1">
              {q.choices.map((choice, i) => {
                const correct = i === q.correctIndex;
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain strings in a fixed order
                    key={i}
                    className={cn(
                      "flex items-start gap-2 rounded px-2 py-1",
                      correct && "bg-emerald-50 font-medium text-emerald-900",
                    )}
                  >
                    {correct ? (
                      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    ) : (
                      <CircleIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground/60" aria-hidden />
                    )}
                    <span>
                      <span className="mr-1">{String.fromCharCode(65 + i)}.</span>
                      <SlotText text={choice} />
                      {correct ? <span className="sr-only"> ({t("preview.correct")})</span> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : q.sampleAnswer !== undefined ? (
            <p className="mt-2 text-muted-foreground">
              <span className="font-medium text-success">{t("preview.modelAnswer")}:</span>{" "}
              <SlotText text={q.sampleAnswer} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A text of the content, or "to write" (muted, italic) for a template's empty slot. */
function SlotText({ text }: { text: string }) {
  const { t } = useTranslation("materials");
  return text ? text : <em className="text-muted-foreground">{t("preview.toWrite")}</em>;
}

function Rubric({ rubric }: { rubric: PreviewRubric[] }) {
  const { t } = useTranslation("materials");
  if (rubric.length === 0) return null;
  return (
    <section className="text-sm">
      <h3 className="mb-1 font-semibold">{t("preview.rubric")}</h3>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            <th className="py-1.5 pr-2 font-medium">{t("preview.criterion")}</th>
            <th className="py-1.5 text-right font-medium">{t("preview.maxPoints")}</th>
          </tr>
        </thead>
        <tbody>
          {rubric.map((r) => (
            <tr key={r.criterion} className="border-b border-border last:border-0">
              <td className="py-1.5 pr-2">{r.criterion}</td>
              <td className="py-1.5 text-right tabular-nums">{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
