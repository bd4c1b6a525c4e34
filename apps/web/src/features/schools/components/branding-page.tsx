import {
  SCHOOL_FONTS,
  SCHOOL_LIMITS,
  type SchoolBranding,
  type SchoolBrandingInput,
  SOCIAL_NETWORKS,
} from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CopyIcon, ExternalLinkIcon, SaveIcon } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { brandingQueryOptions, useSaveBranding } from "../api/schools";
import { translateSchoolMessage } from "../lib/messages";
import { BrandPreview } from "./brand-preview";
import { SchoolImageField } from "./school-image-field";

/** Custom domains, below the form: loaded after it (issue 17 §14). */
const DomainsCard = React.lazy(() =>
  import("./domains-card").then((module) => ({ default: module.DomainsCard })),
);

/** The shared schema the server checks too, with zod, loaded on first use (issue 17 §14). */
const brandingResolver = lazyZodResolver<SchoolBrandingInput>(() =>
  import("@academy/shared/schemas/schools").then((module) => module.schoolBrandingInputSchema),
);

function toInput(b: SchoolBranding): SchoolBrandingInput {
  return {
    name: b.name,
    slug: b.slug,
    description: b.description,
    logoUrl: b.logoUrl,
    faviconUrl: b.faviconUrl,
    primaryColor: b.primaryColor,
    accentColor: b.accentColor,
    font: b.font,
    supportEmail: b.supportEmail,
    legalName: b.legalName,
    taxCode: b.taxCode,
    businessAddress: b.businessAddress,
    socialLinks: { ...b.socialLinks },
  };
}

/**
 * Branding & Domains (/dashboard/branding; issue 15, spec 001 §2 menu, 000 §2 "Set up branding"
 * card): the school's name, address, description, logo, favicon, colours, font, support e-mail and
 * social links with a live preview; custom domains below. Loading, error and saving states.
 */
export function BrandingPage() {
  const { t } = useTranslation("schools");
  const query = useQuery(brandingQueryOptions);

  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <PageTitle>{t("title")}</PageTitle>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="rounded-xl border border-dashed p-8 text-center">
        <PageTitle>{t("title")}</PageTitle>
        <p className="mb-4 text-sm text-muted-foreground">{t("loadError")}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  return <BrandingForm branding={query.data} />;
}

