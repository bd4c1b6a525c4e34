import { randomUUID } from "node:crypto";
import type { Material } from "@academy/shared";
import {
  AI_MATERIAL_STORED_TYPE,
  type AiMaterialType,
  type AssessmentQuestion,
  type GeneratedMaterial,
  type Locale,
  type MaterialContent,
  type MaterialRequest,
  type SkillLevel,
} from "./types.ts";

/**
 * The material TEMPLATE used when no model is configured or the model fails (issue 28 §2,
 * decision 0218; spec 000 §2 Material Bank "AI Generate", §7 generate-ai-material), and the three
 * built-in sample materials (000 §7 generate-materials, §9 "Fallback materials: 3").
 * Like the outline template (offline-outline.ts, decision 0175) it claims no subject knowledge:
 * from the course title, level and material type it lays out headings and EMPTY slots for the
 * creator to write — question slots with empty choices and no correct answer chosen
 * (correctIndex -1), exercise slots with empty answer keys, an essay outline, an assessment with
 * empty multiple-choice and short-answer slots. Slot texts only say what to write ("Question 1:
 * write the question"); no fact about the subject is ever invented. Title, description and tags
 * say "template"; the Material Bank labels it (source "template", preview notice).
 * No network, no I/O; deterministic apart from the ids.
 */

const SUBJECTS = ["language", "programming", "business", "creative", "science", "general"] as const;
/** The broad subject of a free-text category (used in the model's prompt and in tags). */
export type MaterialSubject = (typeof SUBJECTS)[number];
/** Question slots of a quiz, by level. */
export const QUIZ_SLOTS: Record<SkillLevel, number> = { beginner: 5, intermediate: 6, advanced: 8 };
/** Multiple-choice and short-answer slots of an assessment, by level. */
export const ASSESSMENT_SLOTS: Record<SkillLevel, { choice: number; short: number }> = {
  beginner: { choice: 4, short: 2 },
  intermediate: { choice: 5, short: 2 },
  advanced: { choice: 6, short: 3 },
};
/** Choices per question slot (the Material Bank's quizzes have 4). */
export const CHOICES_PER_QUESTION = 4;
const MCQ_POINTS = 2;
const SHORT_ANSWER_POINTS = 5;
const ASSESSMENT_PASS_MARK = 70;
/** Words per essay, by level. */
const ESSAY_WORDS: Record<SkillLevel, { min: number; max: number }> = {
  beginner: { min: 150, max: 250 },
  intermediate: { min: 300, max: 500 },
  advanced: { min: 600, max: 900 },
};
/** Minutes a student needs, by material type and level. */
const DURATIONS: Record<AiMaterialType, Record<SkillLevel, number>> = {
  quiz: { beginner: 10, intermediate: 10, advanced: 15 },
  worksheet: { beginner: 20, intermediate: 30, advanced: 40 },
  essay: { beginner: 30, intermediate: 45, advanced: 60 },
  assessment: { beginner: 30, intermediate: 40, advanced: 45 },
};
/** Worksheet section headings by level, in order, with their exercise slots. */
const WORKSHEET_SECTIONS: Record<SkillLevel, Partial<Record<SectionKey, number>>> = {
  beginner: { warmUp: 1, practice: 2, check: 1 },
  intermediate: { warmUp: 1, practice: 2, apply: 2, reflect: 1 },
  advanced: { analyse: 2, apply: 2, create: 1, reflect: 1 },
};
/** Essay outline parts by level. */
const ESSAY_PARTS: Record<SkillLevel, EssayPart[]> = {
  beginner: ["introduction", "body", "conclusion"],
  intermediate: ["introduction", "body", "evidence", "conclusion"],
  advanced: ["introduction", "body", "counter", "evidence", "conclusion"],
};
/** Rubric criteria (marking headings, not subject facts) with their points, by level. */
const RUBRIC_POINTS: Record<SkillLevel, Partial<Record<CriterionKey, number>>> = {
  beginner: { ideas: 4, organisation: 3, language: 3 },
  intermediate: { ideas: 6, evidence: 6, organisation: 4, language: 4 },
  advanced: { ideas: 10, evidence: 8, organisation: 6, language: 6 },
};

