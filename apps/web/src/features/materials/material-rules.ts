import type { Material } from "@academy/shared";
import { BYTES_PER_MB, FILE_KINDS, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";

/**
 * Pure rules of the Material Bank (spec 000 §2 Course-creation helpers, §3 Material, §9): the type
 * filter, the search, upload checks that mirror the server's "material" area, and the reading of
 * generated content for the preview.
 */

/** Type filter options (000 §2): All Types, Documents, Videos, Audio, Quizzes, Worksheets. */
export const TYPE_FILTERS = ["all", "document", "video", "audio", "quiz", "worksheet"] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** The material types each filter shows (presentations are documents; images only under All Types). */
const FILTER_TYPES: Record<Exclude<TypeFilter, "all">, readonly Material["type"][]> = {
  document: ["document", "presentation"],
  video: ["video"],
  audio: ["audio"],
  quiz: ["quiz"],
  worksheet: ["worksheet"],
};

/** Up to 3 tags per material card (000 §9). */
export const MAX_CARD_TAGS = 3;

/**
 * Filters materials by type filter and search text (case- and accent-insensitive, over title,
 * description and tags). Keeps the input order.
 */
export function filterMaterials(materials: Material[], search: string, type: TypeFilter): Material[] {
  const terms = fold(search).split(/\s+/).filter(Boolean);
  return materials.filter((m) => {
    if (type !== "all" && !FILTER_TYPES[type].includes(m.type)) return false;
    if (terms.length === 0) return true;
    const haystack = fold([m.title, m.description, ...m.tags].join(" "));
    return terms.every((term) => haystack.includes(term));
  });
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()
    .trim();
}

/** Toggles one id in the selection (000 §4: "Material selection toggles add and remove"). */
export function toggleSelection(selected: string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

// ── Upload checks (the server's rules: @academy/shared/rules/upload-areas, area "material") ──

const MATERIAL_RULE = UPLOAD_AREAS.material;
const MATERIAL_MIMES = new Set<string>(MATERIAL_RULE.kinds.map((kind) => FILE_KINDS[kind].mime));
const MATERIAL_EXTENSIONS = new Set<string>(
  MATERIAL_RULE.kinds
    .flatMap((kind) => [FILE_KINDS[kind].ext, ...FILE_KINDS[kind].sniffed])
    .filter((e) => e !== "cfb"),
);
if (MATERIAL_EXTENSIONS.has("jpg")) MATERIAL_EXTENSIONS.add("jpeg");

/** Largest material upload in MB (1 MB = 1,048,576 bytes, as the server counts). */
export const MATERIAL_MAX_MB = MATERIAL_RULE.maxMb;
/** The `accept` attribute of the file picker: the area's extensions and types. */
export const MATERIAL_ACCEPT = [...[...MATERIAL_EXTENSIONS].map((e) => `.${e}`), ...MATERIAL_MIMES].join(",");

/**
 * Checks a file before uploading it to the Material Bank, with the server's "material" area rule:
 * a PDF, video (MP4, WebM, MOV), audio (MP3, WAV, OGG, M4A), presentation (PPTX, PPT) or image
 * (JPEG, PNG, WebP, GIF) of at most 100 MB. The server decides again from the file's bytes.
 * @returns "type", "size", "empty" or null when the file may be uploaded.
 */
export function checkMaterialFile(file: {
  name: string;
  type: string;
  size: number;
}): "type" | "size" | "empty" | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!MATERIAL_MIMES.has(file.type) && !(ext && MATERIAL_EXTENSIONS.has(ext))) return "type";
  if (file.size === 0) return "empty";
  if (file.size > MATERIAL_MAX_MB * BYTES_PER_MB) return "size";
  return null;
}

/** A title from a file name: the name without its extension, separators as spaces. */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** Tags typed as a comma-separated list: trimmed, without duplicates or empties, at most 10 of 40 characters. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().slice(0, 40);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === 10) break;
  }
  return tags;
}

