import { FONT_FAMILIES, LANDING_LIMITS, MOBILE_BUTTON_SIZES, type StyleData } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ColourInput } from "./colour-input";

/** Design › Styles (spec 001 §3 style_data): colours, font, border radius 0–20 step 1. */
export function StylesTab({
  styles,
  onChange,
}: {
  styles: StyleData;
  onChange: (styles: StyleData) => void;
}) {
  const { t } = useTranslation("landingPages");
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourInput
          id="style-primary"
          label={t("styles.primary")}
          value={styles.primaryColor}
          onChange={(primaryColor) => onChange({ ...styles, primaryColor })}
        />
        <ColourInput
          id="style-secondary"
          label={t("styles.secondary")}
          value={styles.secondaryColor}
          onChange={(secondaryColor) => onChange({ ...styles, secondaryColor })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="style-font">{t("styles.font")}</Label>
        <Select
          value={styles.fontFamily}
          onValueChange={(v) => onChange({ ...styles, fontFamily: v as StyleData["fontFamily"] })}
        >
          <SelectTrigger id="style-font">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FONT_FAMILIES.map((f) => (
              <SelectItem key={f} value={f}>
                <span style={{ fontFamily: f }}>{f}</span>
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="style-radius">{t("styles.radius", { value: styles.borderRadius })}</Label>
        <input
          id="style-radius"
          type="range"
          min={LANDING_LIMITS.borderRadiusMin}
          max={LANDING_LIMITS.borderRadiusMax}
          step={1}
          value={styles.borderRadius}
          onChange={(e) => onChange({ ...styles, borderRadius: Number(e.target.value) })}
          className="w-full accent-primary"
        />
      </div>
    </div>
  );
}

/** Design › Mobile (spec 001 §3, §9): font scale 0.8–1.5 step 0.1 and button size, below 768 px. */
export function MobileTab({
  styles,
  onChange,
}: {
  styles: StyleData;
  onChange: (styles: StyleData) => void;
}) {
  const { t } = useTranslation("landingPages");
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t("styles.mobileHelp")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor="style-scale">
          {t("styles.mobileScale", { value: styles.mobileFontScale.toFixed(1) })}
        </Label>
        <input
          id="style-scale"
          type="range"
          min={LANDING_LIMITS.mobileFontScaleMin}
          max={LANDING_LIMITS.mobileFontScaleMax}
          step={0.1}
          value={styles.mobileFontScale}
          onChange={(e) =>
            onChange({ ...styles, mobileFontScale: Math.round(Number(e.target.value) * 10) / 10 })
          }
          className="w-full accent-primary"
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t("styles.mobileButton")}</legend>
        <div className="flex flex-wrap gap-2">
          {MOBILE_BUTTON_SIZES.map((size) => (
            <label
              key={size}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="mobile-button"
                value={size}
                checked={styles.mobileButtonSize === size}
                onChange={() => onChange({ ...styles, mobileButtonSize: size })}
              />
              {t(`styles.${size}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