const SECTIONS = ["warmUp", "practice", "check", "apply", "analyse", "create", "reflect"] as const;
const CRITERIA = ["ideas", "evidence", "organisation", "language"] as const;
type SectionKey = (typeof SECTIONS)[number];
type CriterionKey = (typeof CRITERIA)[number];
type EssayPart = "introduction" | "body" | "counter" | "evidence" | "conclusion";
/** A record of `keys` to the "|"-separated `values`, in the same order. */
const byKey = <K extends string>(keys: readonly K[], values: string) =>
  Object.fromEntries(values.split("|").map((value, i) => [keys[i], value])) as Record<K, string>;

interface Words {
  type: Record<AiMaterialType, string>;
  subject: Record<MaterialSubject, string>;
  level: Record<SkillLevel, string>;
  /** Title of a template: "{type}" and "{topic}". */
  templateTitle: string;
  templateTag: string;
  question: string;
  shortQuestion: string;
  exercise: string;
  section: Record<SectionKey, string>;
  instructions: string;
  essayPrompt: string;
  essayPart: Record<EssayPart, string>;
  criterion: Record<CriterionKey, string>;
  choiceCriterion: string;
  shortCriterion: string;
  description: Record<AiMaterialType, string>;
  sampleTitles: [string, string, string];
}

