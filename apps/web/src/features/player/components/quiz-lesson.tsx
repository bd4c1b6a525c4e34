import type { QuizResult } from "@academy/shared";
import { useMutation } from "@tanstack/react-query";
import { CheckIcon, CircleCheckIcon, CircleIcon, CircleXIcon, RotateCcwIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { submitQuiz } from "../api/learning";
import { ComingSoon } from "./coming-soon";

export interface QuizQuestionView {
  id: string;
  question: string;
  choices: string[];
}

const LETTERS = "ABCDEFGHIJ";

/**
 * A quiz lesson (issue: "questions and choices, graded on the server — the correct answers never
 * reach the browser before submission"): radio choices per question; Submit is enabled once every
 * question has an answer; the server's result shows the score, the pass mark, passed or not, and
 * each question marked right or wrong, and the correct answers once the server reveals them (after
 * a pass or the creator's number of failed attempts, issue 16 item 6). "Retake quiz" starts
 * again. Passing completes the lesson (the result's progress goes to `onResult`).
 */
export function QuizLesson({
  courseId,
  lessonId,
  questions,
  passMark,
  completed,
  onResult,
  beforeSubmit,
}: {
  courseId: string;
  lessonId: string;
  questions: readonly QuizQuestionView[];
  passMark: number;
  /** The lesson is already completed (a note invites to practise). */
  completed: boolean;
  onResult: (result: QuizResult) => void;
  /** Awaited before the answers are sent (the lesson's `open` report must reach the server first). */
  beforeSubmit?: () => Promise<void>;
}) {
  const { t } = useTranslation("player");
  const [answers, setAnswers] = React.useState<Record<string, number>>({});
  const [result, setResult] = React.useState<QuizResult | null>(null);
  const resultRef = React.useRef<HTMLDivElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const submit = useMutation({
    mutationFn: async (chosen: Record<string, number>) => {
      await beforeSubmit?.();
      return submitQuiz(courseId, lessonId, chosen);
    },
    onSuccess: (data) => {
      setResult(data);
      onResult(data);
    },
  });

  React.useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (questions.length === 0) return <ComingSoon />;

  const answered = questions.filter((q) => answers[q.id] !== undefined).length;
  const ready = answered === questions.length;
  const locked = result !== null || submit.isPending;

  const retake = () => {
    setAnswers({});
    setResult(null);
    submit.reset();
    formRef.current?.scrollIntoView?.({ block: "start" });
    formRef.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
  };

  return (
    <div className="grid gap-5" data-testid="quiz">
      <p className="text-sm text-muted-foreground">
        {t("quiz.intro", { count: questions.length, passMark })}
      </p>
      {completed && !result ? (
        <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {t("quiz.alreadyPassed")}
        </p>
      ) : null}

      {result ? <QuizScore result={result} ref={resultRef} onRetake={retake} /> : null}

      <form
        ref={formRef}
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !locked) submit.mutate(answers);
        }}
      >
        {questions.map((question, qi) => {
          const outcome = result?.results[question.id];
          return (
            <fieldset
              key={question.id}
              className={cn(
                "rounded-xl border bg-card p-4 shadow-sm sm:p-5",
                outcome ? (outcome.isCorrect ? "border-emerald-300" : "border-red-300") : "border-border",
              )}
              data-testid="quiz-question"
              data-correct={outcome ? String(outcome.isCorrect) : undefined}
            >
              <legend className="sr-only">{t("quiz.question", { n: qi + 1 })}</legend>
              <div className="mb-3 flex items-start justify-between gap-3">
                <p className="font-medium leading-snug">
                  <span className="mr-1.5 text-muted-foreground">{qi + 1}.</span>
                  {question.question}
                </p>
                {outcome ? (
                  outcome.isCorrect ? (
                    <Badge variant="success" className="shrink-0 gap-1">
                      <CheckIcon className="size-3" aria-hidden />
                      {t("quiz.right")}
                    </Badge>
                  ) : (
                    <Badge className="shrink-0 gap-1 bg-red-100 text-red-800">
                      <XIcon className="size-3" aria-hidden />
                      {t("quiz.wrong")}
                    </Badge>
                  )
                ) : null}
              </div>
              <div className="grid gap-2">
                {question.choices.map((choice, ci) => {
                  const chosen = (outcome ? outcome.chosen : answers[question.id]) === ci;
                  const isAnswer = outcome?.correctIndex === ci;
                  const wrongPick = outcome && chosen && !outcome.isCorrect;
                  return (
                    <label
                      // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain strings in a fixed order
                      key={ci}
                      className={cn(
                        "flex items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors",
                        !outcome &&
                          "cursor-pointer hover:bg-muted/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                        !outcome && chosen && "border-brand bg-secondary",
                        !outcome && !chosen && "border-border",
                        isAnswer && "border-emerald-400 bg-emerald-50",
                        wrongPick && "border-red-300 bg-red-50",
                        outcome && !isAnswer && !wrongPick && "border-border opacity-70",
                      )}
                      data-testid="quiz-choice"
                    >
                      <input
                        type="radio"
                        name={`q-${question.id}`}
                        value={ci}
                        checked={chosen}
                        disabled={locked}
                        onChange={() => setAnswers((prev) => ({ ...prev, [question.id]: ci }))}
                        className={outcome ? "sr-only" : "mt-0.5 size-4 shrink-0 accent-brand"}
                      />
                      {outcome ? (
                        isAnswer ? (
                          <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                        ) : wrongPick ? (
                          <CircleXIcon className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
                        ) : (
                          <CircleIcon
                            className="mt-0.5 size-4 shrink-0 text-muted-foreground/50"
                            aria-hidden
                          />
                        )
                      ) : null}
                      <span className="flex-1">
                        <span className="font-semibold text-muted-foreground">{LETTERS[ci]}.</span> {choice}
                      </span>
                      {isAnswer ? (
                        <span
                          className="shrink-0 text-xs font-semibold text-emerald-700"
                          data-testid="correct-answer"
                        >
                          {t("quiz.correctAnswer")}
                        </span>
                      ) : wrongPick ? (
                        <span className="shrink-0 text-xs font-semibold text-red-700">
                          {t("quiz.yourAnswer")}
                        </span>
                      ) : null}
                    </label>
                  );
                })}
                {outcome && outcome.chosen === null ? (
                  <p className="text-xs text-muted-foreground">{t("quiz.notAnswered")}</p>
                ) : null}
              </div>
            </fieldset>
          );
        })}

        {result ? (
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={retake}>
              <RotateCcwIcon aria-hidden />
              {t("quiz.retake")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {ready ? t("quiz.answered", { answered, total: questions.length }) : t("quiz.answerAll")}
              {ready ? null : (
                <span className="ml-1">({t("quiz.answered", { answered, total: questions.length })})</span>
              )}
            </p>
            <Button type="submit" disabled={!ready || submit.isPending}>
              {submit.isPending ? t("quiz.submitting") : t("quiz.submit")}
            </Button>
          </div>
        )}
        {submit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("quiz.submitFailed")}
          </p>
        ) : null}
      </form>
    </div>
  );
}

