import { describe, expect, it } from "vitest";
import { foldSearch, likePattern } from "./search.ts";

describe("foldSearch", () => {
  it("drops Vietnamese accents and case", () => {
    expect(foldSearch("Nguyễn Văn Đạt")).toBe("nguyen van dat");
    expect(foldSearch("TRẦN THỊ HỒNG NHUNG")).toBe("tran thi hong nhung");
    expect(foldSearch("Lê Ánh Dương")).toBe("le anh duong");
  });

  it("folds decomposed (NFD) input the same way as precomposed", () => {
    expect(foldSearch("Nguye\u0302\u0303n")).toBe("nguyen");
  });

  it("folds other Latin accents and digits pass through", () => {
    expect(foldSearch("TIẾNG VIỆT 101")).toBe("tieng viet 101");
    expect(foldSearch("Crème Brûlée")).toBe("creme brulee");
  });

  it("keeps plain ASCII as lower case", () => {
    expect(foldSearch("Alice@Example.com")).toBe("alice@example.com");
  });
});

describe("likePattern", () => {
  it("wraps the folded, trimmed query in wildcards", () => {
    expect(likePattern("  Nguyễn ")).toBe("%nguyen%");
  });

  it("escapes LIKE wildcards typed by the user", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
