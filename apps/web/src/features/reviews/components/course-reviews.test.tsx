import type { CourseReviews as Data, Review } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { CourseReviews } from "./course-reviews";

const COURSE_ID = "3f1c2a9e-8d4b-4c6a-9f1e-2b7d5a6c8e90";
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: "r1",
    courseId: COURSE_ID,
    rating: 4,
    body: "Clear and practical.",
    authorName: "Ana Tran",
    createdAt: "2026-11-20T03:00:00.000Z",
    editedAt: null,
    helpfulCount: 0,
    votedHelpful: false,
    own: false,
    status: "visible",
    reply: null,
    ...overrides,
  };
}

function data(overrides: Partial<Data> = {}): Data {
  return {
    rating: null,
    total: 0,
    page: 1,
    pageSize: 10,
    sort: "recent",
    reviews: [],
    mine: null,
    eligibility: { blockedBy: "sign_in", progress: null, minProgress: 30 },
    viewerIsCreator: false,
    ...overrides,
  };
}

/** Answers GET …/reviews with `list` and PUT …/reviews/mine with `saved` (recording the body). */
function mockApi(list: Data, saved?: Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (url.includes(`/api/courses/${COURSE_ID}/reviews/mine`) && method === "PUT" && saved) return saved;
    if (url.includes(`/api/courses/${COURSE_ID}/reviews`) && method === "GET") return json(list);
    return json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  });
}

function renderReviews(signedIn = true) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CourseReviews courseId={COURSE_ID} signedIn={signedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("CourseReviews (issue 24 §2)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows no average below three reviews, only the reviews and why", async () => {
    mockApi(
      data({
        total: 2,
        reviews: [review(), review({ id: "r2", rating: 2, authorName: "", body: "Too fast." })],
      }),
    );
    renderReviews(false);
    expect(await screen.findByText("Clear and practical.")).toBeTruthy();
    expect(screen.queryByTestId("reviews-average")).toBeNull();
    expect(screen.getByTestId("reviews-few").textContent).toBe(
      "2 reviews so far. The average rating shows from 3 reviews.",
    );
    expect(screen.getByText("A student")).toBeTruthy(); // a review without a name
    expect(screen.queryByTestId("review-form")).toBeNull(); // signed out: no form
    expect(screen.queryByTestId("review-helpful")).toBeNull();
  });

  it("shows the average and count from three reviews", async () => {
    mockApi(data({ rating: { average: 4.3, count: 3 }, total: 3, reviews: [review()] }));
    renderReviews(false);
    expect((await screen.findByTestId("reviews-average")).textContent).toContain("4.3");
    expect(screen.getByTestId("reviews-average").textContent).toContain("3 reviews");
  });

  it("tells a student under the creator's share how far they are", async () => {
    mockApi(data({ eligibility: { blockedBy: "progress", progress: 25, minProgress: 30 } }));
    renderReviews();
    expect((await screen.findByTestId("review-locked")).textContent).toBe(
      "You can review this course after completing 30% of it. You have completed 25%.",
    );
    expect(screen.queryByTestId("review-form")).toBeNull();
  });

  it("lets an eligible student rate with the keyboard-usable stars and post", async () => {
    mockApi(
      data({ eligibility: { blockedBy: null, progress: 50, minProgress: 30 } }),
      json(review({ own: true, rating: 5, body: "Great" })),
    );
    renderReviews();
    fireEvent.click(await screen.findByTestId("review-submit"));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a rating from 1 to 5 stars.");
    fireEvent.click(screen.getByTestId("review-star-5"));
    fireEvent.change(screen.getByLabelText("Your review (optional)"), { target: { value: " Great " } });
    fireEvent.click(screen.getByTestId("review-submit"));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => String(u).includes("/reviews/mine") && init?.method === "PUT",
        ),
      ).toBe(true),
    );
    const put = fetchMock.mock.calls.find(
      ([u, init]) => String(u).includes("/reviews/mine") && init?.method === "PUT",
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ rating: 5, body: "Great" });
  });

  it("shows the student's hidden review to them, with why", async () => {
    mockApi(
      data({
        mine: review({ own: true, status: "hidden" }),
        eligibility: { blockedBy: null, progress: 50, minProgress: 30 },
      }),
    );
    renderReviews();
    expect((await screen.findByTestId("my-review")).textContent).toContain(
      "A moderator hid this review after a report. Only you can see it.",
    );
  });

  it("offers the creator a reply on reviews without one, and shows replies", async () => {
    mockApi(
      data({
        total: 2,
        viewerIsCreator: true,
        eligibility: { blockedBy: "own_course", progress: null, minProgress: 30 },
        reviews: [
          review(),
          review({ id: "r2", reply: { body: "Thanks!", createdAt: "2026-11-21T00:00:00.000Z" } }),
        ],
      }),
    );
    renderReviews();
    await screen.findAllByTestId("review-item");
    expect(screen.getAllByTestId("review-reply-open")).toHaveLength(1);
    expect(screen.getByTestId("review-reply").textContent).toContain("Thanks!");
    expect(screen.queryByTestId("review-form")).toBeNull();
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    mockApi(data({ rating: { average: 4.25, count: 12 }, total: 12, reviews: [review()] }));
    renderReviews(false);
    expect((await screen.findByTestId("reviews-average")).textContent).toContain("4,3");
    expect(screen.getByTestId("reviews-average").textContent).toContain("12 đánh giá");
    await i18n.changeLanguage("en");
  });
});
