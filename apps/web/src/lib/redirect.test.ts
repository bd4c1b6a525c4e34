import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/dashboard/courses?x=1")).toBe("/dashboard/courses?x=1");
  });
  it("refuses absolute, protocol-relative and backslash URLs", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/dashboard");
    expect(safeRedirect("//evil.example/")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirect(null, "/x")).toBe("/x");
  });
});
