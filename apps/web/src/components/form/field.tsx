import { AUTH_MESSAGES, type AuthMessageKey } from "@academy/shared";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";

const KEY_BY_MESSAGE = new Map(
  Object.entries(AUTH_MESSAGES).map(([key, text]) => [text as string, key as AuthMessageKey]),
);

/** A labelled form field with an optional hint under it and its (translated) validation message. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("auth");
  const key = error ? KEY_BY_MESSAGE.get(error) : undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {key ? t(`validation.${key}`) : error}
        </p>
      ) : null}
    </div>
  );
}
