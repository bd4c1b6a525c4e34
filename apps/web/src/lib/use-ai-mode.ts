import { useQuery } from "@tanstack/react-query";
import { publicConfigQueryOptions } from "./session";

/**
 * The i18next context for AI texts (issue 17 §2): "template" when no model is connected (the
 * built-in templates write outlines and materials, and the UI must not say "AI"), undefined when
 * a model is, or while the configuration loads. Use as `t(key, { context: useAiTextContext() })`
 * with `<key>_template` entries in both catalogues.
 */
export function useAiTextContext(): "template" | undefined {
  const { data } = useQuery(publicConfigQueryOptions);
  return data?.aiMode === "offline" ? "template" : undefined;
}