const WORDS: Record<Locale, Words> = {
  en: {
    type: { quiz: "Quiz", worksheet: "Worksheet", essay: "Essay prompt", assessment: "Assessment" },
    subject: byKey(SUBJECTS, "Language|Programming|Business|Creative arts|Science|General"),
    level: { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" },
    templateTitle: "{type} template: {topic}",
    templateTag: "template",
    question: "Question {n}: write the question, its four choices and mark the correct one.",
    shortQuestion: "Short-answer question {n}: write the question and a model answer.",
    exercise: "{section}, exercise {n}: write the task and its answer key.",
    section: byKey(SECTIONS, "Warm-up|Practice|Check your understanding|Apply|Analyse|Create|Reflect"),
    instructions: "Write the instructions for students: what to do and how long it should take.",
    essayPrompt: "Write the essay question on {topic} here.",
    essayPart: {
      introduction: "Introduction: write what students should state first.",
      body: "Body: write the points each paragraph should develop.",
      counter: "Other viewpoints: write which opposing views students should weigh.",
      evidence: "Evidence: write what kind of examples or sources students should use.",
      conclusion: "Conclusion: write how students should close their essay.",
    },
    criterion: byKey(CRITERIA, "Ideas and argument|Evidence and examples|Organisation|Language and clarity"),
    choiceCriterion: "Multiple-choice answers",
    shortCriterion: "Short answers",
    description: {
      quiz: "Template with {n} question slots and empty choices: write each question and its choices, and mark the correct answer before giving it to students.",
      worksheet:
        "Template with {n} exercise slots under section headings: write each task and its answer key before giving it to students.",
      essay:
        "Template of an essay prompt: write the question and the guidance under each heading before giving it to students.",
      assessment:
        "Template with {n} question slots (multiple choice and short answer): write every question, choice and model answer before giving it to students.",
    },
    sampleTitles: ["Sample template: quiz", "Sample template: worksheet", "Sample template: essay prompt"],
  },
  vi: {
    type: {
      quiz: "Trắc nghiệm",
      worksheet: "Phiếu bài tập",
      essay: "Đề bài luận",
      assessment: "Bài đánh giá",
    },
    subject: byKey(SUBJECTS, "Ngôn ngữ|Lập trình|Kinh doanh|Sáng tạo nghệ thuật|Khoa học|Tổng quát"),
    level: { beginner: "Cơ bản", intermediate: "Trung cấp", advanced: "Nâng cao" },
    templateTitle: "Mẫu {type}: {topic}",
    templateTag: "mẫu",
    question: "Câu hỏi {n}: viết câu hỏi, bốn lựa chọn và đánh dấu đáp án đúng.",
    shortQuestion: "Câu tự luận ngắn {n}: viết câu hỏi và đáp án mẫu.",
    exercise: "{section}, bài {n}: viết yêu cầu bài tập và đáp án.",
    section: byKey(SECTIONS, "Khởi động|Luyện tập|Kiểm tra|Vận dụng|Phân tích|Sáng tạo|Suy ngẫm"),
    instructions: "Viết hướng dẫn cho học viên: cần làm gì và trong bao lâu.",
    essayPrompt: "Viết đề bài luận về {topic} tại đây.",
    essayPart: {
      introduction: "Mở bài: viết điều học viên cần nêu đầu tiên.",
      body: "Thân bài: viết các ý mà mỗi đoạn cần phát triển.",
      counter: "Quan điểm khác: viết các quan điểm trái chiều học viên cần cân nhắc.",
      evidence: "Dẫn chứng: viết loại ví dụ hoặc nguồn học viên nên dùng.",
      conclusion: "Kết bài: viết cách học viên nên kết thúc bài luận.",
    },
    criterion: byKey(CRITERIA, "Ý tưởng và lập luận|Dẫn chứng và ví dụ|Bố cục|Ngôn ngữ và độ rõ ràng"),
    choiceCriterion: "Câu trắc nghiệm",
    shortCriterion: "Câu tự luận ngắn",
    description: {
      quiz: "Mẫu gồm {n} ô câu hỏi với các lựa chọn để trống: hãy viết từng câu hỏi, các lựa chọn và đánh dấu đáp án đúng trước khi giao cho học viên.",
      worksheet:
        "Mẫu gồm {n} ô bài tập theo từng mục: hãy viết yêu cầu và đáp án của từng bài trước khi giao cho học viên.",
      essay: "Mẫu đề bài luận: hãy viết đề bài và phần hướng dẫn dưới mỗi mục trước khi giao cho học viên.",
      assessment:
        "Mẫu gồm {n} ô câu hỏi (trắc nghiệm và tự luận ngắn): hãy viết mọi câu hỏi, lựa chọn và đáp án mẫu trước khi giao cho học viên.",
    },
    sampleTitles: ["Mẫu có sẵn: trắc nghiệm", "Mẫu có sẵn: phiếu bài tập", "Mẫu có sẵn: đề bài luận"],
  },
};

/** Replaces {topic}, {type}, {section} and {n} (function replacer: `$` in a title stays as typed). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(topic|type|section|n)\}/g, (_, key: string) => String(values[key] ?? ""));
}

/**
 * The subject of a free-text category: the five course categories by name (also their Vietnamese
 * names and a few synonyms), anything else → "general". Used in the model's prompt and in tags.
 */
export function materialSubject(category: string | null | undefined): MaterialSubject {
  const value = (category ?? "").trim().toLowerCase();
  if ((SUBJECTS as readonly string[]).includes(value)) return value as MaterialSubject;
  if (/program|coding|code|software|lập trình/.test(value)) return "programming";
  if (/language|english|ngôn ngữ|tiếng|ngoại ngữ/.test(value)) return "language";
  if (/business|marketing|finance|kinh doanh|tài chính/.test(value)) return "business";
  if (/creative|art|design|music|photo|sáng tạo|nghệ thuật|thiết kế/.test(value)) return "creative";
  if (/science|physics|chemistry|biology|khoa học|vật lý|hóa học|sinh học/.test(value)) return "science";
  return "general";
}

/** The skill level of a free-text level: "advanced"/"nâng cao" → advanced, "intermediate"/"trung cấp" → intermediate, else beginner. */
export function materialLevel(level: string | null | undefined): SkillLevel {
  const value = (level ?? "").trim().toLowerCase();
  if (/adv|expert|nâng cao/.test(value)) return "advanced";
  if (/inter|trung/.test(value)) return "intermediate";
  return "beginner";
}

interface Context {
  type: AiMaterialType;
  subject: MaterialSubject;
  level: SkillLevel;
  locale: Locale;
  words: Words;
  /** Course title (≤ 120 characters), or "Subject (level)" when the request names none. */
  topic: string;
}

function contextOf(request: MaterialRequest): Context {
  const subject = materialSubject(request.category);
  const level = materialLevel(request.skillLevel);
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const words = WORDS[locale];
  const title = (request.topic ?? "").replace(/\s+/g, " ").trim().slice(0, 120);
  const topic = title || `${words.subject[subject]} (${words.level[level].toLowerCase()})`;
  const type = request.type in DURATIONS ? request.type : "quiz";
  return { type, subject, level, locale, words, topic };
}

/**
 * Title, duration and tags of a material that do not depend on who writes its content: title
 * "{Type}: {topic}", duration in MINUTES by type and level, tags [subject, level, type] in the
 * request's locale. ai.ts uses them when the model leaves them empty.
 */
export function materialBasics(request: MaterialRequest): {
  title: string;
  duration: number;
  tags: string[];
} {
  const ctx = contextOf(request);
  const { words } = ctx;
  return {
    title: `${words.type[ctx.type]}: ${ctx.topic}`,
    duration: DURATIONS[ctx.type][ctx.level],
    tags: [words.subject[ctx.subject], words.level[ctx.level], words.type[ctx.type]].map((t) =>
      t.toLowerCase(),
    ),
  };
}

/** `count` question slots: the slot text, CHOICES_PER_QUESTION empty choices, no correct answer (-1). */
function choiceSlots(words: Words, count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    question: fill(words.question, { n: from + i }),
    choices: Array<string>(CHOICES_PER_QUESTION).fill(""),
    correctIndex: -1,
  }));
}

