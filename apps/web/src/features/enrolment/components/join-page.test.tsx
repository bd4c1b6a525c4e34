import { type JoinCourse, LEARNING_MESSAGES } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import enCatalogue from "@/locales/en/join.json";
import viCatalogue from "@/locales/vi/join.json";
import { JoinPage } from "./join-page";

const COURSE_ID = "3f1c2a9e-8d4b-4c6a-9f1e-2b7d5a6c8e90";
const ENROLLMENT_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function course(overrides: Partial<JoinCourse> = {}): JoinCourse {
  return {
    id: COURSE_ID,
    title: "Conversational English for Beginners",
    shortDescription: "Speak with confidence in 30 days.",
    description: "Daily dialogues.\nPronunciation drills.",
    thumbnailUrl: null,
    estimatedHours: 12.5,
    studentCount: 1234,
    rating: 0,
    ratingCount: 0,
    skillLevel: "beginner",
    category: "language",
    price: 0,
    currency: "VND",
    isFree: true,
    guaranteeDays: null,
    totalLessons: 8,
    schoolName: "Hanoi English House",
    instructorName: "Lan Nguyen",
    enrolment: null,
    ...overrides,
  };
}

const ME = {
  userId: "u1",
  email: "student@example.com",
  fullName: "Minh Tran",
  avatarUrl: null,
  role: "student",
  emailVerified: true,
};

interface Api {
  course?: JoinCourse | Response;
  me?: typeof ME | null;
  enroll?: () => Response;
  /** Milliseconds before the course answers (after the session has). */
  courseDelay?: number;
}

/** Answers the page's three calls: GET /api/me, GET /api/public/courses/{id}, POST …/enroll. */
function mockApi({ course: page = course(), me = null, enroll, courseDelay = 0 }: Api) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (url.endsWith("/api/me"))
      return me ? json(me) : json({ error: { code: "UNAUTHORIZED", message: "Sign in" } }, 401);
    if (url.split("?")[0].endsWith(`/api/public/courses/${COURSE_ID}`) && method === "GET") {
      if (courseDelay) await new Promise((resolve) => setTimeout(resolve, courseDelay));
      return page instanceof Response ? page : json(page);
    }
    if (url.endsWith(`/api/courses/${COURSE_ID}/enroll`) && method === "POST" && enroll) return enroll();
    return json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  });
}

function enrollCalls() {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/enroll"));
}

function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid={`at-${name}`}>{location.pathname + location.search}</p>;
}

function renderPage(entry = `/join/${COURSE_ID}`) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/join/:courseId" element={<JoinPage courseId={COURSE_ID} />} />
          <Route path="/auth" element={<LocationProbe name="auth" />} />
          <Route path="/404" element={<LocationProbe name="404" />} />
          <Route path="/checkout/:reference" element={<LocationProbe name="checkout" />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}
/** Plural keys without their suffix (vi has only _other). */
const base = (paths: string[]) => [...new Set(paths.map((p) => p.replace(/_(one|other)$/, "")))].sort();

describe("join catalogues", () => {
  it("en and vi have the same keys (up to plural forms), none empty, and the spec's texts", () => {
    expect(base(keyPaths(viCatalogue))).toEqual(base(keyPaths(enCatalogue)));
    expect(enCatalogue.errors.notAvailable).toBe(LEARNING_MESSAGES.courseNotAvailable);
    expect(enCatalogue.errors.enrollFailed).toBe(LEARNING_MESSAGES.enrollFailed);
    expect(enCatalogue.already.title).toBe(LEARNING_MESSAGES.alreadyEnrolled);
    expect(enCatalogue.pending.status).toBe(LEARNING_MESSAGES.paymentPending);
  });
});

