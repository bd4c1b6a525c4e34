import { LanguagesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language, setLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

const NAMES: Record<Language, string> = { en: "English", vi: "Tiếng Việt" };

/** The language switch (issue 2 Languages): a two-option toggle, remembered by lib/i18n. */
export function LanguageSwitch({
  className,
  onChange,
}: {
  className?: string;
  onChange?: (lng: Language) => void;
}) {
  const { i18n, t } = useTranslation();
  return (
    <fieldset
      className={cn(
        "inline-flex items-center gap-1 rounded-md border border-border bg-background p-0.5",
        className,
      )}
    >
      <legend className="sr-only">{t("language.label")}</legend>
      <LanguagesIcon className="ml-1 size-4 text-muted-foreground" aria-hidden />
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={i18n.language === lng}
          title={NAMES[lng]}
          onClick={() => {
            void setLanguage(lng);
            onChange?.(lng);
          }}
          className={cn(
            "rounded px-2 py-1 text-xs font-semibold uppercase cursor-pointer",
            i18n.language === lng
              ? "bg-primary text-primary-foreground"
              : "text-muted-foreground hover:bg-muted",
          )}
        >
          {lng}
        </button>
      ))}
    </fieldset>
  );
}
