import { count, eq } from "drizzle-orm";
import { EnvError, loadEnv } from "../env.ts";
import { createLogger } from "../lib/logger.ts";
import { createRuntime } from "../runtime.ts";
import { DataDirLockedError } from "./lock.ts";
import { courses, enrollments, lessonProgress, lessons, profiles, schools, user } from "./schema/index.ts";

/** Demo accounts created by `npm run demo` (issue 2 Demo data). */
export const DEMO_CREATOR = {
  name: "Nguyễn Minh Anh",
  email: "creator@demo.academy",
  password: "demo-creator-2026",
};
export const DEMO_STUDENT = {
  name: "Trần Thu Hà",
  email: "student@demo.academy",
  password: "demo-student-2026",
};

const LESSONS = [
  {
    title: "Chào hỏi và giới thiệu bản thân",
    duration: 15,
    body: "Learn the everyday greetings: xin chào, cảm ơn, tạm biệt — and how to introduce yourself.",
  },
  {
    title: "Số đếm và giá cả",
    duration: 20,
    body: "Numbers from one to one million, and how Vietnamese prices in đồng are read aloud.",
  },
  {
    title: "Gọi món ở quán ăn",
    duration: 25,
    body: "Ordering phở and cà phê sữa đá: the phrases, the polite forms and the local habits.",
  },
  {
    title: "Hỏi đường",
    duration: 20,
    body: "Asking for and understanding directions: trái, phải, thẳng, gần, xa.",
  },
];

/**
 * Fills an empty database with a verified demo creator and student, the creator's school, a
 * published course with lessons, and the student's enrolment with some progress.
 * Refuses (exit 1) when the database already has users.
 */
async function main() {
  const env = loadEnv();
  const runtime = await createRuntime(env, { logger: createLogger("warn") });
  try {
    const db = runtime.db;
    const [{ n }] = await db.select({ n: count() }).from(user);
    if (Number(n) > 0) {
      console.error(
        "The database already has accounts; `npm run demo` only fills an empty one. Use a fresh DATA_DIR (or DATABASE_URL).",
      );
      process.exitCode = 1;
      return;
    }
    const ids: Record<string, string> = {};
    for (const person of [DEMO_CREATOR, DEMO_STUDENT]) {
      const result = await runtime.auth.api.signUpEmail({
        body: { name: person.name, email: person.email, password: person.password },
      });
      ids[person.email] = result.user.id;
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
    }
    const creatorId = ids[DEMO_CREATOR.email];
    const studentId = ids[DEMO_STUDENT.email];
    await db.update(profiles).set({ role: "student", bio: null }).where(eq(profiles.user_id, studentId));
    await db
      .update(profiles)
      .set({ bio: "Giáo viên tiếng Việt cho người nước ngoài, 8 năm kinh nghiệm." })
      .where(eq(profiles.user_id, creatorId));

    await db.transaction(async (tx) => {
      const [school] = await tx
        .insert(schools)
        .values({
          creator_id: creatorId,
          name: "creator Academy",
          slug: `${creatorId.slice(0, 8).toLowerCase()}-academy`,
          description: "Demo school",
        })
        .returning();
      const description =
        "Tiếng Việt giao tiếp cho người mới bắt đầu: chào hỏi, số đếm, gọi món và hỏi đường qua các tình huống hằng ngày.";
      const [course] = await tx
        .insert(courses)
        .values({
          school_id: school.id,
          creator_id: creatorId,
          title: "Tiếng Việt giao tiếp cơ bản",
          slug: "tieng-viet-giao-tiep-co-ban",
          description,
          short_description: description.slice(0, 150),
          category: "language",
          skill_level: "beginner",
          target_audience: "adults",
          estimated_duration: 80,
          total_lessons: LESSONS.length,
          is_published: true,
          enrollment_count: 0, // counted by the trigger when the demo enrolment is inserted
          is_free: true,
          currency: "VND",
          price: 0,
        })
        .returning();
      const lessonRows = await tx
        .insert(lessons)
        .values(
          LESSONS.map((l, i) => ({
            course_id: course.id,
            title: l.title,
            slug: `bai-${i + 1}`,
            description: l.body,
            order_index: i,
            duration: l.duration,
            content_type: "text",
            content_data: { content: `<p>${l.body}</p>` },
          })),
        )
        .returning({ id: lessons.id });
      const [enrolment] = await tx
        .insert(enrollments)
        .values({
          course_id: course.id,
          student_id: studentId,
          school_id: school.id,
          payment_status: "completed",
          enrollment_source: "self",
          progress: 25,
          last_accessed: new Date(),
        })
        .returning();
      await tx.insert(lessonProgress).values({
        enrollment_id: enrolment.id,
        lesson_id: lessonRows[0].id,
        student_id: studentId,
        is_completed: true,
        progress: 100,
        time_spent: 1260,
        completed_at: new Date(),
        // Opened 21 minutes ago: completion needs an open, time is capped by it (issue 16 item 6).
        opened_at: new Date(Date.now() - 1260_000),
      });
    });

    console.log(`
Demo data created.

  Creator  ${DEMO_CREATOR.email}  /  ${DEMO_CREATOR.password}
  Student  ${DEMO_STUDENT.email}  /  ${DEMO_STUDENT.password}

Start Academy with \`npm start\` and sign in at ${env.appUrl}/auth
`);
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof EnvError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
