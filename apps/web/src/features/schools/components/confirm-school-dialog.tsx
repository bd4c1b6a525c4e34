import { SCHOOL_LIMITS } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "@/components/form/form-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { brandingQueryOptions, useSaveBranding } from "../api/schools";
import { SchoolImageField } from "./school-image-field";

/**
 * Before a creator's first course goes live (issue 24 §6, ux M11): the school it is published
 * under — its name (the creator's display name by default, "Lan Nguyen's School") and logo — is
 * shown to confirm or change. Mounted while a publish waits: when the school already exists (the
 * creator saved Branding or published before) it calls `onProceed` at once and shows nothing;
 * otherwise Confirm saves the school (PUT /api/schools/me/branding with the defaults and the
 * chosen name and logo) and then calls `onProceed`. Cancel (or Esc) calls `onCancel`: nothing is
 * published. A branding that cannot be read does not block publishing (the server still names the
 * school from the display name).
 */
export function ConfirmSchoolDialog({
  onProceed,
  onCancel,
}: {
  onProceed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("schools");
  const branding = useQuery(brandingQueryOptions);
  const save = useSaveBranding();
  const [name, setName] = React.useState<string | null>(null);
  const [logoUrl, setLogoUrl] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const proceeded = React.useRef(false);
  const needsConfirming = branding.data ? !branding.data.exists : false;

  React.useEffect(() => {
    if (proceeded.current) return;
    if (branding.data?.exists || branding.isError) {
      proceeded.current = true;
      onProceed();
    }
  }, [branding.data, branding.isError, onProceed]);

  if (!branding.data || !needsConfirming) return null;
  const current = branding.data;
  const shownName = name ?? current.name;
  const shownLogo = logoUrl ?? current.logoUrl;

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!shownName.trim()) {
      setFailure(t("confirmSchool.nameRequired"));
      return;
    }
    setFailure(null);
    const { exists: _e, id: _i, publicUrl: _p, redirects: _r, domains: _d, ...input } = current;
    save.mutate(
      { ...input, name: shownName.trim(), logoUrl: shownLogo },
      {
        onSuccess: () => {
          proceeded.current = true;
          onProceed();
        },
        onError: (error) => setFailure(error instanceof ApiError ? error.message : t("confirmSchool.failed")),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent data-testid="confirm-school">
        <form onSubmit={confirm} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>{t("confirmSchool.title")}</DialogTitle>
            <DialogDescription>{t("confirmSchool.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="confirm-school-name">{t("confirmSchool.nameLabel")}</Label>
            <Input
              id="confirm-school-name"
              value={shownName}
              maxLength={SCHOOL_LIMITS.nameMax}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={failure ? true : undefined}
            />
          </div>
          <SchoolImageField
            id="confirm-school-logo"
            area="school-logo"
            label={t("confirmSchool.logoLabel")}
            value={shownLogo}
            onChange={setLogoUrl}
          />
          <p className="text-sm text-muted-foreground">{t("confirmSchool.later")}</p>
          <FormError message={failure} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("confirmSchool.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="confirm-school-publish">
              {save.isPending ? t("confirmSchool.saving") : t("confirmSchool.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
