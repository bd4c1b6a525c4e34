import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A colour picker with its hex value; "transparent" (or empty) when allowed. Used by the Sections
 * editor and the Styles tab (its own module: the Styles tab loads without the Sections editor).
 */
export function ColourInput({
  id,
  label,
  value,
  onChange,
  allowTransparent,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  allowTransparent?: boolean;
}) {
  const { t } = useTranslation("landingPages");
  const hex = /^#[0-9a-fA-F]{6}$/.test(value) ? value : "#ffffff";
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={label}
          value={hex}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-background p-1"
        />
        <Input
          id={id}
          value={value}
          placeholder={allowTransparent ? "transparent" : "#000000"}
          onChange={(e) => onChange(e.target.value)}
        />
        {allowTransparent ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange("transparent")}>
            {t("sections.transparent")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
