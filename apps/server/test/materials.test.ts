import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

interface MaterialDto {
  title: string;
  type: string;
  category: string;
  skillLevel: string;
  source: string;
  content: {
    kind: string;
    questions?: { question: string; choices: string[]; correctIndex: number }[];
    items?: { prompt: string; answer?: string }[];
  } | null;
}

/**
 * Material Bank without a model (issue 17 §2, issue 28 §2): what the built-in templates write is
 * stored and shown as "template", never "ai"; it is structure with empty slots; the starter set
 * follows the course's category and level.
 */
describe("Material Bank templates without a model (issue 17 §2)", () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ cookie } = await signUpAndSignIn(ctx));
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const browse = async (query: string) => {
    const res = await ctx.request(`/api/materials?${query}`, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { items: MaterialDto[]; samples: boolean };
  };

  it("says the AI mode in the public configuration", async () => {
    const res = await ctx.request("/api/config");
    expect(await res.json()).toMatchObject({ aiMode: "offline" });
  });

  it("stores a starter set for the course's category and level, labelled template", async () => {
    const first = await browse("category=programming&skillLevel=advanced&locale=en");
    expect(first.samples).toBe(false);
    expect(first.items).toHaveLength(3);
    for (const item of first.items) {
      expect(item.source).toBe("template");
      expect(item.category).toBe("programming");
      expect(item.skillLevel).toBe("advanced");
    }
    // No model: the starter set is templates with empty slots, not invented questions (issue 28 §2).
    const quiz = first.items.find((m) => m.type === "quiz");
    expect(quiz?.title).toBe("Quiz template: Programming (advanced)");
    expect(quiz?.content?.questions).toHaveLength(8);
    for (const question of quiz?.content?.questions ?? []) {
      expect(question.question).toMatch(/^Question \d+: write the question/);
      expect(question.choices).toEqual(["", "", "", ""]);
      expect(question.correctIndex).toBe(-1);
    }
    // The same course again: nothing new.
    expect((await browse("category=programming&skillLevel=advanced&locale=en")).items).toHaveLength(3);
    // Another course's category and level get their own starter set.
    const language = await browse("category=language&skillLevel=beginner&locale=en");
    expect(language.items).toHaveLength(6);
    expect(
      language.items.filter((m) => m.category === "language" && m.skillLevel === "beginner"),
    ).toHaveLength(3);
  });

  it("labels a material generated without a model as a template", async () => {
    const res = await ctx.request("/api/materials/generate", {
      method: "POST",
      cookie,
      json: {
        type: "worksheet",
        category: "business",
        skillLevel: "intermediate",
        topic: "Bán hàng online",
        locale: "vi",
      },
    });
    expect(res.status).toBe(201);
    const material = (await res.json()) as MaterialDto;
    expect(material.source).toBe("template");
    expect(material.category).toBe("business");
    expect(material.title).toBe("Mẫu phiếu bài tập: Bán hàng online");
    expect(material.content?.items?.every((item) => item.answer === "")).toBe(true);
  });
});

describe("Material Bank with a model configured", () => {
  it("says aiMode model", async () => {
    const ctx = await createTestContext({ AI_BASE_URL: "http://127.0.0.1:9/v1" });
    try {
      const res = await ctx.request("/api/config");
      expect(await res.json()).toMatchObject({ aiMode: "model" });
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
