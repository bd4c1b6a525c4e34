import { Writable } from "node:stream";
import {
  CATEGORIES,
  FALLBACK_SECTION_MINUTES,
  type OutlineRequest,
  type OutlineSection,
  outlineRequestSchema,
  outlineResponseSchema,
  outlineSectionSchema,
  SKILL_LEVELS,
} from "@academy/shared";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAiAdapter } from "../src/ai/ai.ts";
import { distributeMinutes } from "../src/ai/minutes.ts";
import {
  DEFAULT_OUTLINE_MINUTES,
  fallbackOutline,
  generateOfflineOutline,
  outlineSectionCount,
} from "../src/ai/offline-outline.ts";
import { loadEnv } from "../src/env.ts";
import { createLogger } from "../src/lib/logger.ts";
import { type FakeModelServer, startFakeModelServer } from "./support/fake-model-server.ts";

/** Letters that only Vietnamese text has (lower and upper case via the i flag). */
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HOURS = [1, 2.5, 7, 40];

const outlineRequest = (overrides: Partial<OutlineRequest> = {}): OutlineRequest =>
  outlineRequestSchema.parse({ title: "Python for Data Analysis", category: "programming", ...overrides });

const total = (outline: OutlineSection[]) => outline.reduce((sum, section) => sum + section.duration, 0);
const lessons = (outline: OutlineSection[]) => outline.flatMap((section) => section.lessons);
const averageLesson = (outline: OutlineSection[]) => total(outline) / lessons(outline).length;
const texts = (outline: OutlineSection[]) =>
  outline.flatMap((s) => [s.title, s.description, ...s.lessons.map((l) => l.title)]);
const withoutIds = (outline: OutlineSection[]) =>
  outline.map(({ id: _id, lessons: items, ...rest }) => ({
    ...rest,
    lessons: items.map(({ id: _lessonId, ...lesson }) => lesson),
  }));

