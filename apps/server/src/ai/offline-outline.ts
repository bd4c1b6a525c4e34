import { randomUUID } from "node:crypto";
import {
  type BuilderLesson,
  FALLBACK_SECTION_MINUTES,
  hoursToMinutes,
  type LESSON_TYPES,
  type OutlineRequest,
  type OutlineSection,
} from "@academy/shared";
import { distributeMinutes } from "./minutes.ts";
import type { Locale, SkillLevel } from "./types.ts";

/**
 * The outline TEMPLATE used when no model is configured (issue 17 §2, decision 0175), and the
 * two-section default outline (spec 000 §4, §9) used when a model fails. It does not pretend to
 * know the subject: it lays out sections and lesson slots named from the course's title, level
 * and hours, for the creator to rename and fill. The builder labels it "Template", never "AI".
 * Deterministic apart from the ids; no network, no I/O.
 */

/** Total minutes of an outline when the course has no estimated duration (hours = 0). */
export const DEFAULT_OUTLINE_MINUTES = 120;
/**
 * Section count bounds of the template outline: 3 × 3 at most (issue 24 §8: a starting point that
 * respects the creator's time; they add more sections and lessons themselves).
 */
export const OUTLINE_MIN_SECTIONS = 3;
export const OUTLINE_MAX_SECTIONS = 3;
/** Lesson slots of one template section, at most (the last is its quiz). */
export const OUTLINE_MAX_LESSONS = 3;

type LessonType = (typeof LESSON_TYPES)[number];

/** Target minutes of one lesson slot, by level (advanced lessons run longer). */
const LESSON_MINUTES: Record<SkillLevel, number> = { beginner: 12, intermediate: 15, advanced: 20 };
/** A section's closing quiz counts for this share of a content lesson's time. */
const QUIZ_WEIGHT = 0.6;
const TOPIC_MAX = 80;

interface Words {
  /** Opening and closing section titles by level; "{topic}" is the course title. */
  first: Record<SkillLevel, string>;
  last: Record<SkillLevel, string>;
  /** Middle sections: "{topic}" and "{n}" (the section's number). */
  middle: Record<SkillLevel, string>;
  firstDescription: string;
  middleDescription: string;
  lastDescription: string;
  lesson: Record<Exclude<LessonType, "quiz">, string>;
  quiz: string;
  fallbackSection: string;
  fallbackDescriptions: [string, string];
  fallbackLessons: [string, string];
  emptyTopic: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    first: {
      beginner: "Getting started with {topic}",
      intermediate: "Refresher: {topic} essentials",
      advanced: "{topic}: scope and prerequisites",
    },
    middle: {
      beginner: "{topic}: part {n}",
      intermediate: "Building on {topic}: part {n}",
      advanced: "Deep dive {n}: {topic}",
    },
    last: {
      beginner: "Review and next steps",
      intermediate: "Project: {topic} in practice",
      advanced: "Capstone: {topic}",
    },
    firstDescription: "Welcome students, set expectations and cover what they need before starting {topic}.",
    middleDescription:
      "Part {n} of {topic}: rename this section after the idea it teaches, then fill its lessons.",
    lastDescription: "Bring {topic} together: a review or project that shows what students can now do.",
    lesson: { video: "Video lesson {s}.{l}", text: "Reading {s}.{l}" },
    quiz: "Section {s} check",
    fallbackSection: "Section",
    fallbackDescriptions: [
      "Get started with {topic}: the key ideas and your first steps.",
      "Go deeper into {topic} with guided practice and a final review.",
    ],
    fallbackLessons: ["Introduction to {topic}", "Practice and review"],
    emptyTopic: "this course",
  },
  vi: {
    first: {
      beginner: "Làm quen với {topic}",
      intermediate: "Ôn lại kiến thức cốt lõi: {topic}",
      advanced: "{topic}: phạm vi và kiến thức cần có",
    },
    middle: {
      beginner: "{topic}: phần {n}",
      intermediate: "Phát triển {topic}: phần {n}",
      advanced: "Chuyên sâu {n}: {topic}",
    },
    last: {
      beginner: "Ôn tập và bước tiếp theo",
      intermediate: "Dự án: ứng dụng {topic}",
      advanced: "Dự án tổng kết: {topic}",
    },
    firstDescription: "Chào đón học viên, nêu mục tiêu và những gì cần chuẩn bị trước khi học {topic}.",
    middleDescription: "Phần {n} của {topic}: đặt lại tên phần theo nội dung nó dạy, rồi điền các bài học.",
    lastDescription: "Tổng hợp {topic}: phần ôn tập hoặc dự án cho thấy học viên đã làm được gì.",
    lesson: { video: "Bài video {s}.{l}", text: "Bài đọc {s}.{l}" },
    quiz: "Kiểm tra phần {s}",
    fallbackSection: "Phần",
    fallbackDescriptions: [
      "Bắt đầu với {topic}: những ý chính và các bước đầu tiên.",
      "Tìm hiểu sâu hơn về {topic} qua phần thực hành có hướng dẫn và ôn tập cuối khóa.",
    ],
    fallbackLessons: ["Giới thiệu về {topic}", "Thực hành và ôn tập"],
    emptyTopic: "khóa học này",
  },
};

