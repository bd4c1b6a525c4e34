import type { Material } from "@academy/shared";
import { describe, expect, it } from "vitest";
import {
  checkMaterialFile,
  filterMaterials,
  MAX_CARD_TAGS,
  parseTags,
  readPreview,
  TYPE_FILTERS,
  titleFromFileName,
  toggleSelection,
} from "./material-rules";
import { material } from "./test-material";

const library = [
  material({ id: "pdf", type: "document", title: "Grammar handbook", tags: ["grammar"] }),
  material({ id: "ppt", type: "presentation", title: "Slides" }),
  material({ id: "vid", type: "video", title: "Listening video", description: "Tiếng Việt cơ bản" }),
  material({ id: "mp3", type: "audio", title: "Podcast" }),
  material({ id: "quiz", type: "quiz", title: "Grammar quiz" }),
  material({ id: "ws", type: "worksheet", title: "Practice sheet" }),
  material({ id: "img", type: "image", title: "Poster" }),
];
const idsOf = (list: Material[]) => list.map((m) => m.id);

describe("type filter (000 §2)", () => {
  it("offers All Types, Documents, Videos, Audio, Quizzes, Worksheets", () => {
    expect(TYPE_FILTERS).toEqual(["all", "document", "video", "audio", "quiz", "worksheet"]);
  });

  it.each([
    ["all", ["pdf", "ppt", "vid", "mp3", "quiz", "ws", "img"]],
    ["document", ["pdf", "ppt"]],
    ["video", ["vid"]],
    ["audio", ["mp3"]],
    ["quiz", ["quiz"]],
    ["worksheet", ["ws"]],
  ] as const)("%s", (filter, expected) => {
    expect(idsOf(filterMaterials(library, "", filter))).toEqual(expected);
  });

  it("combines with the search over title, description and tags, ignoring case and accents", () => {
    expect(idsOf(filterMaterials(library, "GRAMMAR", "all"))).toEqual(["pdf", "quiz"]);
    expect(idsOf(filterMaterials(library, "grammar", "quiz"))).toEqual(["quiz"]);
    expect(idsOf(filterMaterials(library, "tieng viet", "all"))).toEqual(["vid"]);
    expect(filterMaterials(library, "nothing like this", "all")).toEqual([]);
  });
});

describe("selection", () => {
  it("toggles ids in and out", () => {
    expect(toggleSelection(["a"], "b")).toEqual(["a", "b"]);
    expect(toggleSelection(["a", "b"], "a")).toEqual(["b"]);
  });
  it("cards show up to 3 tags (000 §9)", () => {
    expect(MAX_CARD_TAGS).toBe(3);
  });
});

describe("upload checks (server area 'material')", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it("accepts PDFs, videos, audio, presentations and images up to 100 MB", () => {
    for (const [name, type] of [
      ["a.pdf", "application/pdf"],
      ["a.mp4", "video/mp4"],
      ["a.mov", "video/quicktime"],
      ["a.mp3", "audio/mpeg"],
      ["a.m4a", ""],
      ["a.pptx", ""],
      ["a.png", "image/png"],
      ["a.gif", "image/gif"],
    ]) {
      expect(checkMaterialFile(file(name!, type!))).toBeNull();
    }
    expect(checkMaterialFile(file("a.pdf", "application/pdf", 100 * 1024 * 1024))).toBeNull();
  });
  it("refuses other types, empty files and files over 100 MB", () => {
    expect(checkMaterialFile(file("a.exe", "application/x-msdownload"))).toBe("type");
    expect(checkMaterialFile(file("a.svg", "image/svg+xml"))).toBe("type");
    expect(checkMaterialFile(file("a.pdf", "application/pdf", 0))).toBe("empty");
    expect(checkMaterialFile(file("a.pdf", "application/pdf", 100 * 1024 * 1024 + 1))).toBe("size");
  });
  it("derives a title and parses tags", () => {
    expect(titleFromFileName("unit_1-grammar.notes.pdf")).toBe("unit 1 grammar.notes");
    expect(parseTags(" grammar, A2,, grammar ,Listening ")).toEqual(["grammar", "A2", "Listening"]);
    expect(parseTags(Array.from({ length: 12 }, (_, i) => `t${i}`).join(","))).toHaveLength(10);
  });
});

