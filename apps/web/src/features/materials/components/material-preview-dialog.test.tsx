import type { Material } from "@academy/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { material } from "../test-material";
import { MaterialPreviewDialog } from "./material-preview-dialog";

/**
 * The preview of a material template (issue 28 §2): labelled as a template with what to write,
 * empty slots read "to write", no correct answer is shown; a model's material has no label.
 * Content shapes are those of apps/server/src/ai/offline-materials.ts.
 */

afterEach(cleanup);
afterAll(async () => {
  await i18n.changeLanguage("en");
});

const choiceSlot = (n: number) => ({
  id: `q${n}`,
  question: `Question ${n}: write the question, its four choices and mark the correct one.`,
  choices: ["", "", "", ""],
  correctIndex: -1,
});

const templates: Record<string, Material> = {
  quiz: material({
    id: "t-quiz",
    type: "quiz",
    title: "Quiz template: Phở",
    source: "template",
    content: { kind: "quiz", questions: [choiceSlot(1), choiceSlot(2)] },
  }),
  worksheet: material({
    id: "t-ws",
    type: "worksheet",
    title: "Worksheet template: Phở",
    source: "template",
    content: {
      kind: "worksheet",
      instructions: "Write the instructions for students: what to do and how long it should take.",
      items: [{ id: "i1", prompt: "Warm-up, exercise 1: write the task and its answer key.", answer: "" }],
    },
  }),
  essay: material({
    id: "t-essay",
    type: "document",
    title: "Essay prompt template: Phở",
    source: "sample",
    content: {
      kind: "essay",
      prompt: "Write the essay question on Phở here.",
      guidance: ["Introduction: write what students should state first."],
      wordCount: { min: 150, max: 250 },
      rubric: [{ criterion: "Ideas and argument", points: 4 }],
    },
  }),
  assessment: material({
    id: "t-as",
    type: "quiz",
    title: "Assessment template: Phở",
    source: "template",
    content: {
      kind: "assessment",
      questions: [
        { ...choiceSlot(1), type: "multiple-choice", points: 2 },
        {
          id: "s1",
          type: "short-answer",
          question: "Short-answer question 1: write the question and a model answer.",
          sampleAnswer: "",
          points: 5,
        },
      ],
      rubric: [{ criterion: "Multiple-choice answers", points: 2 }],
      passMark: 70,
    },
  }),
};

const show = (m: Material) => render(<MaterialPreviewDialog material={m} onOpenChange={() => {}} />);

describe("material template preview (issue 28 §2)", () => {
  it.each([
    [
      "quiz",
      "Quiz template: write every question and its four choices, and mark the correct answer, before giving it to students.",
      8,
    ],
    [
      "worksheet",
      "Worksheet template: write every exercise and its answer key before giving it to students.",
      1,
    ],
    [
      "essay",
      "Essay prompt template: write the question and the guidance under each heading before giving it to students.",
      0,
    ],
    [
      "assessment",
      "Assessment template: write every question with its choices or model answer before giving it to students.",
      5,
    ],
  ])("labels a %s template in English and marks its empty slots", async (kind, label, slots) => {
    await i18n.changeLanguage("en");
    show(templates[kind]);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByTestId("template-notice").textContent).toBe(label);
    expect(within(dialog).queryAllByText("to write")).toHaveLength(slots);
    expect(within(dialog).queryByText(/correct answer\)/)).toBeNull();
  });

  it("labels templates in Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    show(templates.quiz);
    expect(screen.getByTestId("template-notice").textContent).toBe(
      "Mẫu bài trắc nghiệm: hãy viết mọi câu hỏi cùng bốn lựa chọn và đánh dấu đáp án đúng trước khi giao cho học viên.",
    );
    expect(screen.getAllByText("cần viết")).toHaveLength(8);
    cleanup();
    show(templates.worksheet);
    expect(screen.getByTestId("template-notice").textContent).toBe(
      "Mẫu phiếu bài tập: hãy viết mọi bài tập và đáp án trước khi giao cho học viên.",
    );
  });

  it("does not label a model's material, and marks its correct answer", async () => {
    await i18n.changeLanguage("en");
    show(
      material({
        id: "ai",
        type: "quiz",
        title: "Pandas quiz",
        source: "ai",
        content: {
          kind: "quiz",
          questions: [
            {
              id: "1",
              question: "What is a DataFrame?",
              choices: ["A table", "B", "C", "D"],
              correctIndex: 0,
            },
          ],
        },
      }),
    );
    expect(screen.queryByTestId("template-notice")).toBeNull();
    expect(screen.queryByText("to write")).toBeNull();
    expect(screen.getByText(/correct answer/)).toBeTruthy();
  });
});