/** File size for people: "512 KB", "3.4 MB". */
export function formatBytes(bytes: number, lng: string): string {
  const mb = bytes / (1024 * 1024);
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat(lng === "vi" ? "vi-VN" : "en-US", { maximumFractionDigits: digits }).format(n);
  if (mb >= 1) return `${format(mb, 1)} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

// ── Generated content (apps/server/src/ai/types.ts MaterialContent) ──────────────────────────────

export interface PreviewQuestion {
  id: string;
  question: string;
  /**
   * Multiple choice: the choices ("" = a template's empty slot) and the correct one (undefined when
   * none is chosen yet, e.g. a template's correctIndex -1); short answer: a model answer ("" = an
   * empty slot).
   */
  choices?: string[];
  correctIndex?: number;
  sampleAnswer?: string;
  points?: number;
}
export interface PreviewRubric {
  criterion: string;
  points: number;
}
/** What the preview dialog shows of a material's generated content. */
export type MaterialPreview =
  | { kind: "quiz"; questions: PreviewQuestion[] }
  | { kind: "assessment"; questions: PreviewQuestion[]; rubric: PreviewRubric[]; passMark: number | null }
  | { kind: "worksheet"; instructions: string; items: { id: string; prompt: string; answer?: string }[] }
  | {
      kind: "essay";
      prompt: string;
      guidance: string[];
      wordCount: { min: number; max: number } | null;
      rubric: PreviewRubric[];
    };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function questionsOf(value: unknown): PreviewQuestion[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((q, index) => {
    const question = str(q.question);
    if (!question) return [];
    const choices = Array.isArray(q.choices)
      ? q.choices.filter((c): c is string => typeof c === "string")
      : undefined;
    const correctIndex = num(q.correctIndex);
    return [
      {
        id: str(q.id) || String(index),
        question,
        choices: choices && choices.length > 0 ? choices : undefined,
        correctIndex:
          choices && correctIndex !== undefined && correctIndex >= 0 && correctIndex < choices.length
            ? correctIndex
            : undefined,
        sampleAnswer: typeof q.sampleAnswer === "string" ? q.sampleAnswer : undefined,
        points: num(q.points),
      },
    ];
  });
}

function rubricOf(value: unknown): PreviewRubric[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .map((r) => ({ criterion: str(r.criterion), points: num(r.points) ?? 0 }))
    .filter((r) => r.criterion);
}

/**
 * Reads a material's generated `content` (quiz, worksheet, essay prompt or assessment) for the
 * preview. Tolerant: unknown or malformed content gives null (no preview offered). Empty strings
 * of a material template (issue 28 §2: empty choices, answer keys, model answers) are kept as ""
 * so the preview can mark them "to write"; a negative correctIndex becomes undefined.
 */
export function readPreview(content: unknown): MaterialPreview | null {
  if (!isObject(content)) return null;
  const kind = str(content.kind);
  if (kind === "quiz") {
    const questions = questionsOf(content.questions);
    return questions.length ? { kind, questions } : null;
  }
  if (kind === "assessment") {
    const questions = questionsOf(content.questions);
    if (!questions.length) return null;
    return { kind, questions, rubric: rubricOf(content.rubric), passMark: num(content.passMark) ?? null };
  }
  if (kind === "worksheet") {
    const items = Array.isArray(content.items)
      ? content.items.filter(isObject).flatMap((item, index) => {
          const prompt = str(item.prompt);
          return prompt
            ? [
                {
                  id: str(item.id) || String(index),
                  prompt,
                  answer: typeof item.answer === "string" ? item.answer : undefined,
                },
              ]
            : [];
        })
      : [];
    return items.length ? { kind, instructions: str(content.instructions), items } : null;
  }
  if (kind === "essay") {
    const prompt = str(content.prompt);
    if (!prompt) return null;
    const wc = isObject(content.wordCount) ? content.wordCount : null;
    const min = num(wc?.min);
    const max = num(wc?.max);
    return {
      kind,
      prompt,
      guidance: Array.isArray(content.guidance)
        ? content.guidance.filter((g): g is string => typeof g === "string")
        : [],
      wordCount: min !== undefined && max !== undefined ? { min, max } : null,
      rubric: rubricOf(content.rubric),
    };
  }
  return null;
}
