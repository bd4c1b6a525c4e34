import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { QuizLessonEditor } from "./quiz-lesson-editor";
import type { QuizContent } from "./structure-ops";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

function Harness({ initial, spy }: { initial: QuizContent; spy: (content: QuizContent) => void }) {
  const [content, setContent] = useState(initial);
  return (
    <QuizLessonEditor
      content={content}
      onChange={(next) => {
        spy(next);
        setContent(next);
      }}
    />
  );
}

const quiz = (correctIndex: number): QuizContent => ({
  type: "quiz",
  passMark: 70,
  questions: [{ id: "q1", question: "2 + 2?", choices: ["3", "5", "4"], correctIndex }],
});

const checked = (letter: string) =>
  (screen.getByRole("radio", { name: `Choice ${letter} is the correct answer` }) as HTMLInputElement).checked;

describe("QuizLessonEditor", () => {
  it("keeps the correct answer selected when an earlier choice is removed", () => {
    const spy = vi.fn();
    render(<Harness initial={quiz(2)} spy={spy} />);
    expect(checked("C")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove choice A" }));
    const next = spy.mock.lastCall![0] as QuizContent;
    expect(next.questions[0]).toMatchObject({ choices: ["5", "4"], correctIndex: 1 });
    expect(checked("B")).toBe(true);
  });

  it("selects the first choice when the correct one is removed, and refuses to go below 2 choices", () => {
    const spy = vi.fn();
    render(<Harness initial={quiz(2)} spy={spy} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove choice C" }));
    expect((spy.mock.lastCall![0] as QuizContent).questions[0]).toMatchObject({
      choices: ["3", "5"],
      correctIndex: 0,
    });
    expect(checked("A")).toBe(true);
    expect((screen.getByRole("button", { name: "Remove choice A" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("adds questions with two choices, marks the correct answer and keeps a 1–100 pass mark", () => {
    const spy = vi.fn();
    render(<Harness initial={{ type: "quiz", passMark: 70, questions: [] }} spy={spy} />);
    expect(screen.getByText("A quiz needs at least one question.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add question" }));
    expect(screen.getAllByTestId("quiz-question")).toHaveLength(1);
    fireEvent.click(screen.getByRole("radio", { name: "Choice B is the correct answer" }));
    expect((spy.mock.lastCall![0] as QuizContent).questions[0]).toMatchObject({
      choices: ["", ""],
      correctIndex: 1,
    });
    const pass = screen.getByRole("spinbutton", { name: "Pass mark (%)" });
    fireEvent.change(pass, { target: { value: "250" } });
    fireEvent.blur(pass);
    expect((spy.mock.lastCall![0] as QuizContent).passMark).toBe(100);
  });

  it("lets the creator choose when students see the correct answers (default: 3 failed attempts)", () => {
    const spy = vi.fn();
    render(<Harness initial={{ type: "quiz", passMark: 70, questions: [] }} spy={spy} />);
    const reveal = screen.getByRole("combobox", { name: "Show the correct answers" }) as HTMLSelectElement;
    expect(reveal.value).toBe("3");
    expect(reveal.selectedOptions[0]?.textContent).toBe("After passing or 3 failed attempts");
    fireEvent.change(reveal, { target: { value: "0" } });
    expect((spy.mock.lastCall![0] as QuizContent).revealAfterAttempts).toBe(0);
    expect(reveal.value).toBe("0");
    expect(screen.getByRole("option", { name: "Only after passing" })).toBeTruthy();
  });
});