function BrandingForm({ branding }: { branding: SchoolBranding }) {
  const { t, i18n } = useTranslation("schools");
  const save = useSaveBranding();
  const form = useForm<SchoolBrandingInput>({
    resolver: brandingResolver,
    defaultValues: toInput(branding),
    mode: "onBlur",
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    reset,
    formState: { errors, isDirty },
  } = form;
  const values = watch();
  // Fetch the validator while the creator reads the form, before the first blur or submit.
  React.useEffect(() => {
    void brandingResolver.load().catch(() => undefined);
  }, []);
  const origin = typeof window !== "undefined" ? window.location.origin : "";

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      reset(toInput(saved));
      toast.success(t("toast.saved"));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status === 409) setError("slug", { message });
      toast.error(t("toast.saveFailed"), { description: translateSchoolMessage(t, message) });
    }
  });

  const err = (message: string | undefined) =>
    message ? (
      <p role="alert" className="text-sm text-destructive">
        {translateSchoolMessage(t, message)}
      </p>
    ) : null;

  return (
    <div className="grid gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/s/${branding.slug}`} target="_blank" rel="noreferrer">
              <ExternalLinkIcon aria-hidden />
              {t("viewPage")}
            </a>
          </Button>
          <Button type="submit" form="branding-form" disabled={save.isPending}>
            <SaveIcon aria-hidden />
            {save.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <form id="branding-form" className="grid min-w-0 content-start gap-6" onSubmit={onSubmit} noValidate>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("identity.title")}</CardTitle>
              <CardDescription>{t("identity.description")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="school-name">{t("identity.name")}</Label>
                <Input
                  id="school-name"
                  maxLength={SCHOOL_LIMITS.nameMax}
                  aria-invalid={Boolean(errors.name)}
                  {...register("name")}
                />
                {err(errors.name?.message)}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="school-slug">{t("identity.slug")}</Label>
                <div className="flex min-w-0 items-center overflow-hidden rounded-md border focus-within:ring-2 focus-within:ring-ring">
                  <span className="hidden shrink-0 border-r bg-muted px-2 py-2 text-sm text-muted-foreground sm:inline">
                    {origin}/s/
                  </span>
                  <input
                    id="school-slug"
                    className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm outline-none"
                    maxLength={SCHOOL_LIMITS.slugMax}
                    aria-invalid={Boolean(errors.slug)}
                    {...register("slug")}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t("identity.copy")}
                    onClick={() => {
                      void navigator.clipboard
                        ?.writeText(`${origin}/s/${values.slug}`)
                        .then(() => toast.success(t("toast.copied")));
                    }}
                  >
                    <CopyIcon aria-hidden />
                  </Button>
                </div>
                {err(errors.slug?.message) ?? (
                  <p className="text-xs text-muted-foreground">{t("identity.slugHelp")}</p>
                )}
                {branding.redirects.length > 0 ? (
                  <ul className="text-xs text-muted-foreground">
                    {branding.redirects.map((r) => (
                      <li key={r.slug} className="break-all">
                        {t("identity.redirect", {
                          slug: r.slug,
                          date: formatDate(r.expiresAt, i18n.language),
                        })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="school-description">{t("identity.about")}</Label>
                <Textarea
                  id="school-description"
                  rows={4}
                  maxLength={SCHOOL_LIMITS.descriptionMax}
                  placeholder={t("identity.aboutPlaceholder")}
                  {...register("description")}
                />
                {err(errors.description?.message)}
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("look.title")}</CardTitle>
              <CardDescription>{t("look.description")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <SchoolImageField
                  id="school-logo"
                  area="school-logo"
                  label={t("look.logo")}
                  value={values.logoUrl ?? ""}
                  onChange={(url) => setValue("logoUrl", url, { shouldDirty: true })}
                />
                <SchoolImageField
                  id="school-favicon"
                  area="school-favicon"
                  label={t("look.favicon")}
                  value={values.faviconUrl ?? ""}
                  onChange={(url) => setValue("faviconUrl", url, { shouldDirty: true })}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                {(["primaryColor", "accentColor"] as const).map((field) => (
                  <div key={field} className="grid gap-1.5">
                    <Label htmlFor={`school-${field}`}>{t(`look.${field}`)}</Label>
                    <div className="flex items-center gap-2">
                      <input
                        type="color"
                        aria-label={t(`look.${field}Picker`)}
                        className="h-9 w-11 shrink-0 cursor-pointer rounded border bg-background p-1"
                        value={/^#[0-9a-fA-F]{6}$/.test(values[field] ?? "") ? values[field] : "#000000"}
                        onChange={(e) => setValue(field, e.target.value.toUpperCase(), { shouldDirty: true })}
                      />
                      <Input
                        id={`school-${field}`}
                        maxLength={7}
                        className="min-w-0 font-mono"
                        aria-invalid={Boolean(errors[field])}
                        {...register(field)}
                      />
                    </div>
                    {err(errors[field]?.message)}
                  </div>
                ))}
                <div className="grid gap-1.5">
                  <Label htmlFor="school-font">{t("look.font")}</Label>
                  <Controller
                    control={control}
                    name="font"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger id="school-font">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {SCHOOL_FONTS.map((f) => (
                            <SelectItem key={f} value={f}>
                              {f}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("contact.title")}</CardTitle>
              <CardDescription>{t("contact.description")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor="school-email">{t("contact.email")}</Label>
                <Input
                  id="school-email"
                  type="email"
                  placeholder="support@example.com"
                  aria-invalid={Boolean(errors.supportEmail)}
                  {...register("supportEmail")}
                />
                {err(errors.supportEmail?.message)}
              </div>
              {SOCIAL_NETWORKS.map((network) => (
                <div key={network} className="grid gap-1.5">
                  <Label htmlFor={`school-${network}`}>{t(`contact.${network}`)}</Label>
                  <Input
                    id={`school-${network}`}
                    type="url"
                    placeholder={t(`contact.${network}Placeholder`)}
                    aria-invalid={Boolean(errors.socialLinks?.[network])}
                    {...register(`socialLinks.${network}`)}
                  />
                  {err(errors.socialLinks?.[network]?.message)}
                </div>
              ))}
            </CardContent>
          </Card>

          <Card data-testid="receipt-details">
            <CardHeader>
              <CardTitle className="text-lg">{t("receipts.title")}</CardTitle>
              <CardDescription>{t("receipts.description")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor="school-legal-name">{t("receipts.legalName")}</Label>
                <Input
                  id="school-legal-name"
                  placeholder={t("receipts.legalNamePlaceholder")}
                  aria-invalid={Boolean(errors.legalName)}
                  {...register("legalName")}
                />
                {err(errors.legalName?.message)}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="school-tax-code">{t("receipts.taxCode")}</Label>
                <Input
                  id="school-tax-code"
                  inputMode="numeric"
                  placeholder="0312345678"
                  aria-invalid={Boolean(errors.taxCode)}
                  {...register("taxCode")}
                />
                {err(errors.taxCode?.message)}
              </div>
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor="school-address">{t("receipts.address")}</Label>
                <Input
                  id="school-address"
                  placeholder={t("receipts.addressPlaceholder")}
                  aria-invalid={Boolean(errors.businessAddress)}
                  {...register("businessAddress")}
                />
                {err(errors.businessAddress?.message)}
              </div>
            </CardContent>
          </Card>

          <div className="flex flex-wrap items-center justify-end gap-3">
            {isDirty ? <span className="text-sm text-muted-foreground">{t("unsaved")}</span> : null}
            <Button type="submit" disabled={save.isPending}>
              <SaveIcon aria-hidden />
              {save.isPending ? t("saving") : t("save")}
            </Button>
          </div>
        </form>

        <aside className="min-w-0 lg:sticky lg:top-4 lg:self-start" aria-label={t("preview.title")}>
          <BrandPreview values={values} />
        </aside>
      </div>

      <React.Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <DomainsCard branding={branding} />
      </React.Suspense>
    </div>
  );
}
