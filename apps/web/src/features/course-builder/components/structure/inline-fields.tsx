import { parseMinutes } from "@academy/shared";
import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * An inline title field that looks like text until hovered or focused. Titles are required: typing
 * commits every non-empty value; leaving the field empty puts the last title back. Escape undoes
 * the edit.
 */
export function InlineTitle({
  value,
  onCommit,
  label,
  className,
  maxLength = 200,
}: {
  value: string;
  onCommit: (title: string) => void;
  label: string;
  className?: string;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState(value);
  const [focused, setFocused] = useState(false);
  const [original, setOriginal] = useState(value);
  useEffect(() => {
    if (!focused) setDraft(value);
  }, [value, focused]);

  return (
    <input
      type="text"
      value={draft}
      aria-label={label}
      maxLength={maxLength}
      className={cn(
        "h-9 w-full min-w-0 truncate rounded-md border border-transparent bg-transparent px-2 font-medium hover:border-input focus:border-input focus:bg-background focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
      onFocus={() => {
        setFocused(true);
        setOriginal(value);
      }}
      onChange={(event) => {
        setDraft(event.target.value);
        const trimmed = event.target.value.trim();
        if (trimmed) onCommit(trimmed);
      }}
      onBlur={() => {
        setFocused(false);
        if (!draft.trim()) {
          setDraft(value);
        } else if (draft !== draft.trim()) {
          setDraft(draft.trim());
        }
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === "Escape") {
          event.preventDefault();
          setDraft(original);
          onCommit(original);
          event.currentTarget.blur();
        }
      }}
    />
  );
}

/** A duration field in whole minutes (parseMinutes: "12.7" → 12, anything else → 0). */
export function MinutesInput({
  value,
  onCommit,
  label,
  unit,
  id,
}: {
  value: number;
  onCommit: (minutes: number) => void;
  label: string;
  unit: string;
  id?: string;
}) {
  const [draft, setDraft] = useState(String(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(String(value));
  }, [value, focused]);
  return (
    <span className="inline-flex items-center gap-1.5">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={draft}
        aria-label={label}
        className="h-9 w-14 rounded-md border border-input bg-background px-2 text-right text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-ring"
        onFocus={() => setFocused(true)}
        onChange={(event) => {
          setDraft(event.target.value);
          onCommit(parseMinutes(event.target.value));
        }}
        onBlur={() => {
          setFocused(false);
          setDraft(String(parseMinutes(draft)));
        }}
      />
      <span className="text-xs text-muted-foreground" aria-hidden>
        {unit}
      </span>
    </span>
  );
}