describe("/join/{courseId} (spec 001 §2 Course enrolment page, §8; issue 4)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the course with 'Free' for price 0, its facts and badges, and no rating when it is 0", async () => {
    mockApi({ course: course({ guaranteeDays: 30 }) });
    renderPage();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Conversational English for Beginners" }),
    ).toBeTruthy();
    expect(screen.getByTestId("join-price").textContent).toBe("Free");
    expect(screen.getByText("Speak with confidence in 30 days.")).toBeTruthy();
    expect(screen.getByTestId("fact-hours").textContent).toBe("12.5 hours");
    expect(screen.getByTestId("fact-students").textContent).toBe("1,234 students");
    expect(screen.getByTestId("fact-lessons").textContent).toBe("8 lessons");
    expect(screen.getByTestId("badge-level").textContent).toBe("Beginner");
    expect(screen.getByTestId("badge-category").textContent).toBe("Language");
    expect(screen.getByRole("heading", { name: "About this course" })).toBeTruthy();
    expect(screen.queryByTestId("fact-rating")).toBeNull();
    expect(screen.queryByText(/review/)).toBeNull();
    // A free course never shows a money-back guarantee (issue 24 §3), even if one were sent.
    expect(screen.queryByTestId("guarantee-note")).toBeNull();
    expect(screen.getByRole("button", { name: "Enroll Now" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Conversational English for Beginners · Academy"));
  });

  it("shows a paid price in VND without decimals, the creator's guarantee, and the rating with its review count when above 0", async () => {
    mockApi({
      course: course({ price: 499000, isFree: false, rating: 4.66, ratingCount: 27, guaranteeDays: 14 }),
    });
    renderPage();
    const price = await screen.findByTestId("join-price");
    expect(price.textContent).toMatch(/^₫499,000$|^499,000 ₫$/);
    expect(screen.getByTestId("guarantee-note").textContent).toBe("14-day money-back guarantee");
    expect(screen.getByTestId("fact-rating").textContent).toContain("4.7");
    expect(screen.getByText("(27 reviews)")).toBeTruthy();
    expect(screen.getByText("Rated 4.7 out of 5 from 27 reviews")).toBeTruthy();
  });

  it("Enroll Now while signed out goes to /auth (Sign Up), returning to this page, and enrols nobody", async () => {
    mockApi({ me: null });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Enroll Now" }));
    const at = await screen.findByTestId("at-auth");
    const url = new URL(at.textContent ?? "", "http://x");
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("tab")).toBe("signup");
    expect(url.searchParams.get("redirect")).toBe(`/join/${COURSE_ID}?enroll=1`);
    expect(enrollCalls()).toHaveLength(0);
  });

  it("back from /auth (?enroll=1) it asks for one click, then enrols: 'You're enrolled!' with Start learning and Go to Dashboard", async () => {
    mockApi({
      me: ME,
      enroll: () => json({ enrollmentId: ENROLLMENT_ID, outcome: "created", paymentStatus: "completed" }),
      courseDelay: 100,
    });
    renderPage(`/join/${COURSE_ID}?enroll=1`);
    expect(await screen.findByTestId("enrol-intent")).toBeTruthy();
    const button = await screen.findByRole("button", { name: "Enroll Now" });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(enrollCalls()).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByRole("heading", { name: "You're enrolled!" })).toBeTruthy();
    expect(enrollCalls()).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Start learning" }).getAttribute("href")).toBe(
      `/learn/${COURSE_ID}`,
    );
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("button", { name: "Enroll Now" })).toBeNull();
    expect(screen.getByTestId("fact-students").textContent).toBe("1,235 students");
  });

  it("shows 'Already Enrolled!' with Go to Dashboard when the page loads for an enrolled student", async () => {
    mockApi({ me: ME, course: course({ enrolment: { id: ENROLLMENT_ID, paymentStatus: "completed" } }) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Already Enrolled!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start learning" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enroll Now" })).toBeNull();
  });

  it("shows 'Already Enrolled!' when Enroll Now answers outcome existing", async () => {
    mockApi({
      me: ME,
      enroll: () => json({ enrollmentId: ENROLLMENT_ID, outcome: "existing", paymentStatus: "completed" }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Enroll Now" }));
    expect(await screen.findByRole("heading", { name: "Already Enrolled!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toBeTruthy();
    expect(screen.getByTestId("fact-students").textContent).toBe("1,234 students");
  });

  it("a paid course's pending enrolment explains that the creator confirms the payment, with no lesson link", async () => {
    mockApi({
      me: ME,
      course: course({ price: 1290000, isFree: false }),
      enroll: () => json({ enrollmentId: ENROLLMENT_ID, outcome: "created", paymentStatus: "pending" }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Enroll Now" }));
    const panel = await screen.findByTestId("payment-pending");
    expect(panel.textContent).toContain("Your enrolment is waiting for payment confirmation.");
    expect(panel.textContent).toContain("The creator will confirm your payment.");
    expect(panel.textContent).toContain("Lessons stay locked until the payment is confirmed.");
    expect(panel.textContent).toMatch(/1,290,000/);
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Start learning" })).toBeNull();
  });

  it("a paid course goes to its checkout with the landing page and referral it came with (issue 11)", async () => {
    mockApi({
      me: ME,
      course: course({ price: 1290000, isFree: false, paymentSetUp: true }),
      enroll: () =>
        json({
          enrollmentId: ENROLLMENT_ID,
          outcome: "created",
          paymentStatus: "pending",
          orderReference: "AC7K2QFP",
        }),
    });
    renderPage(`/join/${COURSE_ID}?lp=pho-page&ref=BEPLAN`);
    const enrol = await screen.findByRole("button", { name: "Enroll Now" });
    // A paid course without a guarantee shows none.
    expect(screen.queryByTestId("guarantee-note")).toBeNull();
    fireEvent.click(enrol);
    expect((await screen.findByTestId("at-checkout")).textContent).toBe("/checkout/AC7K2QFP");
    const [, init] = enrollCalls()[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      landingPage: "pho-page",
      ref: "BEPLAN",
      contact: false,
    });
    const get = fetchMock.mock.calls.find(([input]) => String(input).includes("/api/public/courses/"));
    expect(String(get?.[0])).toContain("lp=pho-page");
  });

  it("a paid course without payment methods says so and offers 'Message teacher' instead of Enroll Now", async () => {
    mockApi({ me: ME, course: course({ price: 1290000, isFree: false, paymentSetUp: false }) });
    renderPage();
    const notice = await screen.findByTestId("no-payment");
    expect(notice.textContent).toContain("The teacher has not set up payment for this course yet.");
    expect(screen.getByRole("button", { name: "Message teacher" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enroll Now" })).toBeNull();
  });

  it("an already-pending enrolment on load shows 'Already Enrolled!' and the payment explanation", async () => {
    mockApi({
      me: ME,
      course: course({
        price: 1290000,
        isFree: false,
        enrolment: { id: ENROLLMENT_ID, paymentStatus: "pending" },
      }),
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Already Enrolled!" })).toBeTruthy();
    expect(screen.getByTestId("payment-pending")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Start learning" })).toBeNull();
  });

  it("a failed enrolment toasts 'Failed to enroll in course. Please try again.' and keeps Enroll Now", async () => {
    mockApi({ me: ME, enroll: () => json({ error: { code: "INTERNAL", message: "boom" } }, 500) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Enroll Now" }));
    expect(await screen.findByText("Failed to enroll in course. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enroll Now" })).toBeTruthy();
  });

  it("an unknown or unpublished course toasts 'Course not found or not available.' and goes to /404", async () => {
    mockApi({
      course: json({ error: { code: "NOT_FOUND", message: LEARNING_MESSAGES.courseNotAvailable } }, 404),
    });
    renderPage();
    expect(await screen.findByTestId("at-404")).toBeTruthy();
    expect(await screen.findByText("Course not found or not available.")).toBeTruthy();
  });

  it("renders in Vietnamese without missing keys", async () => {
    await act(async () => {
      await i18n.changeLanguage("vi");
    });
    try {
      mockApi({ course: course({ rating: 4.5, ratingCount: 3 }) });
      renderPage();
      expect(await screen.findByRole("button", { name: "Đăng ký ngay" })).toBeTruthy();
      expect(screen.getByTestId("join-price").textContent).toBe("Miễn phí");
      expect(screen.getByTestId("fact-students").textContent).toBe("1.234 học viên");
      expect(screen.getByText("Giới thiệu khóa học")).toBeTruthy();
      const sections = Object.keys(enCatalogue).join("|");
      expect(document.body.textContent).not.toMatch(new RegExp(`\\b(${sections})\\.[a-z]`));
    } finally {
      await act(async () => {
        await i18n.changeLanguage("en");
      });
    }
  });
});

describe("shortDescriptionText", () => {
  it("ends a cut of the description at a whole word with an ellipsis", async () => {
    const { shortDescriptionText } = await import("./course-hero");
    const full = "Speak English with confidence. Each lesson is short, practical and fun.";
    expect(shortDescriptionText("Speak English with confidence. Each lesson is short, p", full)).toBe(
      "Speak English with confidence. Each lesson is short…",
    );
    expect(shortDescriptionText("Speak English with confidence. Each lesson is short,", full)).toBe(
      "Speak English with confidence. Each lesson is short…",
    );
    expect(shortDescriptionText(full, full)).toBe(full);
    expect(shortDescriptionText("A different summary", full)).toBe("A different summary");
    expect(shortDescriptionText("  ", full)).toBeNull();
  });
});