describe("outline template without a model (issue 17 §2; 000 §2, §5, §7)", () => {
  it("gives integer minutes that add up to exactly hours × 60, every section with lessons", () => {
    for (const hours of HOURS) {
      for (const category of [...CATEGORIES, null]) {
        for (const skillLevel of SKILL_LEVELS) {
          for (const locale of ["en", "vi"] as const) {
            const outline = generateOfflineOutline(
              outlineRequest({ category, skillLevel, locale, estimatedDuration: hours }),
            );
            expect(outline.length).toBe(3);
            expect(total(outline)).toBe(Math.round(hours * 60));
            for (const section of outline) {
              expect(outlineSectionSchema.parse(section)).toEqual(section);
              expect(Number.isInteger(section.duration)).toBe(true);
              expect(section.lessons.length).toBeGreaterThanOrEqual(1);
              expect(section.lessons.length).toBeLessThanOrEqual(3);
              expect(section.duration).toBe(section.lessons.reduce((sum, l) => sum + l.duration, 0));
              for (const lesson of section.lessons) {
                expect(Number.isInteger(lesson.duration)).toBe(true);
                expect(lesson.duration).toBeGreaterThan(0);
                expect(["text", "video", "quiz"]).toContain(lesson.type);
              }
            }
          }
        }
      }
    }
  });

  it("uses 120 minutes when the course has no estimated duration", () => {
    const outline = generateOfflineOutline(outlineRequest({ estimatedDuration: 0 }));
    expect(DEFAULT_OUTLINE_MINUTES).toBe(120);
    expect(total(outline)).toBe(120);
  });

  it("makes at most 3 sections × 3 lessons, however long the course (issue 24 §8: the creator adds more)", () => {
    expect(outlineSectionCount(60)).toBe(3);
    expect(outlineSectionCount(2400)).toBe(3);
    const short = generateOfflineOutline(outlineRequest({ estimatedDuration: 1 }));
    const long = generateOfflineOutline(outlineRequest({ estimatedDuration: 40 }));
    expect(short).toHaveLength(3);
    expect(long).toHaveLength(3);
    expect(Math.max(...long.map((s) => s.lessons.length))).toBe(3);
    expect(total(long)).toBe(40 * 60);
  });

  it("ends every section of two or more lessons with a quiz and uses unique ids", () => {
    const outline = generateOfflineOutline(outlineRequest({ estimatedDuration: 7 }));
    for (const section of outline) {
      expect(section.lessons.length).toBeGreaterThanOrEqual(2);
      expect(section.lessons.at(-1)?.type).toBe("quiz");
      expect(section.lessons.slice(0, -1).every((l) => l.type !== "quiz")).toBe(true);
    }
    const ids = [...outline.map((s) => s.id), ...lessons(outline).map((l) => l.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it("names the sections from the title and the level, and claims no subject knowledge", () => {
    const title = "Nấu phở Hà Nội";
    const beginner = generateOfflineOutline(
      outlineRequest({ title, category: "creative", estimatedDuration: 7 }),
    );
    expect(beginner[0].title).toBe(`Getting started with ${title}`);
    expect(beginner.at(-1)?.title).toBe("Review and next steps");
    expect(beginner[1].title).toBe(`${title}: part 1`);
    // The category does not change the template (no art principles for a phở course).
    const general = generateOfflineOutline(outlineRequest({ title, category: null, estimatedDuration: 7 }));
    expect(withoutIds(general)).toEqual(withoutIds(beginner));
    const advanced = generateOfflineOutline(
      outlineRequest({ title, skillLevel: "advanced", estimatedDuration: 7 }),
    );
    expect(advanced[0].title).toBe(`${title}: scope and prerequisites`);
    expect(advanced[1].title).toBe(`Deep dive 1: ${title}`);
    expect(advanced.at(-1)?.title).toBe(`Capstone: ${title}`);
    expect(averageLesson(advanced)).toBeGreaterThanOrEqual(averageLesson(beginner));
    const intermediate = generateOfflineOutline(
      outlineRequest({ title, skillLevel: "intermediate", estimatedDuration: 7 }),
    );
    expect(intermediate.at(-1)?.title).toBe(`Project: ${title} in practice`);
  });

  it("numbers the lesson slots for the creator to fill, ending each section with its check", () => {
    const outline = generateOfflineOutline(outlineRequest({ estimatedDuration: 2 }));
    expect(outline[0].lessons.map((l) => [l.title, l.type])).toEqual(
      outline[0].lessons.map((l, i, all) =>
        i === all.length - 1
          ? ["Section 1 check", "quiz"]
          : [i % 2 === 0 ? `Video lesson 1.${i + 1}` : `Reading 1.${i + 1}`, l.type],
      ),
    );
    expect(outline[0].lessons[0].type).toBe("video");
  });

  it("writes Vietnamese with diacritics for vi and plain English for en", () => {
    const vi = generateOfflineOutline(outlineRequest({ title: "Python", locale: "vi" }));
    for (const section of vi) expect(`${section.title} ${section.description}`).toMatch(VIETNAMESE);
    for (const lesson of lessons(vi)) expect(lesson.title).toMatch(VIETNAMESE);
    const en = generateOfflineOutline(outlineRequest({ title: "Python", locale: "en" }));
    for (const text of texts(en)) expect(text).not.toMatch(VIETNAMESE);
  });

  it("keeps $ patterns in a title as typed", () => {
    const outline = generateOfflineOutline(outlineRequest({ title: "Save $& and $` today" }));
    expect(outline[0].title).toBe("Getting started with Save $& and $` today");
  });

  it("is deterministic apart from ids", () => {
    const a = generateOfflineOutline(outlineRequest({ estimatedDuration: 3, locale: "vi" }));
    const b = generateOfflineOutline(outlineRequest({ estimatedDuration: 3, locale: "vi" }));
    expect(withoutIds(a)).toEqual(withoutIds(b));
    expect(a[0].id).not.toBe(b[0].id);
  });

  it("keeps titles within 200 characters for very long course titles", () => {
    const outline = generateOfflineOutline(outlineRequest({ title: "A".repeat(200), estimatedDuration: 5 }));
    for (const section of outline) expect(section.title.length).toBeLessThanOrEqual(200);
  });
});

describe("distributeMinutes", () => {
  it("splits whole minutes by weight and always adds up", () => {
    expect(distributeMinutes(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(distributeMinutes(100, [1, 3])).toEqual([25, 75]);
    expect(distributeMinutes(7, [0, 0])).toEqual([4, 3]);
    expect(distributeMinutes(5, [])).toEqual([]);
    for (const totalMinutes of [0, 1, 59, 150, 2401]) {
      const parts = distributeMinutes(totalMinutes, [0.8, 1, 1.4, 0.6]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(totalMinutes);
      expect(parts.every(Number.isInteger)).toBe(true);
    }
  });
});

describe("fallback outline (000 §4, §9)", () => {
  it("has two sections of 45 and 90 minutes, each with one lesson", () => {
    const outline = fallbackOutline({ title: "Photography", locale: "en" });
    expect(outline.map((s) => s.duration)).toEqual([45, 90]);
    expect(outline.map((s) => s.duration)).toEqual([...FALLBACK_SECTION_MINUTES]);
    expect(outline.map((s) => s.title)).toEqual(["Section 1", "Section 2"]);
    for (const section of outline) {
      expect(outlineSectionSchema.parse(section)).toEqual(section);
      expect(section.description).toContain("Photography");
      expect(section.lessons).toHaveLength(1);
      expect(section.lessons[0].duration).toBe(section.duration);
    }
  });

  it("is localized", () => {
    const outline = fallbackOutline({ title: "Nhiếp ảnh", locale: "vi" });
    expect(outline.map((s) => s.title)).toEqual(["Phần 1", "Phần 2"]);
    expect(outline[1].description).toMatch(VIETNAMESE);
  });
});

/** A pino logger that keeps its records in memory. */
function memoryLogger() {
  const records: { level: number; msg: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) records.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "warn" }, stream), records };
}

const modelOutline = {
  sections: [
    {
      title: "  Getting started with   pandas ",
      description: " Load data and explore it. ",
      duration: 40,
      lessons: [
        { title: "Installing pandas", type: "video", duration: 12.6 },
        { title: "  DataFrames  ", type: "text", duration: 15 },
        { title: "Quick check", type: "quiz", duration: 5.2 },
      ],
    },
    {
      title: "Cleaning data",
      description: "Handle missing values and types.",
      duration: 30,
      lessons: [
        { title: "Missing values", type: "video", duration: 0 },
        { title: "Types", type: "text", duration: 0 },
      ],
    },
    { title: "Project", description: "Analyse a real dataset.", duration: 50.4, lessons: [] },
  ],
};

describe("AI adapter: outline", () => {
  let server: FakeModelServer;
  let memory: ReturnType<typeof memoryLogger>;
  let adapter: ReturnType<typeof createAiAdapter>;

  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    memory = memoryLogger();
    const env = loadEnv({
      AI_BASE_URL: server.baseUrl,
      AI_MODEL: "test-model",
      AI_API_KEY: "test-key",
      AI_TIMEOUT_MS: "1000",
      LOG_LEVEL: "silent",
    });
    adapter = createAiAdapter(env, memory.logger);
    server.requests.length = 0;
  });

  it("uses the built-in generator when no model is configured", async () => {
    const offline = createAiAdapter(loadEnv({ LOG_LEVEL: "silent" }), createLogger("silent"));
    expect(offline.mode).toBe("offline");
    const result = await offline.generateOutline(outlineRequest({ estimatedDuration: 2 }));
    expect(result.source).toBe("offline");
    expect(total(result.outline)).toBe(120);
    expect(outlineResponseSchema.parse(result)).toEqual(result);
  });

  it("(a) uses a valid model answer, normalized", async () => {
    server.setReply(() => ({ content: JSON.stringify(modelOutline) }));
    const result = await adapter.generateOutline(outlineRequest({ estimatedDuration: 2, locale: "vi" }));
    expect(adapter.mode).toBe("model");
    expect(result.source).toBe("ai");
    expect(outlineResponseSchema.parse(result)).toEqual(result);
    const [first, second, third] = result.outline;
    expect(first.title).toBe("Getting started with pandas");
    expect(first.description).toBe("Load data and explore it.");
    expect(first.lessons.map((l) => [l.title, l.type, l.duration])).toEqual([
      ["Installing pandas", "video", 13],
      ["DataFrames", "text", 15],
      ["Quick check", "quiz", 5],
    ]);
    expect(first.duration).toBe(33);
    expect(second.lessons.map((l) => l.duration)).toEqual([15, 15]);
    expect(second.duration).toBe(30);
    expect(third.lessons).toEqual([
      { id: expect.stringMatching(UUID), title: "Project", type: "text", duration: 50 },
    ]);
    expect(third.duration).toBe(50);
    for (const id of [...result.outline.map((s) => s.id), ...lessons(result.outline).map((l) => l.id)])
      expect(id).toMatch(UUID);
    expect(memory.records).toHaveLength(0);

    // What the SDK sent: the configured model, a JSON-schema response format, the course in the prompt.
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0];
    expect(sent.model).toBe("test-model");
    expect(sent.response_format?.type).toBe("json_schema");
    expect(sent.response_format?.json_schema?.name).toBe("course_outline");
    const schema = JSON.stringify(sent.response_format?.json_schema?.schema);
    expect(schema).toContain("lessons");
    // The portable subset of JSON Schema: no length or range keywords, no optional fields.
    expect(schema).not.toMatch(/minItems|maxItems|minimum|maximum|minLength|maxLength/);
    const prompt = JSON.stringify(sent.messages);
    expect(prompt).toContain("Python for Data Analysis");
    expect(prompt).toContain("120 minutes");
    expect(prompt).toContain("Vietnamese");
  });

  it.each([
    ["text that is not JSON", () => ({ content: "Sure! Here is your outline: Section 1 …" })],
    ["JSON of the wrong shape", () => ({ content: JSON.stringify({ outline: "none" }) })],
    ["an empty outline", () => ({ content: JSON.stringify({ sections: [] }) })],
    [
      "sections without titles",
      () => ({
        content: JSON.stringify({ sections: [{ title: "  ", description: "", duration: 10, lessons: [] }] }),
      }),
    ],
    [
      "a lesson of an unknown type",
      () => ({
        content: JSON.stringify({
          sections: [
            { ...modelOutline.sections[0], lessons: [{ title: "x", type: "podcast", duration: 5 }] },
          ],
        }),
      }),
    ],
    ["an HTTP 500", () => ({ status: 500 })],
    ["an HTTP 401", () => ({ status: 401 })],
  ] as const)("(b) falls back to the two-section default on %s", async (_label, reply) => {
    server.setReply(reply);
    const result = await adapter.generateOutline(outlineRequest({ title: "Excel basics" }));
    expect(result.source).toBe("fallback");
    expect(result.outline.map((s) => s.duration)).toEqual([45, 90]);
    expect(result.outline.map((s) => s.title)).toEqual(["Section 1", "Section 2"]);
    expect(outlineResponseSchema.parse(result)).toEqual(result);
    expect(memory.records.some((r) => r.level === 40 && /outline/.test(r.msg))).toBe(true);
  });

  it("(c) falls back when the model does not answer within AI_TIMEOUT_MS", async () => {
    server.setReply(() => "hang");
    const started = performance.now();
    const result = await adapter.generateOutline(outlineRequest({ locale: "vi" }));
    const elapsed = performance.now() - started;
    expect(result.source).toBe("fallback");
    expect(result.outline.map((s) => [s.title, s.duration])).toEqual([
      ["Phần 1", 45],
      ["Phần 2", 90],
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2000);
    expect(memory.records).toHaveLength(1);
    expect(memory.records[0].level).toBe(40);
  });

  it("stops when the caller's signal aborts", async () => {
    server.setReply(() => "hang");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const result = await adapter.generateOutline(outlineRequest(), { signal: controller.signal });
    expect(result.source).toBe("fallback");
    expect(performance.now() - started).toBeLessThan(900);
  });
});