/** The course title as it appears inside texts: whitespace collapsed, at most 80 characters. */
function topicOf(title: string, locale: Locale): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (!clean) return WORDS[locale].emptyTopic;
  return clean.length > TOPIC_MAX ? `${clean.slice(0, TOPIC_MAX - 1).trimEnd()}…` : clean;
}

/** Replaces {topic}, {n}, {s} and {l} (function replacers: `$` in a title stays as typed). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(topic|n|s|l)\}/g, (_, key: string) => String(values[key] ?? ""));
}
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** How many sections an outline of `totalMinutes` gets: always within OUTLINE_MIN_SECTIONS–OUTLINE_MAX_SECTIONS (3). */
export function outlineSectionCount(totalMinutes: number): number {
  const n = Math.round(3 * Math.sqrt(Math.max(0, totalMinutes) / 60));
  return Math.min(OUTLINE_MAX_SECTIONS, Math.max(OUTLINE_MIN_SECTIONS, n));
}

/**
 * The outline template (issue 17 §2; spec 000 §2 AI Course Outline Generator and §7
 * generate-course-outline, when no model is configured).
 * @param request title (named in the section titles), skillLevel (section names and lesson
 *   length: 12 / 15 / 20 minutes), estimatedDuration in HOURS (0 → 120 minutes), locale.
 *   category and audience are not used: the template claims no subject knowledge.
 * @returns 3 sections: an opening section, a middle section and a closing review/project/capstone
 *   by level (issue 24 §8: at most 3 × 3; the creator adds more). Each section has 2–3 lesson slots
 *   ("Video lesson 1.1", "Reading 1.2", …, ending with "Section 1 check", a quiz) — fewer only when
 *   a section is shorter than its lessons. Durations are integer MINUTES; a section is the sum of
 *   its lessons and all sections add up to exactly round(hours × 60). Ids are fresh UUIDs. The
 *   lessons have no content: publishing lists them until the creator fills them. Never throws.
 */
export function generateOfflineOutline(request: OutlineRequest): OutlineSection[] {
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const level: SkillLevel = request.skillLevel ?? "beginner";
  const words = WORDS[locale];
  const topic = topicOf(request.title, locale);
  const hoursMinutes = hoursToMinutes(request.estimatedDuration);
  const total = hoursMinutes > 0 ? hoursMinutes : DEFAULT_OUTLINE_MINUTES;
  const count = outlineSectionCount(total);
  const sectionMinutes = distributeMinutes(total, Array<number>(count).fill(1));

  return sectionMinutes.map((minutes, index) => {
    const s = index + 1;
    const wanted = Math.min(OUTLINE_MAX_LESSONS, Math.max(2, Math.round(minutes / LESSON_MINUTES[level])));
    const lessonCount = Math.max(1, Math.min(wanted, minutes));
    const types: LessonType[] =
      lessonCount === 1
        ? ["video"]
        : [
            ...Array.from(
              { length: lessonCount - 1 },
              (_, i): LessonType => (i % 2 === 0 ? "video" : "text"),
            ),
            "quiz",
          ];
    const lessonMinutes = distributeMinutes(
      minutes,
      types.map((type) => (type === "quiz" ? QUIZ_WEIGHT : 1)),
    );
    const lessons: BuilderLesson[] = types.map((type, i) => ({
      id: randomUUID(),
      title: type === "quiz" ? fill(words.quiz, { s }) : fill(words.lesson[type], { s, l: i + 1 }),
      type,
      duration: lessonMinutes[i],
    }));
    const isFirst = index === 0;
    const isLast = index === count - 1;
    const title = isFirst ? words.first[level] : isLast ? words.last[level] : words.middle[level];
    const description = isFirst
      ? words.firstDescription
      : isLast
        ? words.lastDescription
        : words.middleDescription;
    return {
      id: randomUUID(),
      title: cut(fill(title, { topic, n: index }), 200),
      description: cut(fill(description, { topic, n: index }), 2000),
      duration: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
      materials: [],
      lessons,
    };
  });
}

/**
 * The two-section default outline (000 §4 "On failure or an empty result a two-section default
 * outline replaces it", §9 "section 1 of 45 min and section 2 of 90 min").
 * @param request uses only title (the topic in descriptions) and locale ("Section 1"/"Phần 1").
 * @returns two sections of 45 and 90 MINUTES, each with one lesson of the same duration (a video,
 *   then a text lesson) for the creator to fill. Never throws.
 */
export function fallbackOutline(request: Pick<OutlineRequest, "title" | "locale">): OutlineSection[] {
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const words = WORDS[locale];
  const topic = topicOf(request.title ?? "", locale);
  const lessonTypes: LessonType[] = ["video", "text"];
  return FALLBACK_SECTION_MINUTES.map((minutes, i) => ({
    id: randomUUID(),
    title: `${words.fallbackSection} ${i + 1}`,
    description: fill(words.fallbackDescriptions[i], { topic }),
    duration: minutes,
    materials: [],
    lessons: [
      {
        id: randomUUID(),
        title: cut(fill(words.fallbackLessons[i], { topic }), 200),
        type: lessonTypes[i],
        duration: minutes,
      },
    ],
  }));
}
