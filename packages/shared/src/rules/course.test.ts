import { describe, expect, it } from "vitest";
import { courseDraftSchema } from "../schemas/courses.ts";
import {
  CARD_DESCRIPTION_LENGTH,
  courseSlug,
  cutText,
  DEFAULT_LESSON_MINUTES,
  duplicateSlug,
  duplicateTitle,
  emptyCourseDraft,
  FALLBACK_SECTION_MINUTES,
  foldVietnamese,
  hoursToMinutes,
  isFreePrice,
  minutesToHours,
  NEW_SECTION_MINUTES,
  parseMinutes,
  SHORT_DESCRIPTION_LENGTH,
  schoolName,
  schoolSlug,
  shortDescription,
  uniqueSlug,
} from "./course.ts";

describe("course constants (001 §9, 000 §9)", () => {
  it("keeps the spec's numbers", () => {
    expect(SHORT_DESCRIPTION_LENGTH).toBe(150);
    expect(DEFAULT_LESSON_MINUTES).toBe(15);
    expect(NEW_SECTION_MINUTES).toBe(30);
    expect(FALLBACK_SECTION_MINUTES).toEqual([45, 90]);
    expect(CARD_DESCRIPTION_LENGTH).toBe(100);
  });
});

describe("courseSlug (001 §5: lower-cased, spaces to hyphens, other non-alphanumerics removed)", () => {
  it("lower-cases, turns spaces into hyphens and drops punctuation", () => {
    expect(courseSlug("Hello World!")).toBe("hello-world");
  });

  it("folds Vietnamese letters to ASCII", () => {
    expect(courseSlug("Tiếng Việt cho người mới")).toBe("tieng-viet-cho-nguoi-moi");
    expect(courseSlug("Đường đến thành công")).toBe("duong-den-thanh-cong");
  });

  it("collapses runs of spaces and hyphens and trims them at the ends", () => {
    expect(courseSlug("  Guitar   for -- Beginners  ")).toBe("guitar-for-beginners");
    expect(courseSlug("a - b")).toBe("a-b");
    expect(courseSlug("--Intro--")).toBe("intro");
    expect(courseSlug("Tabs\tand\nnewlines")).toBe("tabs-and-newlines");
  });

  it("keeps digits", () => {
    expect(courseSlug("Python 3 in 30 Days")).toBe("python-3-in-30-days");
  });

  it("falls back to 'course' for a title without letters or digits", () => {
    expect(courseSlug("!!! ??? ***")).toBe("course");
    expect(courseSlug("")).toBe("course");
    expect(courseSlug("   ")).toBe("course");
  });
});

describe("foldVietnamese", () => {
  it("removes diacritics and maps đ/Đ", () => {
    expect(foldVietnamese("Đường phố ồn ào")).toBe("Duong pho on ao");
  });
});

describe("shortDescription (001 §5: the first 150 characters)", () => {
  it("keeps exactly the first 150 characters of a longer description", () => {
    const description = `${"a".repeat(149)}bcdef`;
    expect(shortDescription(description)).toBe(`${"a".repeat(149)}b`);
    expect(shortDescription(description)).toHaveLength(150);
  });

  it("keeps a description of 150 characters or fewer whole", () => {
    expect(shortDescription("x".repeat(150))).toBe("x".repeat(150));
    expect(shortDescription("Short")).toBe("Short");
  });

  it("gives an empty string for a missing description", () => {
    expect(shortDescription(null)).toBe("");
    expect(shortDescription(undefined)).toBe("");
  });
});