function templateContent(ctx: Context): { content: MaterialContent; slots: number } {
  const { words, level } = ctx;
  switch (ctx.type) {
    case "quiz":
      return {
        content: { kind: "quiz", questions: choiceSlots(words, QUIZ_SLOTS[level]) },
        slots: QUIZ_SLOTS[level],
      };
    case "worksheet": {
      const sections = Object.entries(WORKSHEET_SECTIONS[level]) as [SectionKey, number][];
      const items = sections.flatMap(([key, count]) =>
        Array.from({ length: count }, (_, i) => ({
          id: randomUUID(),
          prompt: fill(words.exercise, { section: words.section[key], n: i + 1 }),
          answer: "",
        })),
      );
      return { content: { kind: "worksheet", instructions: words.instructions, items }, slots: items.length };
    }
    case "essay": {
      const points = Object.entries(RUBRIC_POINTS[level]) as [CriterionKey, number][];
      return {
        content: {
          kind: "essay",
          prompt: fill(words.essayPrompt, { topic: ctx.topic }),
          guidance: ESSAY_PARTS[level].map((part) => words.essayPart[part]),
          wordCount: { ...ESSAY_WORDS[level] },
          rubric: points.map(([key, p]) => ({ criterion: words.criterion[key], points: p })),
        },
        slots: 1,
      };
    }
    case "assessment": {
      const { choice, short } = ASSESSMENT_SLOTS[level];
      const questions: AssessmentQuestion[] = [
        ...choiceSlots(words, choice).map((q) => ({
          ...q,
          type: "multiple-choice" as const,
          points: MCQ_POINTS,
        })),
        ...Array.from({ length: short }, (_, i) => ({
          id: randomUUID(),
          type: "short-answer" as const,
          question: fill(words.shortQuestion, { n: i + 1 }),
          sampleAnswer: "",
          points: SHORT_ANSWER_POINTS,
        })),
      ];
      return {
        content: {
          kind: "assessment",
          questions,
          rubric: [
            { criterion: words.choiceCriterion, points: choice * MCQ_POINTS },
            { criterion: words.shortCriterion, points: short * SHORT_ANSWER_POINTS },
          ],
          passMark: ASSESSMENT_PASS_MARK,
        },
        slots: choice + short,
      };
    }
  }
}

