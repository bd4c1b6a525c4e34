import { resolveSeo, resolveStyles } from "@academy/shared";
import type { TestContext } from "../harness.ts";

/**
 * Makes a paid course sellable (issue 11 §2): a published landing page connected to `courseId`
 * with the given payment methods (default: cash only). @returns the landing page id.
 */
export async function sellCourse(
  ctx: TestContext,
  cookie: string,
  courseId: string,
  methods: unknown[] = [
    {
      methodType: "cash",
      isEnabled: true,
      configuration: { stores: "12 Hàng Bạc", instructions: "Pay at the desk" },
    },
  ],
): Promise<string> {
  const page = await ctx.request("/api/landing-pages", {
    method: "POST",
    cookie,
    json: {
      title: "Sales page",
      description: "Buy the course.",
      slug: `sell-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      courseId,
      templateId: null,
      contentData: { sections: [] },
      styleData: resolveStyles({}),
      seoData: resolveSeo({}),
      isPublished: true,
    },
  });
  if (page.status !== 201) throw new Error(`landing page failed: ${page.status} ${await page.text()}`);
  const { id } = (await page.json()) as { id: string };
  const saved = await ctx.request(`/api/landing-pages/${id}/payment-methods`, {
    method: "PUT",
    cookie,
    json: { methods },
  });
  if (saved.status !== 200) throw new Error(`payment methods failed: ${saved.status} ${await saved.text()}`);
  return id;
}
