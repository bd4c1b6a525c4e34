import { describe, expect, it } from "vitest";
import {
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from "./sidebar";

describe("sidebar constants and state cookie (spec 001 §9)", () => {
  it("uses the spec's widths and a 7-day cookie", () => {
    expect([SIDEBAR_WIDTH, SIDEBAR_WIDTH_MOBILE, SIDEBAR_WIDTH_ICON]).toEqual(["16rem", "18rem", "3rem"]);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });
  it("reads the remembered state, open by default", () => {
    expect(readSidebarCookie("")).toBe(true);
    expect(readSidebarCookie("a=1; sidebar_state=false")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true; b=2")).toBe(true);
  });
});
