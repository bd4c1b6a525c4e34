import { DEFAULT_REVEAL_AFTER_ATTEMPTS, type QuizQuestion } from "@academy/shared";
import { PlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import {
  addChoice,
  createQuestion,
  MAX_CHOICES,
  MIN_CHOICES,
  parsePassMark,
  type QuizContent,
  removeChoice,
  setChoice,
} from "./structure-ops";

/** Failed attempts after which the answers may be shown (0: only after passing). */
const REVEAL_CHOICES = [0, 1, 2, 3, 5] as const;

/**
 * The editor of a quiz lesson: a pass mark (%), and questions with 2 to 6 choices each and one
 * correct answer (a radio), and when students see the correct answers: after passing only, or also
 * after 1, 2, 3 (default) or 5 failed attempts (issue 16 item 6). Emits content {type: "quiz",
 * questions, passMark, revealAfterAttempts}.
 */
export function QuizLessonEditor({
  content,
  onChange,
}: {
  content: QuizContent;
  onChange: (content: QuizContent) => void;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const [passDraft, setPassDraft] = useState(String(content.passMark));
  const questions = content.questions;

  const setQuestions = (next: QuizQuestion[]) => onChange({ ...content, questions: next });
  const updateQuestion = (index: number, question: QuizQuestion) =>
    setQuestions(questions.map((q, i) => (i === index ? question : q)));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid max-w-48 gap-1.5">
          <Label htmlFor={`${id}-pass`}>{t("quiz.passMark")}</Label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-pass`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              className="w-24"
              value={passDraft}
              onChange={(event) => {
                setPassDraft(event.target.value);
                if (event.target.value.trim() !== "")
                  onChange({ ...content, passMark: parsePassMark(event.target.value) });
              }}
              onBlur={() => {
                const value = parsePassMark(passDraft);
                setPassDraft(String(value));
                onChange({ ...content, passMark: value });
              }}
            />
            <span className="text-sm text-muted-foreground" aria-hidden>
              %
            </span>
          </div>
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-reveal`}>{t("quiz.revealLabel")}</Label>
          <select
            id={`${id}-reveal`}
            className="h-10 max-w-full rounded-md border border-input bg-background px-3 text-base md:text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={String(content.revealAfterAttempts ?? DEFAULT_REVEAL_AFTER_ATTEMPTS)}
            onChange={(event) => onChange({ ...content, revealAfterAttempts: Number(event.target.value) })}
            data-testid="quiz-reveal-after"
          >
            {REVEAL_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t("quiz.revealPassOnly") : t("quiz.revealAfter", { count: n })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {questions.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
          {t("quiz.noQuestions")}
        </p>
      ) : (
        <ol className="grid gap-3">
          {questions.map((question, index) => (
            <li key={question.id}>
              <QuestionEditor
                number={index + 1}
                question={question}
                onChange={(q) => updateQuestion(index, q)}
                onRemove={() => setQuestions(questions.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
      )}

      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setQuestions([...questions, createQuestion()])}
        >
          <PlusIcon aria-hidden />
          {t("quiz.addQuestion")}
        </Button>
      </div>
    </div>
  );
}

function QuestionEditor({
  number,
  question,
  onChange,
  onRemove,
}: {
  number: number;
  question: QuizQuestion;
  onChange: (question: QuizQuestion) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const legend = t("quiz.questionNumber", { n: number });
  return (
    <fieldset
      className="relative grid gap-3 rounded-md border border-border bg-background p-3"
      data-testid="quiz-question"
    >
      <legend className="float-left pr-24 pt-1 text-sm font-semibold">{legend}</legend>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="absolute right-2 top-2 text-destructive hover:text-destructive"
        onClick={onRemove}
        aria-label={t("quiz.removeQuestion", { n: number })}
      >
        <Trash2Icon aria-hidden />
        <span className="hidden sm:inline">{t("quiz.remove")}</span>
      </Button>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-q`}>{t("quiz.questionLabel")}</Label>
        <Input
          id={`${id}-q`}
          value={question.question}
          placeholder={t("quiz.questionPlaceholder")}
          onChange={(event) => onChange({ ...question, question: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <p id={`${id}-choices`} className="text-sm font-medium">
          {t("quiz.choices")}{" "}
          <span className="font-normal text-muted-foreground">{t("quiz.choicesHint")}</span>
        </p>
        <div role="radiogroup" aria-labelledby={`${id}-choices`} className="grid gap-2">
          {question.choices.map((choice, index) => {
            const correct = question.correctIndex === index;
            const letter = String.fromCharCode(65 + index);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain strings; their position is their identity
              <div key={index} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-correct`}
                  checked={correct}
                  onChange={() => onChange({ ...question, correctIndex: index })}
                  aria-label={t("quiz.markCorrect", { letter })}
                  className="size-4 shrink-0 cursor-pointer accent-[var(--color-success)]"
                />
                <span className="w-4 text-sm font-medium text-muted-foreground" aria-hidden>
                  {letter}
                </span>
                <Input
                  value={choice}
                  aria-label={t("quiz.choiceLabel", { letter })}
                  placeholder={t("quiz.choicePlaceholder", { letter })}
                  className={cn("h-9", correct && "border-success")}
                  onChange={(event) => onChange(setChoice(question, index, event.target.value))}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  disabled={question.choices.length <= MIN_CHOICES}
                  aria-label={t("quiz.removeChoice", { letter })}
                  title={t("quiz.removeChoice", { letter })}
                  onClick={() => onChange(removeChoice(question, index))}
                >
                  <XIcon aria-hidden />
                </Button>
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={question.choices.length >= MAX_CHOICES}
            onClick={() => onChange(addChoice(question))}
          >
            <PlusIcon aria-hidden />
            {t("quiz.addChoice")}
          </Button>
          <span className="text-xs text-muted-foreground">
            {t("quiz.correctIs", { letter: String.fromCharCode(65 + question.correctIndex) })}
          </span>
        </div>
      </div>
    </fieldset>
  );
}