describe("generated content preview", () => {
  it("reads a quiz with its correct answers", () => {
    const preview = readPreview({
      kind: "quiz",
      questions: [{ id: "1", question: "Q?", choices: ["a", "b", "c", "d"], correctIndex: 2 }],
    });
    expect(preview).toEqual({
      kind: "quiz",
      questions: [{ id: "1", question: "Q?", choices: ["a", "b", "c", "d"], correctIndex: 2 }],
    });
  });
  it("reads assessments, worksheets and essay prompts", () => {
    expect(
      readPreview({
        kind: "assessment",
        passMark: 60,
        rubric: [{ criterion: "Accuracy", points: 5 }],
        questions: [
          { id: "s", type: "short-answer", question: "Explain", sampleAnswer: "Because", points: 5 },
        ],
      }),
    ).toMatchObject({
      kind: "assessment",
      passMark: 60,
      questions: [{ sampleAnswer: "Because", points: 5 }],
    });
    expect(
      readPreview({
        kind: "worksheet",
        instructions: "Do it",
        items: [{ id: "i", prompt: "P", answer: "A" }],
      }),
    ).toEqual({ kind: "worksheet", instructions: "Do it", items: [{ id: "i", prompt: "P", answer: "A" }] });
    expect(
      readPreview({
        kind: "essay",
        prompt: "Write",
        guidance: ["g"],
        wordCount: { min: 300, max: 500 },
        rubric: [],
      }),
    ).toEqual({
      kind: "essay",
      prompt: "Write",
      guidance: ["g"],
      wordCount: { min: 300, max: 500 },
      rubric: [],
    });
  });
  it("keeps a template's empty slots and drops its unchosen correct answer (issue 28 §2)", () => {
    expect(
      readPreview({
        kind: "quiz",
        questions: [
          {
            id: "1",
            question: "Question 1: write the question",
            choices: ["", "", "", ""],
            correctIndex: -1,
          },
        ],
      }),
    ).toEqual({
      kind: "quiz",
      questions: [{ id: "1", question: "Question 1: write the question", choices: ["", "", "", ""] }],
    });
    expect(
      readPreview({
        kind: "worksheet",
        instructions: "Write",
        items: [{ id: "i", prompt: "P", answer: "" }],
      }),
    ).toEqual({ kind: "worksheet", instructions: "Write", items: [{ id: "i", prompt: "P", answer: "" }] });
    expect(
      readPreview({
        kind: "assessment",
        passMark: 70,
        rubric: [],
        questions: [{ id: "s", type: "short-answer", question: "Write", sampleAnswer: "", points: 5 }],
      }),
    ).toMatchObject({ questions: [{ sampleAnswer: "" }] });
  });
  it("gives null for missing or unknown content", () => {
    expect(readPreview(null)).toBeNull();
    expect(readPreview({ kind: "quiz", questions: [] })).toBeNull();
    expect(readPreview({ kind: "other" })).toBeNull();
    expect(readPreview("text")).toBeNull();
  });
});

describe("texts match the server's upload rules", () => {
  it("uses the server's messages and limit", async () => {
    const { INVALID_MATERIAL_MESSAGE, fileTooLargeMessage, UPLOAD_AREAS } = await import(
      "@academy/shared/rules/upload-areas"
    );
    const en = (await import("@/locales/en/materials.json")).default;
    expect(en.upload.invalidType).toBe(INVALID_MATERIAL_MESSAGE);
    expect(en.upload.tooLarge.replace("{{max}}", "100")).toBe(
      fileTooLargeMessage(UPLOAD_AREAS.material.maxMb),
    );
  });
});
