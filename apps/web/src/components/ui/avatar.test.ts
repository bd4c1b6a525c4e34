import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("uses letters and digits only", () => {
    expect(initials("Trần Minh Anh (new)")).toBe("TN");
    expect(initials("Lê Thu Hà")).toBe("LH");
    expect(initials("anh.tran@example.com")).toBe("AT");
    expect(initials("(((")).toBe("?");
  });
});
