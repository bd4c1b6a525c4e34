import {
  AI_MATERIAL_TYPES,
  generateMaterialSchema,
  MATERIAL_TYPES,
  materialSchema,
  SKILL_LEVELS,
} from "@academy/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AssessmentContent,
  createAiAdapter,
  type EssayContent,
  type GeneratedMaterial,
  type QuizContent,
  type WorksheetContent,
} from "../src/ai/ai.ts";
import {
  ASSESSMENT_SLOTS,
  generateOfflineMaterial,
  type MaterialSubject,
  materialBasics,
  materialLevel,
  materialSubject,
  QUIZ_SLOTS,
  SAMPLE_MATERIALS,
  sampleMaterials,
} from "../src/ai/offline-materials.ts";
import { loadEnv } from "../src/env.ts";
import { createLogger } from "../src/lib/logger.ts";
import { type FakeModelServer, startFakeModelServer } from "./support/fake-model-server.ts";

const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
const SUBJECTS: MaterialSubject[] = ["language", "programming", "business", "creative", "science", "general"];

/** Every human-readable string of a material (title, description, tags and content). */
function allText(material: GeneratedMaterial): string[] {
  const strings: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (typeof value === "string") {
      if (key !== "id" && key !== "kind" && key !== "type") strings.push(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk({
    title: material.title,
    description: material.description,
    tags: material.tags,
    content: material.content,
  });
  return strings;
}

/** The texts a template may hold besides the empty slots: they say what to write, in the locale. */
const SLOT_TEXT = {
  en: /write/i,
  vi: /viết/i,
} as const;

function expectValidChoices(question: { choices: string[]; correctIndex: number }) {
  expect(question.choices).toHaveLength(4);
  expect(new Set(question.choices).size).toBe(4);
  for (const choice of question.choices) expect(choice.trim().length).toBeGreaterThan(0);
  expect(Number.isInteger(question.correctIndex)).toBe(true);
  expect(question.correctIndex).toBeGreaterThanOrEqual(0);
  expect(question.correctIndex).toBeLessThan(4);
}

/** A question slot: what to write, four EMPTY choices, no correct answer chosen. */
function expectEmptyChoiceSlot(
  question: { question: string; choices: string[]; correctIndex: number },
  n: number,
  locale: "en" | "vi",
) {
  expect(question.question).toMatch(
    locale === "en" ? new RegExp(`^Question ${n}: write`) : new RegExp(`^Câu hỏi ${n}: viết`),
  );
  expect(question.choices).toEqual(["", "", "", ""]);
  expect(question.correctIndex).toBe(-1);
}

describe("material template without a model (issue 28 §2; 000 §2 AI Generate, §7 generate-ai-material)", () => {
  it("lays out slots, never content, for every type, subject, level and locale", () => {
    for (const category of SUBJECTS) {
      for (const skillLevel of SKILL_LEVELS) {
        for (const locale of ["en", "vi"] as const) {
          for (const type of AI_MATERIAL_TYPES) {
            const material = generateOfflineMaterial({
              type,
              category,
              skillLevel,
              locale,
              topic: "Course X",
            });
            expect(material.generatedBy).toBe("offline");
            expect(MATERIAL_TYPES).toContain(material.type);
            expect(material.title).toContain("Course X");
            expect(material.title).toMatch(locale === "en" ? / template: Course X$/ : /^Mẫu .+: Course X$/);
            expect(material.tags.at(-1)).toBe(locale === "en" ? "template" : "mẫu");
            expect(material.tags.length).toBeLessThanOrEqual(5);
            expect(material.description).toMatch(locale === "en" ? /^Template/ : /^Mẫu/);
            expect(material.description).toMatch(SLOT_TEXT[locale]);
            expect(Number.isInteger(material.duration)).toBe(true);
            expect(material.duration).toBeGreaterThan(0);
            for (const text of allText(material)) expect(text).not.toMatch(/lorem|ipsum|TODO|\{\w+\}/i);

            const content = material.content;
            expect(content.kind).toBe(type);
            if (content.kind === "quiz") {
              expect(content.questions).toHaveLength(QUIZ_SLOTS[materialLevel(skillLevel)]);
              for (const [i, q] of content.questions.entries()) expectEmptyChoiceSlot(q, i + 1, locale);
              expect(new Set(content.questions.map((q) => q.id)).size).toBe(content.questions.length);
            } else if (content.kind === "worksheet") {
              expect(content.instructions).toMatch(SLOT_TEXT[locale]);
              expect(content.items.length).toBeGreaterThanOrEqual(4);
              for (const item of content.items) {
                expect(item.prompt).toMatch(SLOT_TEXT[locale]);
                expect(item.answer).toBe("");
              }
            } else if (content.kind === "essay") {
              expect(content.prompt).toMatch(SLOT_TEXT[locale]);
              expect(content.prompt).toContain("Course X");
              expect(content.guidance.length).toBeGreaterThanOrEqual(3);
              for (const g of content.guidance) expect(g).toMatch(SLOT_TEXT[locale]);
              expect(content.wordCount.max).toBeGreaterThan(content.wordCount.min);
              expect(content.rubric.length).toBeGreaterThanOrEqual(3);
              for (const r of content.rubric) expect(r.points).toBeGreaterThan(0);
            } else {
              const slots = ASSESSMENT_SLOTS[materialLevel(skillLevel)];
              const mcq = content.questions.filter((q) => q.type === "multiple-choice");
              const short = content.questions.filter((q) => q.type === "short-answer");
              expect(mcq).toHaveLength(slots.choice);
              expect(short).toHaveLength(slots.short);
              for (const [i, q] of mcq.entries()) expectEmptyChoiceSlot(q, i + 1, locale);
              for (const q of short) {
                expect(q.question).toMatch(SLOT_TEXT[locale]);
                expect(q.sampleAnswer).toBe("");
              }
              const points = content.questions.reduce((sum, q) => sum + q.points, 0);
              expect(content.rubric.reduce((sum, r) => sum + r.points, 0)).toBe(points);
              expect(content.passMark).toBe(70);
            }
          }
        }
      }
    }
  });

  it("quiz: N empty question slots by level", () => {
    const quiz = generateOfflineMaterial({
      type: "quiz",
      skillLevel: "advanced",
      topic: "Phở",
      locale: "en",
    });
    expect(quiz.title).toBe("Quiz template: Phở");
    expect(quiz.description).toBe(
      "Template with 8 question slots and empty choices: write each question and its choices, and mark the correct answer before giving it to students.",
    );
    const content = quiz.content as QuizContent;
    expect(content.questions.map((q) => q.question)).toEqual(
      Array.from(
        { length: 8 },
        (_, i) => `Question ${i + 1}: write the question, its four choices and mark the correct one.`,
      ),
    );
    expect(QUIZ_SLOTS).toEqual({ beginner: 5, intermediate: 6, advanced: 8 });
  });

  it("worksheet: exercise slots under section headings, empty answer keys", () => {
    const en = generateOfflineMaterial({ type: "worksheet", skillLevel: "beginner", topic: "Phở" });
    expect((en.content as WorksheetContent).items.map((i) => i.prompt)).toEqual([
      "Warm-up, exercise 1: write the task and its answer key.",
      "Practice, exercise 1: write the task and its answer key.",
      "Practice, exercise 2: write the task and its answer key.",
      "Check your understanding, exercise 1: write the task and its answer key.",
    ]);
    const vi = generateOfflineMaterial({
      type: "worksheet",
      skillLevel: "advanced",
      topic: "Phở",
      locale: "vi",
    });
    expect(vi.title).toBe("Mẫu phiếu bài tập: Phở");
    const items = (vi.content as WorksheetContent).items;
    expect(items).toHaveLength(6);
    expect(items[0]).toMatchObject({
      prompt: "Phân tích, bài 1: viết yêu cầu bài tập và đáp án.",
      answer: "",
    });
  });

  it("essay: a prompt slot naming the topic and one guidance slot per heading", () => {
    const en = generateOfflineMaterial({ type: "essay", skillLevel: "intermediate", topic: "Phở" });
    expect(en.type).toBe("document");
    const content = en.content as EssayContent;
    expect(content.prompt).toBe("Write the essay question on Phở here.");
    expect(content.guidance.map((g) => g.split(":")[0])).toEqual([
      "Introduction",
      "Body",
      "Evidence",
      "Conclusion",
    ]);
    expect(content.wordCount).toEqual({ min: 300, max: 500 });
    const vi = generateOfflineMaterial({ type: "essay", skillLevel: "beginner", topic: "Phở", locale: "vi" });
    expect((vi.content as EssayContent).prompt).toBe("Viết đề bài luận về Phở tại đây.");
    expect((vi.content as EssayContent).guidance.map((g) => g.split(":")[0])).toEqual([
      "Mở bài",
      "Thân bài",
      "Kết bài",
    ]);
  });

  it("assessment: empty multiple-choice then short-answer slots, rubric matching the points", () => {
    const vi = generateOfflineMaterial({ type: "assessment", skillLevel: "advanced", locale: "vi" });
    expect(vi.type).toBe("quiz");
    expect(vi.title).toBe("Mẫu bài đánh giá: Tổng quát (nâng cao)");
    const content = vi.content as AssessmentContent;
    expect(content.questions.map((q) => q.type)).toEqual([
      ...Array(6).fill("multiple-choice"),
      ...Array(3).fill("short-answer"),
    ]);
    expect(content.questions.at(-1)).toMatchObject({
      question: "Câu tự luận ngắn 3: viết câu hỏi và đáp án mẫu.",
      sampleAnswer: "",
      points: 5,
    });
    expect(content.rubric).toEqual([
      { criterion: "Câu trắc nghiệm", points: 12 },
      { criterion: "Câu tự luận ngắn", points: 15 },
    ]);
  });

  it("stores essays as documents and assessments as quizzes", () => {
    const typeOf = (type: (typeof AI_MATERIAL_TYPES)[number]) => generateOfflineMaterial({ type }).type;
    expect(typeOf("quiz")).toBe("quiz");
    expect(typeOf("worksheet")).toBe("worksheet");
    expect(typeOf("essay")).toBe("document");
    expect(typeOf("assessment")).toBe("quiz");
  });

  it("writes Vietnamese for vi and English for en", () => {
    for (const type of AI_MATERIAL_TYPES) {
      const vi = generateOfflineMaterial({
        type,
        category: "science",
        skillLevel: "intermediate",
        locale: "vi",
      });
      expect(vi.title).toMatch(VIETNAMESE);
      expect(vi.description).toMatch(VIETNAMESE);
      const en = generateOfflineMaterial({
        type,
        category: "science",
        skillLevel: "intermediate",
        locale: "en",
      });
      for (const text of allText(en)) expect(text).not.toMatch(VIETNAMESE);
    }
  });

  it("claims no subject knowledge: the category only changes the tags and the untitled name", () => {
    const strip = (m: GeneratedMaterial) => JSON.stringify(m.content).replace(/"id":"[^"]+"/g, "");
    for (const type of AI_MATERIAL_TYPES) {
      const a = generateOfflineMaterial({ type, category: "programming", topic: "T" });
      const b = generateOfflineMaterial({ type, category: "cooking", topic: "T" });
      expect(strip(a)).toBe(strip(b));
      expect(a.tags[0]).toBe("programming");
      expect(b.tags[0]).toBe("general");
    }
  });

  it("is deterministic apart from ids", () => {
    const strip = (m: GeneratedMaterial) => JSON.stringify(m).replace(/"id":"[^"]+"/g, "");
    const request = {
      type: "assessment",
      category: "business",
      skillLevel: "advanced",
      topic: "Shop",
    } as const;
    expect(strip(generateOfflineMaterial(request))).toBe(strip(generateOfflineMaterial(request)));
  });

  it("reads free-text categories and levels", () => {
    expect(materialSubject("programming")).toBe("programming");
    expect(materialSubject("Lập trình web")).toBe("programming");
    expect(materialSubject("English")).toBe("language");
    expect(materialSubject(undefined)).toBe("general");
    expect(materialSubject("general")).toBe("general");
    expect(materialLevel("Advanced")).toBe("advanced");
    expect(materialLevel("trung cấp")).toBe("intermediate");
    expect(materialLevel("")).toBe("beginner");
  });

  it("accepts the defaults of generateMaterialSchema (category general, level beginner)", () => {
    const request = generateMaterialSchema.parse({ type: "worksheet" });
    const material = generateOfflineMaterial(request);
    expect(material.type).toBe("worksheet");
    expect(material.title).toBe("Worksheet template: General (beginner)");
    expect(material.tags).toEqual(["general", "beginner", "worksheet", "template"]);
    expect(materialBasics(request)).toEqual({
      title: "Worksheet: General (beginner)",
      duration: 20,
      tags: ["general", "beginner", "worksheet"],
    });
  });
});

describe("SAMPLE_MATERIALS (000 §7 generate-materials, §9 fallback materials: 3)", () => {
  const sampleSchema = materialSchema.omit({ id: true, createdAt: true });

  it("has exactly three samples shaped like the Material contract, with empty slots", () => {
    expect(SAMPLE_MATERIALS).toHaveLength(3);
    for (const sample of SAMPLE_MATERIALS) {
      expect(sampleSchema.parse(sample)).toEqual(sample);
      expect(sample.source).toBe("sample");
      expect(sample.title).toMatch(/^Sample template: /);
    }
    expect(SAMPLE_MATERIALS.map((s) => s.type)).toEqual(["quiz", "worksheet", "document"]);
    expect(new Set(SAMPLE_MATERIALS.map((s) => s.title)).size).toBe(3);
    const quiz = SAMPLE_MATERIALS[0].content as QuizContent;
    for (const q of quiz.questions) expect(q.choices).toEqual(["", "", "", ""]);
  });

  it("exists in Vietnamese", () => {
    const vi = sampleMaterials("vi");
    expect(vi).toHaveLength(3);
    for (const sample of vi) {
      expect(sampleSchema.parse(sample)).toEqual(sample);
      expect(sample.title).toMatch(VIETNAMESE);
    }
  });
});

const modelQuiz = {
  title: "  Pandas basics quiz ",
  description: "Check what you know about DataFrames.",
  duration: 12.4,
  tags: ["Pandas", "pandas", " data ", "python"],
  questions: [
    {
      question: "What is a DataFrame?",
      choices: ["A table", "A chart", "A file", "A loop"],
      correctIndex: 0,
    },
    {
      question: "Which method shows the first rows?",
      choices: ["head()", "tail()", "first()", "top()"],
      correctIndex: 0,
    },
    {
      question: "Which method drops missing values?",
      choices: ["fillna()", "dropna()", "isna()", "drop()"],
      correctIndex: 1,
    },
    {
      question: "How do you select a column?",
      choices: ["df['a']", "df.a()", "df->a", "df::a"],
      correctIndex: 0,
    },
    {
      question: "Which reads a CSV file?",
      choices: ["read_csv()", "load()", "open_csv()", "csv()"],
      correctIndex: 0,
    },
  ],
};

describe("AI adapter: materials", () => {
  let server: FakeModelServer;
  let adapter: ReturnType<typeof createAiAdapter>;

  beforeAll(async () => {
    server = await startFakeModelServer();
    const env = loadEnv({ AI_BASE_URL: server.baseUrl, AI_TIMEOUT_MS: "1000", LOG_LEVEL: "silent" });
    adapter = createAiAdapter(env, createLogger("silent"));
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("uses the offline generator when no model is configured", async () => {
    const offline = createAiAdapter(loadEnv({ LOG_LEVEL: "silent" }), createLogger("silent"));
    const material = await offline.generateMaterial({ type: "quiz", category: "science", locale: "vi" });
    expect(material.generatedBy).toBe("offline");
    expect(material.title).toBe("Mẫu trắc nghiệm: Khoa học (cơ bản)");
    const questions = (material.content as QuizContent).questions;
    expect(questions).toHaveLength(5);
    for (const [i, q] of questions.entries()) expectEmptyChoiceSlot(q, i + 1, "vi");
  });

  it("(d) uses a valid quiz from the model, normalized", async () => {
    server.setReply(() => ({ content: JSON.stringify(modelQuiz) }));
    const material = await adapter.generateMaterial({
      type: "quiz",
      category: "programming",
      skillLevel: "beginner",
      topic: "Pandas",
    });
    expect(material.generatedBy).toBe("model");
    expect(material.title).toBe("Pandas basics quiz");
    expect(material.type).toBe("quiz");
    expect(material.duration).toBe(12);
    expect(material.tags).toEqual(["pandas", "data", "python"]);
    const content = material.content as QuizContent;
    expect(content.questions.map((q) => q.question)).toEqual(modelQuiz.questions.map((q) => q.question));
    expect(content.questions[2].correctIndex).toBe(1);
    for (const question of content.questions) {
      expect(question.id).toMatch(/^[0-9a-f-]{36}$/);
      expectValidChoices(question);
    }

    const sent = server.requests[0];
    expect(sent.response_format?.type).toBe("json_schema");
    expect(sent.response_format?.json_schema?.name).toBe("quiz_material");
    expect(JSON.stringify(sent.messages)).toContain("Pandas");
  });

  it("(d) uses a valid essay and assessment from the model", async () => {
    server.setReply(() => ({
      content: JSON.stringify({
        title: "Essay",
        description: "Write about data.",
        duration: 40,
        tags: [],
        prompt: "Explain why clean data matters.",
        guidance: ["Define clean data.", "Give an example."],
        wordCount: { min: 300, max: 500 },
        rubric: [
          { criterion: "Ideas", points: 5 },
          { criterion: "Language", points: 5 },
        ],
      }),
    }));
    const essay = await adapter.generateMaterial({ type: "essay", category: "programming" });
    expect(essay.generatedBy).toBe("model");
    expect(essay.type).toBe("document");
    expect((essay.content as EssayContent).prompt).toBe("Explain why clean data matters.");
    expect(essay.tags.length).toBeGreaterThan(0);

    server.setReply(() => ({
      content: JSON.stringify({
        title: "Check",
        description: "Mixed questions.",
        duration: 30,
        tags: ["data"],
        questions: [
          ...modelQuiz.questions
            .slice(0, 3)
            .map((q) => ({ ...q, type: "multiple-choice", sampleAnswer: "", points: 2 })),
          {
            type: "short-answer",
            question: "Why index a DataFrame?",
            choices: [],
            correctIndex: -1,
            sampleAnswer: "For fast lookups.",
            points: 5,
          },
        ],
        rubric: [
          { criterion: "Accuracy", points: 6 },
          { criterion: "Clarity", points: 5 },
        ],
        passMark: 80,
      }),
    }));
    const assessment = await adapter.generateMaterial({ type: "assessment" });
    expect(assessment.generatedBy).toBe("model");
    expect(assessment.type).toBe("quiz");
    const content = assessment.content as AssessmentContent;
    expect(content.questions.map((q) => q.type)).toEqual([
      "multiple-choice",
      "multiple-choice",
      "multiple-choice",
      "short-answer",
    ]);
    expect(content.passMark).toBe(80);
  });

  it.each([
    ["text that is not JSON", () => ({ content: "Here is a quiz: 1) …" })],
    ["JSON of the wrong shape", () => ({ content: JSON.stringify({ quiz: [] }) })],
    [
      "too few questions",
      () => ({ content: JSON.stringify({ ...modelQuiz, questions: modelQuiz.questions.slice(0, 3) }) }),
    ],
    [
      "duplicate choices",
      () => ({
        content: JSON.stringify({
          ...modelQuiz,
          questions: modelQuiz.questions.map((q) => ({ ...q, choices: ["A", "A", "B", "C"] })),
        }),
      }),
    ],
    [
      "an out-of-range correct answer",
      () => ({
        content: JSON.stringify({
          ...modelQuiz,
          questions: modelQuiz.questions.map((q) => ({ ...q, correctIndex: 4 })),
        }),
      }),
    ],
    ["an HTTP 500", () => ({ status: 500 })],
  ] as const)("(d) falls back to the template on %s", async (_label, reply) => {
    server.setReply(reply);
    const material = await adapter.generateMaterial({ type: "quiz", category: "language", locale: "vi" });
    expect(material.generatedBy).toBe("offline");
    const content = material.content as QuizContent;
    expect(content.questions).toHaveLength(5);
    for (const [i, q] of content.questions.entries()) expectEmptyChoiceSlot(q, i + 1, "vi");
  });

  it("(d) falls back to the template when the model times out", async () => {
    server.setReply(() => "hang");
    const started = performance.now();
    const material = await adapter.generateMaterial({ type: "worksheet", category: "business" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(material.generatedBy).toBe("offline");
    const items = (material.content as WorksheetContent).items;
    expect(items).toHaveLength(4);
    for (const item of items) expect(item.answer).toBe("");
  });
});
