import { afterEach, expect } from "vitest";
import { takeCspViolations } from "./browser.ts";

// Issue 25 item 7: every browser test fails when a page it opened had a script, style, frame or
// connection refused by the Content-Security-Policy (a console error naming the policy).
afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
