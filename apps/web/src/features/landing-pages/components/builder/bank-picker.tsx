import { findNapasBank, type NapasBank, searchNapasBanks } from "@academy/shared";
import { CheckIcon, ChevronDownIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** Most banks shown at once; the rest are reached by typing. */
const MAX_SHOWN = 60;

/**
 * A searchable bank picker over the NAPAS list (issue 11 §7): a combobox (WAI-ARIA 1.2 pattern)
 * whose list is filtered by short name, full name, code or BIN, accent-insensitive. Keyboard:
 * ↓/↑ move, Enter picks, Escape closes (and restores the text), Home/End jump.
 * - `kind="code"` (VietQR): `value` is a bank code; only a bank of the list can be chosen, and the
 *   text falls back to the chosen bank when the field is left without picking.
 * - `kind="name"` (bank transfer): `value` is free text (a bank abroad may be typed); picking a
 *   bank writes its short name.
 */
export function BankPicker({
  id,
  value,
  onChange,
  kind,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  kind: "code" | "name";
}) {
  const { t } = useTranslation("landingPages");
  const selected = kind === "code" ? findNapasBank(value) : undefined;
  const shownText = kind === "code" ? (selected?.shortName ?? "") : value;
  const [text, setText] = React.useState(shownText);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const [typed, setTyped] = React.useState(false);
  const listId = `${id}-list`;
  const listRef = React.useRef<HTMLDivElement>(null);

  // Another value from outside (a save, a reset) replaces the text while the list is closed.
  React.useEffect(() => {
    if (!open) setText(shownText);
  }, [shownText, open]);

  const results = React.useMemo(() => searchNapasBanks(typed ? text : "").slice(0, MAX_SHOWN), [text, typed]);

  React.useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const openList = () => {
    const current = kind === "code" ? results.findIndex((b) => b.code === selected?.code) : -1;
    setActive(Math.max(0, current));
    setOpen(true);
  };
  const close = (restore: boolean) => {
    setOpen(false);
    setTyped(false);
    if (restore || kind === "code") setText(shownText);
  };
  const pick = (bank: NapasBank) => {
    const next = kind === "code" ? bank.code : bank.shortName;
    onChange(next);
    setText(bank.shortName);
    setOpen(false);
    setTyped(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(results.length - 1, i + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case "Home":
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case "End":
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, results.length - 1));
        }
        break;
      case "Enter": {
        if (!open) return;
        event.preventDefault();
        const bank = results[active];
        if (bank) pick(bank);
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
        break;
      case "Tab":
        if (open) close(false);
        break;
    }
  };

  const activeId = open && results[active] ? `${id}-opt-${results[active].bin}` : undefined;
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={t("payment.bankSearch")}
        value={text}
        className="pr-9"
        onChange={(event) => {
          setText(event.target.value);
          setTyped(true);
          setActive(0);
          setOpen(true);
          if (kind === "name") onChange(event.target.value);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (open) close(false);
        }}
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      {selected ? (
        <p className="mt-1 text-xs break-words text-muted-foreground" data-testid={`${id}-selected`}>
          {selected.name} · BIN {selected.bin}
        </p>
      ) : null}
      {open ? (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t("payment.bankList")}
          className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-background p-1 text-foreground shadow-lg"
        >
          {results.length === 0 ? (
            <p className="px-2 py-2 text-sm text-muted-foreground">{t("payment.bankNone")}</p>
          ) : (
            results.map((bank, index) => {
              const isSelected = kind === "code" ? bank.code === selected?.code : bank.shortName === value;
              return (
                // The input keeps the focus and handles the keys (combobox pattern); options are clicked.
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard is handled by the combobox input
                <div
                  key={bank.bin}
                  id={`${id}-opt-${bank.bin}`}
                  role="option"
                  aria-selected={isSelected}
                  tabIndex={-1}
                  data-index={index}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm",
                    index === active && "bg-muted",
                  )}
                  // Keep the focus in the input so the blur does not close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => pick(bank)}
                >
                  <CheckIcon
                    className={cn("mt-0.5 size-4 shrink-0", isSelected ? "opacity-100" : "opacity-0")}
                    aria-hidden
                  />
                  <span className="grid min-w-0 flex-1">
                    <span className="font-medium">
                      {bank.shortName} <span className="font-normal text-muted-foreground">· {bank.bin}</span>
                    </span>
                    <span className="text-xs break-words text-muted-foreground">{bank.name}</span>
                  </span>
                </div>
              );
            })
          )}
        </div>
      ) : null}
    </div>
  );
}
