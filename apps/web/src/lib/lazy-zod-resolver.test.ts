import { SCHOOL_MESSAGES, type SchoolBrandingInput } from "@academy/shared";
import { schoolBrandingInputSchema } from "@academy/shared/schemas/schools";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyZodResolver } from "./lazy-zod-resolver";

const options = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: "firstError",
} as unknown as ResolverOptions<SchoolBrandingInput>;

const invalid: SchoolBrandingInput = {
  name: "",
  slug: "No Spaces Allowed",
  primaryColor: "#12",
  accentColor: "#00C7B1",
  font: "Inter",
  supportEmail: "not-an-email",
  socialLinks: { facebook: "https://example.com/me", zalo: "", tiktok: "", youtube: "" },
};

describe("lazyZodResolver (issue 17 §14)", () => {
  it("loads the schema once, on first use, and reports what zodResolver reports", async () => {
    const load = vi.fn(async () => schoolBrandingInputSchema);
    const resolver = lazyZodResolver<SchoolBrandingInput>(load);
    expect(load).not.toHaveBeenCalled();

    const lazy = await resolver(invalid, undefined, options);
    const eager = await zodResolver(schoolBrandingInputSchema)(invalid, undefined, options as never);
    expect(lazy).toEqual(eager);
    expect(lazy.errors.name?.message).toBe(SCHOOL_MESSAGES.nameRequired);
    expect(lazy.errors.primaryColor?.message).toBe(SCHOOL_MESSAGES.colorInvalid);

    const valid = await resolver(
      {
        ...invalid,
        name: "My school",
        slug: "my-school",
        primaryColor: "#112233",
        supportEmail: "",
        socialLinks: { facebook: "", zalo: "", tiktok: "", youtube: "" },
      },
      undefined,
      options,
    );
    expect(valid.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("load() fetches ahead of the first validation, which then does not import again", async () => {
    const load = vi.fn(async () => schoolBrandingInputSchema);
    const resolver = lazyZodResolver<SchoolBrandingInput>(load);
    await resolver.load();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver(invalid, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("throws when the import fails and tries again on the next validation", async () => {
    const load = vi
      .fn<() => Promise<typeof schoolBrandingInputSchema>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValue(schoolBrandingInputSchema);
    const resolver = lazyZodResolver<SchoolBrandingInput>(load);
    await expect(resolver(invalid, undefined, options)).rejects.toThrow("Failed to fetch");
    const retried = await resolver(invalid, undefined, options);
    expect(retried.errors.name?.message).toBe(SCHOOL_MESSAGES.nameRequired);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
