import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { inProcessApp, percentile } from "../lib/in-process.ts";
import { type Benchmark, row } from "../lib/types.ts";

const SECTIONS = 50;
const LESSONS_PER_SECTION = 10;
const SAVE_RUNS = 20;
const LIST_COURSES = 1000;
const LIST_RUNS = 50;

function bigCourse(title: string, courseId: string | null, outline?: unknown[]) {
  return {
    courseId,
    title,
    description: "A long course used to measure publishing.",
    estimatedDuration: 125,
    outline:
      outline ??
      Array.from({ length: SECTIONS }, (_, s) => ({
        id: `s${s}`,
        title: `Section ${s + 1}`,
        description: "Section description",
        duration: LESSONS_PER_SECTION * 15,
        lessons: Array.from({ length: LESSONS_PER_SECTION }, (_, l) => ({
          id: `s${s}l${l}`,
          title: `Lesson ${s + 1}.${l + 1}`,
          type: l % 3 === 2 ? "quiz" : "text",
          duration: 15,
          content:
            l % 3 === 2
              ? {
                  type: "quiz",
                  passMark: 70,
                  questions: [{ id: "q1", question: "2 + 2?", choices: ["3", "4"], correctIndex: 1 }],
                }
              : { type: "text", html: `<p>Lesson <strong>${l + 1}</strong> of section ${s + 1}.</p>` },
        })),
      })),
  };
}

/**
 * Issue 3 figures, in process on the embedded database (PGlite): saving (publishing in place) a
 * course of 50 sections and 500 lessons, p95 over 20 runs (target < 500 ms); and the first page
 * of My Courses for a creator with 1,000 courses, p95 over 50 requests (target < 100 ms).
 */
export const coursesBenchmark: Benchmark = {
  id: "courses",
  title: "Course builder and My Courses (PGlite, in process)",
  async run(ctx) {
    const app = await inProcessApp();
    try {
      const { cookie, userId } = await app.creator(`bench-${Date.now()}@example.com`);
      ctx.log("courses: publishing a 50×10 course 20 times");
      const first = await app.request("/api/courses/publish", {
        method: "POST",
        json: bigCourse("Big course", null),
        cookie,
      });
      if (!first.ok) throw new Error(`publish failed: ${first.status} ${await first.text()}`);
      let { courseId, outline } = (await first.json()) as {
        courseId: string;
        outline: Array<{ title: string; lessons: Array<{ title: string }> }>;
      };
      const saves: number[] = [];
      for (let run = 0; run < SAVE_RUNS; run++) {
        // Every run renames a lesson and swaps two sections, like a creator editing.
        outline = outline.map((section, _s) => ({
          ...section,
          lessons: section.lessons.map((lesson, l) =>
            l === run % LESSONS_PER_SECTION ? { ...lesson, title: `${lesson.title} (edit ${run})` } : lesson,
          ),
        }));
        [outline[0], outline[1]] = [outline[1], outline[0]];
        const started = performance.now();
        const response = await app.request("/api/courses/publish", {
          method: "POST",
          json: bigCourse("Big course", courseId, outline),
          cookie,
        });
        saves.push(performance.now() - started);
        if (!response.ok) throw new Error(`republish failed: ${response.status} ${await response.text()}`);
        const next = (await response.json()) as { courseId: string; outline: typeof outline };
        courseId = next.courseId;
        outline = next.outline;
      }

      ctx.log(`courses: inserting ${LIST_COURSES} courses and listing page 1 ${LIST_RUNS} times`);
      await app.runtime.db.execute(sql`
        insert into courses (creator_id, title, slug, description, is_published, created_at)
        select ${userId}, 'Course ' || g, 'bench-course-' || g, 'Description ' || g, g % 2 = 0, now() - (g || ' minutes')::interval
          from generate_series(1, ${LIST_COURSES}) as g`);
      const lists: number[] = [];
      for (let run = 0; run < LIST_RUNS + 5; run++) {
        const started = performance.now();
        const response = await app.request("/api/courses?page=1&pageSize=12", { cookie });
        const body = (await response.json()) as { total: number; items: unknown[] };
        if (run >= 5) lists.push(performance.now() - started);
        if (body.items.length !== 12 || body.total < LIST_COURSES) throw new Error("unexpected list result");
      }
      return [
        row(
          "publish 50 sections / 500 lessons in place, p95 of 20",
          percentile(saves, 95),
          "ms",
          { op: "<", value: 500, unit: "ms" },
          {
            median: percentile(saves, 50),
            max: Math.max(...saves),
          },
        ),
        row(
          "My Courses page 1 of 1,000 courses, p95 of 50",
          percentile(lists, 95),
          "ms",
          { op: "<", value: 100, unit: "ms" },
          {
            median: percentile(lists, 50),
          },
        ),
      ];
    } finally {
      await app.close();
    }
  },
};