/** The score card shown after submission. */
function QuizScore({
  result,
  onRetake,
  ref,
}: {
  result: QuizResult;
  onRetake: () => void;
  ref: React.Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation("player");
  const Icon = result.passed ? CircleCheckIcon : CircleXIcon;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={cn(
        "flex flex-col gap-4 rounded-xl border p-5 focus:outline-none sm:flex-row sm:items-center",
        result.passed ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50",
      )}
      data-testid="quiz-result"
    >
      <div className="flex items-center gap-4">
        <Icon
          className={cn("size-10 shrink-0", result.passed ? "text-emerald-600" : "text-amber-600")}
          aria-hidden
        />
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t("quiz.score")}
          </p>
          <p className="text-3xl font-bold leading-none" data-testid="quiz-score">
            {result.score}%
          </p>
        </div>
      </div>
      <div className="flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge
            variant={result.passed ? "success" : "outline"}
            className={result.passed ? undefined : "border-amber-300 bg-amber-100 text-amber-900"}
          >
            {result.passed ? t("quiz.passed") : t("quiz.failed")}
          </Badge>
          <span className="text-muted-foreground">
            {t("quiz.correctCount", { correct: result.correct, total: result.total })} ·{" "}
            {t("quiz.passMark", { passMark: result.passMark })}
          </span>
        </p>
        <p className="mt-1.5">
          {result.passed ? t("quiz.passedBody") : t("quiz.failedBody", { passMark: result.passMark })}
        </p>
        {result.answersRevealed ? null : (
          <p className="mt-1.5 text-muted-foreground" data-testid="quiz-answers-hidden">
            {result.attemptsUntilReveal === null
              ? t("quiz.answersAfterPass")
              : t("quiz.answersAfterAttempts", { count: result.attemptsUntilReveal })}
          </p>
        )}
      </div>
      <Button type="button" variant="outline" onClick={onRetake} className="shrink-0 bg-background">
        <RotateCcwIcon aria-hidden />
        {t("quiz.retake")}
      </Button>
    </div>
  );
}
