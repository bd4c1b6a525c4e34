import { SearchIcon, XIcon } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { CourseStatusFilter } from "../api/courses";
import { useDebouncedValue } from "../hooks/use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { value: CourseStatusFilter; key: "all" | "live" | "draft" }[] = [
  { value: "all", key: "all" },
  { value: "published", key: "live" },
  { value: "draft", key: "draft" },
];

/**
 * Search (debounced) and the status filter All / Live / Draft. `counts` (optional) adds the number
 * of courses to each filter.
 */
export function CoursesToolbar({
  search,
  onSearchChange,
  status,
  onStatusChange,
  counts,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  status: CourseStatusFilter;
  onStatusChange: (value: CourseStatusFilter) => void;
  counts?: Record<CourseStatusFilter, number>;
}) {
  const { t, i18n } = useTranslation("courses");
  const [text, setText] = React.useState(search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = React.useRef(search);

  // Typing: send the settled text.
  React.useEffect(() => {
    const value = debounced.trim();
    if (value !== sent.current) {
      sent.current = value;
      onSearchChange(value);
    }
  }, [debounced, onSearchChange]);
  // Changed from outside (clear filters, back button): show it.
  React.useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setText(search);
    }
  }, [search]);

  const clear = () => {
    setText("");
    sent.current = "";
    onSearchChange("");
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-sm">
        <SearchIcon
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && text) {
              event.preventDefault();
              clear();
            }
          }}
          placeholder={t("filters.searchPlaceholder")}
          aria-label={t("filters.searchLabel")}
          maxLength={200}
          className="bg-background pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
          data-testid="course-search"
        />
        {text ? (
          <button
            type="button"
            onClick={clear}
            className="absolute right-2 top-1/2 grid size-7 -translate-y-1/2 cursor-pointer place-items-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label={t("filters.clearSearch")}
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <ToggleGroup.Root
        type="single"
        value={status}
        onValueChange={(value) => value && onStatusChange(value as CourseStatusFilter)}
        aria-label={t("filters.statusLabel")}
        className="inline-flex h-10 w-full items-center rounded-md bg-muted p-1 text-muted-foreground sm:w-auto"
      >
        {FILTERS.map((filter) => (
          <ToggleGroup.Item
            key={filter.value}
            value={filter.value}
            className={cn(
              "inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 text-sm font-medium transition-all hover:text-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm sm:flex-none",
            )}
            data-testid={`status-${filter.value}`}
          >
            {t(`filters.${filter.key}`)}
            {counts ? (
              <span className="rounded-full bg-foreground/5 px-1.5 text-xs tabular-nums text-muted-foreground">
                {formatNumber(counts[filter.value], i18n.language)}
              </span>
            ) : null}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}
