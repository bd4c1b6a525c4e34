import { attributionFromParams } from "@academy/shared";
import { describe, expect, it } from "vitest";
import { authPathForEnrolment } from "./enrolment-view";

describe("authPathForEnrolment", () => {
  it("comes back to /join with the landing page and the visit's campaign (issue 12 §3)", () => {
    const attribution = attributionFromParams(
      new URLSearchParams("lp=pho&utm_source=Facebook&utm_medium=cpc&utm_campaign=t%E1%BA%BFt"),
    );
    const path = authPathForEnrolment("c1", "pho", attribution);
    const back = new URL(new URLSearchParams(path.split("?")[1]).get("redirect") ?? "", "http://x");
    expect(back.pathname).toBe("/join/c1");
    expect(back.searchParams.get("enroll")).toBe("1");
    expect(back.searchParams.get("lp")).toBe("pho");
    expect(attributionFromParams(back.searchParams)).toEqual({
      utm_source: "facebook",
      utm_medium: "cpc",
      utm_campaign: "tết",
    });
  });

  it("adds nothing without a campaign", () => {
    expect(authPathForEnrolment("c1")).toBe(
      `/auth?redirect=${encodeURIComponent("/join/c1?enroll=1")}&tab=signup`,
    );
  });
});