/**
 * The material template (issue 28 §2; 000 §2 AI Generate and §7 generate-ai-material without a
 * model, or after the model failed).
 * @param request type (quiz | worksheet | essay | assessment; anything else → quiz), category
 *   (free text → subject, only in tags), skillLevel (free text, default beginner: slot counts,
 *   lengths, rubric), topic (the course title: named in the title and the essay slot), locale.
 * @returns a GeneratedMaterial with generatedBy "offline", title "Quiz template: {topic}" /
 *   "Mẫu Trắc nghiệm: {topic}", a description telling the creator what to write, tags [subject,
 *   level, type, "template"/"mẫu"], duration in MINUTES, and content by type:
 *   - quiz (stored "quiz"): QUIZ_SLOTS[level] questions (5 / 6 / 8), each a slot text, 4 empty
 *     choices and correctIndex -1 (no answer chosen);
 *   - worksheet ("worksheet"): instructions slot and 4 / 6 / 6 exercise slots named after section
 *     headings (Warm-up, Practice, … Reflect), each with an empty answer key "";
 *   - essay ("document"): a prompt slot naming the topic, one guidance slot per outline heading
 *     (3 / 4 / 5), wordCount in WORDS (150–250 / 300–500 / 600–900) and a marking rubric;
 *   - assessment ("quiz"): ASSESSMENT_SLOTS[level] empty multiple-choice slots (2 points) then
 *     short-answer slots with an empty sampleAnswer (5 points), a rubric whose points add up to the
 *     questions' and passMark 70 (percent).
 *   Never throws.
 */
export function generateOfflineMaterial(request: MaterialRequest): GeneratedMaterial {
  const ctx = contextOf(request);
  const { words } = ctx;
  const basics = materialBasics({ ...request, type: ctx.type });
  const { content, slots } = templateContent(ctx);
  return {
    title: fill(words.templateTitle, {
      type: ctx.locale === "vi" ? words.type[ctx.type].toLowerCase() : words.type[ctx.type],
      topic: ctx.topic,
    }),
    type: AI_MATERIAL_STORED_TYPE[ctx.type],
    description: fill(words.description[ctx.type], { n: slots }),
    duration: basics.duration,
    tags: [...basics.tags, words.templateTag],
    content,
    generatedBy: "offline",
  };
}

/** A built-in sample material: the Material contract (000 §3) without id and createdAt, which storage assigns. */
export type SampleMaterial = Omit<Material, "id" | "createdAt">;

/**
 * The three built-in sample materials in `locale` (000 §7 generate-materials: used when the
 * library is empty and generation fails; §9 "Fallback materials: 3"): the beginner quiz, worksheet
 * and essay-prompt TEMPLATES of `generateOfflineMaterial` (type quiz, worksheet, document),
 * titled "Sample template: quiz" / "Mẫu có sẵn: trắc nghiệm", …, category "general", level "beginner", source "sample", rating 0,
 * downloads 0, no file. Their slots are empty like every template's.
 */
export function sampleMaterials(locale: Locale = "en"): SampleMaterial[] {
  const types: AiMaterialType[] = ["quiz", "worksheet", "essay"];
  return types.map((type, i) => {
    const generated = generateOfflineMaterial({ type, category: "general", skillLevel: "beginner", locale });
    return {
      title: WORDS[locale].sampleTitles[i],
      type: generated.type,
      category: "general",
      skillLevel: "beginner",
      duration: generated.duration,
      description: generated.description,
      tags: generated.tags,
      rating: 0,
      downloads: 0,
      fileUrl: null,
      mimeType: null,
      sizeBytes: null,
      content: generated.content,
      source: "sample",
    };
  });
}

/** The three built-in sample materials in English (see `sampleMaterials`). */
export const SAMPLE_MATERIALS: readonly SampleMaterial[] = Object.freeze(sampleMaterials("en"));
