import { describe, expect, it } from "vitest";
import { isNetworkError, MAPPED_ERROR_TEXT, type MappedErrorKey, mapErrorMessage } from "./error-mapping.ts";

/** Spec 001 §8 "Generic error mapping (by message content)", row by row. */
describe("mapErrorMessage: spec 001 §8 generic error mapping rows", () => {
  it("network or fetch → the network message", () => {
    expect(mapErrorMessage("Network request failed")).toBe("network");
    expect(mapErrorMessage("TypeError: Failed to fetch")).toBe("network");
    expect(MAPPED_ERROR_TEXT.network).toBe(
      "Network error. Please check your internet connection and try again.",
    );
  });

  it("unauthorized or 401 → the expired-session message", () => {
    expect(mapErrorMessage("Unauthorized")).toBe("sessionExpired");
    expect(mapErrorMessage("Request failed with status 401")).toBe("sessionExpired");
    // Exact text not shown in the spec: Academy's own wording must still say what happened.
    expect(MAPPED_ERROR_TEXT.sessionExpired).toMatch(/session has expired.*sign in/i);
  });

  it("forbidden or 403 → a no-permission message", () => {
    expect(mapErrorMessage("FORBIDDEN")).toBe("forbidden");
    expect(mapErrorMessage("status 403")).toBe("forbidden");
    expect(MAPPED_ERROR_TEXT.forbidden).toMatch(/permission/i);
  });

  it("not found or 404 → a resource-not-found message", () => {
    expect(mapErrorMessage("Course Not Found")).toBe("notFound");
    expect(mapErrorMessage("HTTP 404")).toBe("notFound");
    expect(MAPPED_ERROR_TEXT.notFound).toMatch(/not found/i);
  });

  it("timeout → 'The request timed out'", () => {
    expect(mapErrorMessage("Gateway Timeout")).toBe("timeout");
    expect(MAPPED_ERROR_TEXT.timeout).toBe("The request timed out");
  });

  it("validation or invalid → 'Please check your input and try again.'", () => {
    expect(mapErrorMessage("Validation failed")).toBe("validation");
    expect(mapErrorMessage("invalid input syntax")).toBe("validation");
    expect(MAPPED_ERROR_TEXT.validation).toBe("Please check your input and try again.");
  });

  it("duplicate → 'This item already exists. Please use a different name.'", () => {
    expect(mapErrorMessage("duplicate key value violates unique constraint")).toBe("duplicate");
    expect(MAPPED_ERROR_TEXT.duplicate).toBe("This item already exists. Please use a different name.");
  });

  it("row level security → a no-permission-to-access message", () => {
    expect(mapErrorMessage('new row violates row level security policy for table "courses"')).toBe(
      "rowLevelSecurity",
    );
    expect(mapErrorMessage("Row-Level Security")).toBe("rowLevelSecurity");
    expect(MAPPED_ERROR_TEXT.rowLevelSecurity).toMatch(/permission to access/i);
  });

  it("json → 'Invalid data format'", () => {
    expect(mapErrorMessage("Unexpected token < in JSON at position 0")).toBe("json");
    expect(MAPPED_ERROR_TEXT.json).toBe("Invalid data format");
  });

  it("anything else → 'An unexpected error occurred. Please try again.'", () => {
    expect(mapErrorMessage("Something broke")).toBe("unexpected");
    expect(mapErrorMessage("")).toBe("unexpected");
    expect(mapErrorMessage(null)).toBe("unexpected");
    expect(mapErrorMessage(undefined)).toBe("unexpected");
    expect(MAPPED_ERROR_TEXT.unexpected).toBe("An unexpected error occurred. Please try again.");
  });

  it("has exactly one text per row", () => {
    const keys: MappedErrorKey[] = [
      "network",
      "sessionExpired",
      "forbidden",
      "notFound",
      "timeout",
      "validation",
      "duplicate",
      "rowLevelSecurity",
      "json",
      "unexpected",
    ];
    expect(Object.keys(MAPPED_ERROR_TEXT).sort()).toEqual([...keys].sort());
    expect(new Set(Object.values(MAPPED_ERROR_TEXT)).size).toBe(keys.length);
  });
});

describe("mapErrorMessage: rows are checked in the spec's order", () => {
  it.each<[string, MappedErrorKey]>([
    ["fetch failed: 404", "network"],
    ["network timeout", "network"],
    ["401 forbidden", "sessionExpired"],
    ["403: resource not found", "forbidden"],
    ["404 timeout", "notFound"],
    ["timeout: invalid response", "timeout"],
    ["invalid duplicate", "validation"],
    ["duplicate json", "duplicate"],
    ["row level security: json", "rowLevelSecurity"],
  ])("%j → %s", (message, key) => {
    expect(mapErrorMessage(message)).toBe(key);
  });

  it("matches case-insensitively", () => {
    expect(mapErrorMessage("NETWORK")).toBe("network");
    expect(mapErrorMessage("Not FOUND")).toBe("notFound");
    expect(mapErrorMessage("Json parse")).toBe("json");
  });
});

describe("isNetworkError (network errors are dropped from error reporting)", () => {
  it("is true for network and fetch messages", () => {
    expect(isNetworkError("NetworkError when attempting to fetch resource.")).toBe(true);
    expect(isNetworkError("Failed to fetch")).toBe(true);
    expect(isNetworkError("fetch failed: 404")).toBe(true);
  });

  it("is false for every other row", () => {
    for (const message of [
      "Unauthorized",
      "403",
      "not found",
      "timeout",
      "invalid",
      "duplicate",
      "json",
      "boom",
      "",
      null,
    ]) {
      expect(isNetworkError(message)).toBe(false);
    }
  });
});
