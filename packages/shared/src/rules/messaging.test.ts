import { describe, expect, it } from "vitest";
import { messageContentSchema } from "../schemas/messaging.ts";
import { linkifyText, MESSAGE_MAX_LENGTH, mergeMessages, unreadBadgeLabel } from "./messaging.ts";

describe("mergeMessages", () => {
  const m = (id: string, createdAt: string) => ({ id, createdAt });
  it("keeps each id once, oldest first", () => {
    const merged = mergeMessages(
      [m("a", "2026-01-01T00:00:01Z"), m("b", "2026-01-01T00:00:03Z")],
      [m("c", "2026-01-01T00:00:02Z"), m("b", "2026-01-01T00:00:03Z"), m("c", "2026-01-01T00:00:02Z")],
    );
    expect(merged.map((x) => x.id)).toEqual(["a", "c", "b"]);
  });
  it("returns the same array when nothing is new", () => {
    const list = [m("a", "2026-01-01T00:00:01Z")];
    expect(mergeMessages(list, [m("a", "2026-01-01T00:00:01Z")])).toBe(list);
  });
});

describe("linkifyText", () => {
  it("makes http(s) and www links, keeping trailing punctuation as text", () => {
    expect(linkifyText("See https://example.com/a?b=1, and www.test.vn.")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { type: "text", text: ", and " },
      { type: "link", text: "www.test.vn", href: "https://www.test.vn" },
      { type: "text", text: "." },
    ]);
  });
  it("never links other schemes", () => {
    expect(linkifyText("javascript:alert(1) <b>hi</b>")).toEqual([
      { type: "text", text: "javascript:alert(1) <b>hi</b>" },
    ]);
  });
});

describe("message content", () => {
  it("is trimmed, not blank, at most 5,000 characters", () => {
    expect(messageContentSchema.parse("  hi \n")).toBe("hi");
    expect(messageContentSchema.safeParse(" \n\t ").error?.issues[0].message).toBe("Please type a message.");
    expect(messageContentSchema.safeParse("x".repeat(MESSAGE_MAX_LENGTH)).success).toBe(true);
    expect(messageContentSchema.safeParse(` ${"x".repeat(MESSAGE_MAX_LENGTH)} `).success).toBe(true);
    expect(messageContentSchema.safeParse("x".repeat(MESSAGE_MAX_LENGTH + 1)).error?.issues[0].message).toBe(
      "Messages can be at most 5000 characters.",
    );
  });
});

describe("unreadBadgeLabel", () => {
  it("caps at 99+", () => {
    expect(unreadBadgeLabel(0)).toBe("0");
    expect(unreadBadgeLabel(99)).toBe("99");
    expect(unreadBadgeLabel(100)).toBe("99+");
  });
});
