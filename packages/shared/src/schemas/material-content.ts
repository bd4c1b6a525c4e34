import type { QuizQuestion } from "./courses.ts";

/**
 * The content of a generated material (000 §3 Material; issue 3 "a quiz has questions, choices and
 * answers"), discriminated by `kind`. Stored in materials.content; the Material Bank renders it.
 */
export interface RubricCriterion {
  criterion: string;
  points: number;
}

/** Quiz content: single-answer questions, each with exactly 4 distinct choices (same shape as a quiz lesson's questions). */
export interface QuizContent {
  kind: "quiz";
  questions: QuizQuestion[];
}

/** Worksheet content: exercises; `answer` is a model answer or answer key when the item has one. */
export interface WorksheetContent {
  kind: "worksheet";
  instructions: string;
  items: { id: string; prompt: string; answer?: string }[];
}

/** Essay prompt content ("essay" requests, stored as material type "document"). wordCount in words. */
export interface EssayContent {
  kind: "essay";
  prompt: string;
  guidance: string[];
  wordCount: { min: number; max: number };
  rubric: RubricCriterion[];
}

/** A question of an assessment: multiple choice (4 choices) or short answer with a model answer. */
export type AssessmentQuestion =
  | {
      id: string;
      type: "multiple-choice";
      question: string;
      choices: string[];
      correctIndex: number;
      points: number;
    }
  | { id: string; type: "short-answer"; question: string; sampleAnswer: string; points: number };

/** Assessment content (stored as material type "quiz"): mixed questions, rubric, pass mark in percent. */
export interface AssessmentContent {
  kind: "assessment";
  questions: AssessmentQuestion[];
  rubric: RubricCriterion[];
  passMark: number;
}

export type MaterialContent = QuizContent | WorksheetContent | EssayContent | AssessmentContent;
