import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { COURSE_ID, jsonResponse, QUIZ_LESSON, quizResult } from "../test/fixtures";
import { QuizLesson } from "./quiz-lesson";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const content = QUIZ_LESSON.content.type === "quiz" ? QUIZ_LESSON.content : undefined;
if (!content) throw new Error("fixture");

function renderQuiz(onResult = vi.fn(), beforeSubmit?: () => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuizLesson
        courseId={COURSE_ID}
        lessonId={QUIZ_LESSON.id}
        questions={content!.questions}
        passMark={content!.passMark}
        completed={false}
        onResult={onResult}
        beforeSubmit={beforeSubmit}
      />
    </QueryClientProvider>,
  );
  return onResult;
}

const submitButton = () => screen.getByRole("button", { name: "Submit answers" }) as HTMLButtonElement;

describe("QuizLesson (graded on the server; answers revealed only after submission)", () => {
  it("shows no correct answer before submission and keeps Submit disabled until every question is answered", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderQuiz();
    expect(screen.getByText("2 questions · pass mark 70%")).toBeTruthy();
    expect(screen.queryByText("Correct answer")).toBeNull();
    expect(screen.queryAllByTestId("correct-answer")).toHaveLength(0);
    expect(submitButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "B. Xin chào" }));
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "B. Xin lỗi" }));
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryAllByTestId("correct-answer")).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("submits the answers, shows the score and pass mark, marks each question and reveals the correct answer; Retake resets", async () => {
    const fetch = vi.fn(async (_url: unknown, _init?: RequestInit) => jsonResponse(quizResult(false)));
    vi.stubGlobal("fetch", fetch);
    const onResult = renderQuiz();

    fireEvent.click(screen.getByRole("radio", { name: "B. Xin chào" }));
    fireEvent.click(screen.getByRole("radio", { name: "B. Xin lỗi" }));
    fireEvent.click(submitButton());

    await screen.findByTestId("quiz-result");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain(`/api/learn/${COURSE_ID}/lessons/${QUIZ_LESSON.id}/quiz`);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ answers: { q1: 1, q2: 1 } });

    expect(screen.getByTestId("quiz-score").textContent).toBe("50%");
    expect(screen.getByText("Not passed")).toBeTruthy();
    expect(screen.getByText(/1 of 2 correct/)).toBeTruthy();
    expect(screen.getByText(/Pass mark 70%/)).toBeTruthy();
    expect(onResult).toHaveBeenCalledWith(quizResult(false));

    const [q1, q2] = screen.getAllByTestId("quiz-question");
    expect(q1!.dataset.correct).toBe("true");
    expect(q2!.dataset.correct).toBe("false");
    // The correct answer of q2 (index 0, "Cảm ơn") is revealed; the wrong pick is labelled.
    const revealed = within(q2!).getByTestId("correct-answer").closest("label");
    expect(revealed?.textContent).toContain("Cảm ơn");
    expect(within(q2!).getByText("Your answer")).toBeTruthy();
    // Answers are locked until Retake.
    expect((screen.getByRole("radio", { name: /Tạm biệt/ }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole("button", { name: "Retake quiz" })[0]!);
    expect(screen.queryByTestId("quiz-result")).toBeNull();
    expect(screen.queryAllByTestId("correct-answer")).toHaveLength(0);
    expect((screen.getByRole("radio", { name: "B. Xin chào" }) as HTMLInputElement).checked).toBe(false);
    expect(submitButton().disabled).toBe(true);
  });

  it("keeps the answer key hidden when the server did not reveal it, saying when it will (issue 16 item 6)", async () => {
    const fetch = vi.fn(async () => jsonResponse(quizResult(false, false)));
    vi.stubGlobal("fetch", fetch);
    let opened!: () => void;
    const beforeSubmit = vi.fn(() => new Promise<void>((resolve) => (opened = resolve)));
    renderQuiz(vi.fn(), beforeSubmit);
    fireEvent.click(screen.getByRole("radio", { name: "B. Xin chào" }));
    fireEvent.click(screen.getByRole("radio", { name: "B. Xin lỗi" }));
    fireEvent.click(submitButton());
    // The answers wait for the lesson's open report to reach the server.
    await waitFor(() => expect(beforeSubmit).toHaveBeenCalledTimes(1));
    expect(fetch).not.toHaveBeenCalled();
    opened();
    await screen.findByTestId("quiz-result");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, q2] = screen.getAllByTestId("quiz-question");
    expect(q2!.dataset.correct).toBe("false");
    expect(screen.queryAllByTestId("correct-answer")).toHaveLength(0);
    expect(within(q2!).getByText("Your answer")).toBeTruthy();
    expect(screen.getByTestId("quiz-answers-hidden").textContent).toBe(
      "The correct answers are shown once you pass, or after 2 more attempts.",
    );
  });

  it("says when the answers could not be submitted and lets the student try again", async () => {
    const fetch = vi.fn(async () => jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, 500));
    vi.stubGlobal("fetch", fetch);
    const onResult = renderQuiz();
    fireEvent.click(screen.getByRole("radio", { name: "B. Xin chào" }));
    fireEvent.click(screen.getByRole("radio", { name: "A. Cảm ơn" }));
    fireEvent.click(submitButton());
    await screen.findByRole("alert");
    expect(screen.getByRole("alert").textContent).toBe(
      "Your answers could not be submitted. Please try again.",
    );
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(onResult).not.toHaveBeenCalled();
  });
});
