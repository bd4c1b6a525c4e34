import { type Certificate, LEARNING_MESSAGES } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import enCatalogue from "@/locales/en/certificates.json";
import viCatalogue from "@/locales/vi/certificates.json";
import { CertificatePage } from "./certificate-page";

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const CERTIFICATE: Certificate = {
  id: "7KQ2M9XHTR",
  studentName: "Trần Thị Minh Anh",
  courseTitle: "Conversational English for Beginners",
  schoolName: "Hanoi English House",
  completionDate: "2025-06-03T09:30:00.000Z",
  issuedAt: "2025-06-03T09:30:05.000Z",
  verifyUrl: "https://academy.example/certificates/7KQ2M9XHTR",
  pdfUrl: "/api/certificates/7KQ2M9XHTR/pdf",
};

function renderPage(id: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/certificates/${id}`]}>
        <CertificatePage id={id} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe("certificates catalogues", () => {
  it("en and vi have the same keys and the server's unknown-id text", () => {
    expect(keyPaths(viCatalogue).sort()).toEqual(keyPaths(enCatalogue).sort());
    expect(enCatalogue.notFound.server).toBe(LEARNING_MESSAGES.certificateUnknown);
  });
});

describe("/certificates/{id}: public verification (issue 4)", () => {
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

  it("a valid certificate says who completed which course of which school and when, with PDF and link", async () => {
    fetchMock.mockResolvedValue(json(CERTIFICATE));
    renderPage(CERTIFICATE.id);
    expect(await screen.findByRole("heading", { level: 1, name: "This certificate is valid" })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/certificates\/7KQ2M9XHTR$/);
    expect(screen.getByTestId("student-name").textContent).toBe("Trần Thị Minh Anh");
    expect(screen.getByTestId("course-title").textContent).toBe("Conversational English for Beginners");
    expect(screen.getByTestId("school-line").textContent).toBe("offered by Hanoi English House");
    expect(screen.getByTestId("completion-line").textContent).toBe("on June 3, 2025");
    expect(screen.getByTestId("certificate-id").textContent).toBe("7KQ2M9XHTR");
    const pdf = screen.getByRole("link", { name: "Download PDF" });
    expect(pdf.getAttribute("href")).toBe("/api/certificates/7KQ2M9XHTR/pdf");
    const link = screen.getByLabelText("Verification link") as HTMLInputElement;
    expect(link.value).toBe(CERTIFICATE.verifyUrl);
    await waitFor(() =>
      expect(document.title).toBe(
        "Certificate: Trần Thị Minh Anh · Conversational English for Beginners · Academy",
      ),
    );
  });

  it("copies the verification link", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    fetchMock.mockResolvedValue(json(CERTIFICATE));
    renderPage(CERTIFICATE.id);
    fireEvent.click(await screen.findByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Link copied!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CERTIFICATE.verifyUrl);
  });

  it("a certificate without a school leaves the school line out", async () => {
    fetchMock.mockResolvedValue(json({ ...CERTIFICATE, schoolName: null }));
    renderPage(CERTIFICATE.id);
    expect(await screen.findByTestId("certificate-valid")).toBeTruthy();
    expect(screen.queryByTestId("school-line")).toBeNull();
  });

  it("an unknown id says so plainly, with a link home", async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: "NOT_FOUND", message: LEARNING_MESSAGES.certificateUnknown } }, 404),
    );
    renderPage("NOPE123");
    expect(await screen.findByRole("heading", { level: 1, name: "Certificate not found" })).toBeTruthy();
    expect(screen.getByTestId("unknown-body").textContent).toBe(
      "We couldn't find a certificate with the ID NOPE123.",
    );
    expect(screen.getByText(/No certificate with this ID exists\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText("This certificate is valid")).toBeNull();
  });

  it("renders in Vietnamese", async () => {
    await act(async () => {
      await i18n.changeLanguage("vi");
    });
    try {
      fetchMock.mockResolvedValue(json(CERTIFICATE));
      renderPage(CERTIFICATE.id);
      expect(await screen.findByRole("heading", { level: 1, name: "Chứng chỉ này hợp lệ" })).toBeTruthy();
      expect(screen.getByTestId("school-line").textContent).toBe("do Hanoi English House giảng dạy");
      expect(screen.getByRole("link", { name: "Tải PDF" })).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage("en");
      });
    }
  });
});
