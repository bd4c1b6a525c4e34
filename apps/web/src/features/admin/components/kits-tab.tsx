import type { BrandingKit } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "@/components/form/field";
import { FormCard } from "@/components/form/form-card";
import { LoadingState } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText } from "@/lib/utils";
import { adminKitsQueryOptions, useSaveKit } from "../api/admin";

/** Swatch order of a kit (jsonb does not keep the keys' order). */
const COLOR_KEYS = ["primary", "secondary", "accent", "background", "text"] as const;

const EMPTY_KIT = {
  name: "",
  theme: "custom" as const,
  colors: {
    primary: "#1A237E",
    secondary: "#00C7B1",
    accent: "#FF6F61",
    background: "#FFFFFF",
    text: "#0F172A",
  },
  fonts: { heading: "Inter", body: "Inter" },
  radius: 8,
  isActive: true,
};

/** Admin Panel: the branding kits (colours, fonts, radius) and the add / edit form (issue 14). */
export function KitsTab() {
  const { t } = useTranslation("admin");
  const kits = useQuery(adminKitsQueryOptions);
  const save = useSaveKit();
  const [draft, setDraft] = React.useState<(typeof EMPTY_KIT & { id?: string }) | BrandingKit>(EMPTY_KIT);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(draft, {
      onSuccess: () => {
        toast.success(t("kits.saved"));
        setDraft(EMPTY_KIT);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid gap-3 sm:grid-cols-2">
        {kits.isPending ? <LoadingState /> : null}
        {kits.data?.kits.map((k) => (
          <Card key={k.id}>
            <CardContent className="flex flex-col gap-3 p-4">
              <div className="flex items-center gap-2">
                <span className="flex-1 font-semibold">{k.name}</span>
                {!k.isActive ? <Badge variant="secondary">{t("subjects.inactive")}</Badge> : null}
              </div>
              <div className="flex gap-1" aria-hidden>
                {COLOR_KEYS.map((key) => (
                  <span
                    key={key}
                    title={t(`kits.colors.${key}`)}
                    className="size-7 border"
                    style={{ background: k.colors[key], borderRadius: k.radius }}
                  />
                ))}
              </div>
              <p className="text-xs text-muted-foreground">
                {k.fonts.heading} / {k.fonts.body} · {t("kits.radiusValue", { px: k.radius })}
              </p>
              <Button size="sm" variant="outline" onClick={() => setDraft(k)}>
                {t("edit")}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <FormCard title={"id" in draft && draft.id ? t("kits.edit") : t("kits.add")}>
        <form onSubmit={submit} className="flex flex-col gap-3">
          <Field id="kit-name" label={t("kits.name")}>
            <Input
              id="kit-name"
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </Field>
          <div className="grid grid-cols-5 gap-1">
            {COLOR_KEYS.map((key) => (
              <label key={key} className="flex flex-col items-center text-[10px]">
                <input
                  type="color"
                  aria-label={t(`kits.colors.${key}`)}
                  value={draft.colors[key]}
                  onChange={(e) => setDraft({ ...draft, colors: { ...draft.colors, [key]: e.target.value } })}
                  className="h-8 w-full"
                />
                {t(`kits.colors.${key}`)}
              </label>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Input
              aria-label={t("kits.heading")}
              value={draft.fonts.heading}
              onChange={(e) => setDraft({ ...draft, fonts: { ...draft.fonts, heading: e.target.value } })}
            />
            <Input
              aria-label={t("kits.body")}
              value={draft.fonts.body}
              onChange={(e) => setDraft({ ...draft, fonts: { ...draft.fonts, body: e.target.value } })}
            />
          </div>
          <Label htmlFor="kit-radius">{t("kits.radiusValue", { px: draft.radius })}</Label>
          <input
            id="kit-radius"
            type="range"
            min={0}
            max={20}
            step={1}
            value={draft.radius}
            onChange={(e) => setDraft({ ...draft, radius: Number(e.target.value) })}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.isActive}
              onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
            />
            {t("subjects.active")}
          </label>
          <Button type="submit" disabled={save.isPending}>
            {t("save")}
          </Button>
        </form>
      </FormCard>
    </div>
  );
}