describe("hoursToMinutes / minutesToHours (001 §9: hours × 60)", () => {
  it("multiplies hours by 60", () => {
    expect(hoursToMinutes(1.5)).toBe(90);
    expect(hoursToMinutes(2.5)).toBe(150);
    expect(hoursToMinutes(10)).toBe(600);
    expect(hoursToMinutes(0)).toBe(0);
  });

  it("rounds to whole minutes", () => {
    expect(hoursToMinutes(0.33)).toBe(20);
  });

  it("gives 0 for negative or non-finite hours", () => {
    expect(hoursToMinutes(-1)).toBe(0);
    expect(hoursToMinutes(Number.NaN)).toBe(0);
    expect(hoursToMinutes(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("converts minutes back to hours", () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(150)).toBe(2.5);
    expect(minutesToHours(0)).toBe(0);
  });
});

describe("parseMinutes (001 §5, 000 §5: integer, 0 when not numeric)", () => {
  it("parses integers and drops the fraction", () => {
    expect(parseMinutes("45")).toBe(45);
    expect(parseMinutes("12.7")).toBe(12);
    expect(parseMinutes(30)).toBe(30);
  });

  it("falls back to 0", () => {
    expect(parseMinutes("abc")).toBe(0);
    expect(parseMinutes("")).toBe(0);
    expect(parseMinutes(null)).toBe(0);
    expect(parseMinutes(undefined)).toBe(0);
    expect(parseMinutes("-3")).toBe(0);
  });
});

describe("isFreePrice (000 §2: Free when price is 0 or less)", () => {
  it("is free for 0, negative or missing prices", () => {
    expect(isFreePrice(0)).toBe(true);
    expect(isFreePrice(-5)).toBe(true);
    expect(isFreePrice(null)).toBe(true);
    expect(isFreePrice(undefined)).toBe(true);
  });

  it("is not free for a positive price", () => {
    expect(isFreePrice(1_990_000)).toBe(false);
    expect(isFreePrice(0.5)).toBe(false);
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug", () => {
    expect(uniqueSlug("intro", new Set())).toBe("intro");
    expect(uniqueSlug("intro", new Set(["intro-2"]))).toBe("intro");
  });

  it("appends -2, -3 … until free", () => {
    expect(uniqueSlug("intro", new Set(["intro"]))).toBe("intro-2");
    expect(uniqueSlug("intro", new Set(["intro", "intro-2", "intro-3"]))).toBe("intro-4");
  });
});

describe("schoolName / schoolSlug (001 §7)", () => {
  it("names the school after its creator's display name, never the e-mail (issue 24 §6)", () => {
    expect(schoolName("Lan Nguyen", "en")).toBe("Lan Nguyen's School");
    expect(schoolName("  Lan   Nguyen ", "vi")).toBe("Trường học của Lan Nguyen");
    expect(schoolName("", "en")).toBe("My School");
    expect(schoolName(null, "vi")).toBe("Trường học của tôi");
  });

  it("slugs the school from the first 8 characters of the user id + '-academy'", () => {
    expect(schoolSlug("AbCdEfGh12345678")).toBe("abcdefgh-academy");
    expect(schoolSlug("0123456789")).toBe("01234567-academy");
    expect(schoolSlug("abc")).toBe("abc-academy");
  });
});

describe("duplicateSlug / duplicateTitle (000 §7)", () => {
  it("appends -copy-{timestamp} to the slug", () => {
    expect(duplicateSlug("hello-world", 1_700_000_000_123)).toBe("hello-world-copy-1700000000123");
  });

  it("appends ' (Copy)' to the title", () => {
    expect(duplicateTitle("Hello World")).toBe("Hello World (Copy)");
  });

  it("numbers further copies (Copy 2), (Copy 3) from the same root (issue 17)", () => {
    const taken = new Set(["Hello World", "Hello World (Copy)"]);
    expect(duplicateTitle("Hello World", taken)).toBe("Hello World (Copy 2)");
    taken.add("Hello World (Copy 2)");
    expect(duplicateTitle("Hello World", taken)).toBe("Hello World (Copy 3)");
    expect(duplicateTitle("Hello World (Copy 2)", taken)).toBe("Hello World (Copy 3)");
    expect(duplicateTitle("x".repeat(200), new Set([`${"x".repeat(193)} (Copy)`]))).toHaveLength(200);
  });
});

describe("cutText", () => {
  it("keeps text up to the limit", () => {
    expect(cutText("hello", 5)).toBe("hello");
    expect(cutText("", 5)).toBe("");
    expect(cutText(null, 5)).toBe("");
    expect(cutText(undefined, 5)).toBe("");
  });

  it("cuts longer text with an ellipsis, trimming the space before it", () => {
    expect(cutText("hello world", 5)).toBe("hello…");
    expect(cutText("hello world", 6)).toBe("hello…");
    expect(cutText("a".repeat(101), CARD_DESCRIPTION_LENGTH)).toBe(`${"a".repeat(100)}…`);
  });
});

describe("emptyCourseDraft", () => {
  it("is the course draft schema's defaults", () => {
    expect(emptyCourseDraft()).toStrictEqual(courseDraftSchema.parse({}));
  });

  it("gives a new draft each call", () => {
    const first = emptyCourseDraft();
    first.outline.push({ id: "s1", title: "S", description: "", duration: 30, materials: [], lessons: [] });
    expect(emptyCourseDraft().outline).toEqual([]);
  });
});
