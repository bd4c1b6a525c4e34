import {
  ANALYTICS_ID_MESSAGES,
  ANALYTICS_ID_PATTERNS,
  analyzeSeo,
  courseStructuredData,
  LANDING_LIMITS,
  metaCounterState,
  parseKeywords,
  ROBOTS_OPTIONS,
  SEO_LANGUAGES,
  SEO_REGIONS,
  type SeoData,
  type SeoIssue,
} from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { ImageField } from "./image-field";

function Counter({ length, kind }: { length: number; kind: "title" | "description" }) {
  const { t } = useTranslation("landingPages");
  const state = metaCounterState(length, kind);
  const max = kind === "title" ? LANDING_LIMITS.metaTitleMax : LANDING_LIMITS.metaDescriptionMax;
  return (
    <span
      className={cn(
        "text-xs tabular-nums",
        state === "ok" ? "text-muted-foreground" : "font-semibold text-red-600",
      )}
      data-state={state}
    >
      {t("seo.counter", { count: length, max })}
    </span>
  );
}

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {o}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Settings (spec 001 §2, §3 seo_data, §5 meta limits and keywords): Basic SEO (meta title 60 / red
 * above 50, description 160 / red above 150, keywords, language, region, SEO analysis), Social
 * (Open Graph and a 3 MB social image), Technical (canonical, robots, schema.org Course JSON-LD) and
 * Analytics (IDs checked by format; cookie consent on by default).
 */
export function SeoTab({
  seo,
  onChange,
  structuredInput,
}: {
  seo: SeoData;
  onChange: (seo: SeoData) => void;
  structuredInput: {
    name: string;
    description: string;
    url: string;
    providerName: string;
    price: number;
    currency: string;
  };
}) {
  const { t } = useTranslation("landingPages");
  const [keywordsText, setKeywordsText] = React.useState(seo.keywords.join(", "));
  const [issues, setIssues] = React.useState<SeoIssue[] | null>(null);
  const [jsonLd, setJsonLd] = React.useState<string | null>(null);
  const set = (patch: Partial<SeoData>) => onChange({ ...seo, ...patch });
  const setAnalytics = (patch: Partial<SeoData["analytics"]>) =>
    onChange({ ...seo, analytics: { ...seo.analytics, ...patch } });
  const idError = (key: keyof typeof ANALYTICS_ID_PATTERNS) => {
    const v = seo.analytics[key].trim();
    return v && !ANALYTICS_ID_PATTERNS[key].test(v) ? ANALYTICS_ID_MESSAGES[key] : null;
  };

  return (
    <Tabs defaultValue="basic">
      <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
        <TabsTrigger value="basic">{t("builder.seoTabs.basic")}</TabsTrigger>
        <TabsTrigger value="social">{t("builder.seoTabs.social")}</TabsTrigger>
        <TabsTrigger value="technical">{t("builder.seoTabs.technical")}</TabsTrigger>
        <TabsTrigger value="analytics">{t("builder.seoTabs.analytics")}</TabsTrigger>
      </TabsList>
      <TabsContent value="basic" className="grid gap-4">
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor="seo-title">{t("seo.metaTitle")}</Label>
            <Counter length={seo.metaTitle.length} kind="title" />
          </div>
          <Input
            id="seo-title"
            value={seo.metaTitle}
            maxLength={LANDING_LIMITS.metaTitleMax}
            onChange={(e) => set({ metaTitle: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor="seo-description">{t("seo.metaDescription")}</Label>
            <Counter length={seo.metaDescription.length} kind="description" />
          </div>
          <Textarea
            id="seo-description"
            rows={3}
            value={seo.metaDescription}
            maxLength={LANDING_LIMITS.metaDescriptionMax}
            onChange={(e) => set({ metaDescription: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="seo-keywords">{t("seo.keywords")}</Label>
          <Input
            id="seo-keywords"
            value={keywordsText}
            onChange={(e) => {
              setKeywordsText(e.target.value);
              set({ keywords: parseKeywords(e.target.value) });
            }}
            onBlur={() => setKeywordsText(seo.keywords.join(", "))}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice
            id="seo-language"
            label={t("seo.language")}
            value={seo.language}
            options={SEO_LANGUAGES}
            onChange={(language) => set({ language })}
          />
          <Choice
            id="seo-region"
            label={t("seo.region")}
            value={seo.region}
            options={SEO_REGIONS}
            onChange={(region) => set({ region })}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            setIssues(analyzeSeo(seo));
            toast.success(t("toast.seoAnalysis"));
          }}
        >
          {t("seo.analyze")}
        </Button>
        {issues ? (
          <div className="rounded-md border border-border p-3" role="status" data-testid="seo-analysis">
            <h3 className="text-sm font-semibold">{t("seo.analysisTitle")}</h3>
            {issues.length === 0 ? (
              <p className="text-sm text-emerald-700">{t("seo.allGood")}</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {issues.map((issue) => (
                  <li key={issue}>{t(`seo.issues.${issue}`)}</li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </TabsContent>
      <TabsContent value="social" className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="seo-og-title">{t("seo.ogTitle")}</Label>
          <Input
            id="seo-og-title"
            value={seo.ogTitle}
            maxLength={100}
            onChange={(e) => set({ ogTitle: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="seo-og-description">{t("seo.ogDescription")}</Label>
          <Textarea
            id="seo-og-description"
            rows={3}
            maxLength={300}
            value={seo.ogDescription}
            onChange={(e) => set({ ogDescription: e.target.value })}
          />
        </div>
        <ImageField
          id="seo-og-image"
          label={t("seo.ogImage")}
          area="social-image"
          value={seo.ogImage}
          help={t("seo.ogImageHelp")}
          onChange={(ogImage) => set({ ogImage })}
        />
      </TabsContent>
      <TabsContent value="technical" className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="seo-canonical">{t("seo.canonical")}</Label>
          <Input
            id="seo-canonical"
            type="url"
            value={seo.canonicalUrl}
            placeholder={structuredInput.url}
            onChange={(e) => set({ canonicalUrl: e.target.value })}
          />
        </div>
        <Choice
          id="seo-robots"
          label={t("seo.robots")}
          value={seo.robots}
          options={ROBOTS_OPTIONS}
          onChange={(robots) => set({ robots })}
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="seo-structured"
            checked={seo.structuredData}
            onCheckedChange={(v) => set({ structuredData: v === true })}
          />
          <Label htmlFor="seo-structured">{t("seo.structuredData")}</Label>
        </div>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            setJsonLd(
              JSON.stringify(courseStructuredData({ ...structuredInput, language: seo.language }), null, 2),
            );
            set({ structuredData: true });
            toast.success(t("toast.structuredData"));
          }}
        >
          {t("seo.generate")}
        </Button>
        {jsonLd ? (
          <pre
            className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs"
            data-testid="structured-data"
          >
            {jsonLd}
          </pre>
        ) : null}
      </TabsContent>
      <TabsContent value="analytics" className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("seo.analyticsHelp")}</p>
        {(
          [
            ["googleAnalytics", "seo.ga", "G-XXXXXXXXXX"],
            ["facebookPixel", "seo.fbPixel", "123456789012345"],
            ["googleTagManager", "seo.gtm", "GTM-XXXXXXX"],
          ] as const
        ).map(([key, label, placeholder]) => {
          const error = idError(key);
          return (
            <div key={key} className="grid gap-1.5">
              <Label htmlFor={`seo-${key}`}>{t(label)}</Label>
              <Input
                id={`seo-${key}`}
                value={seo.analytics[key]}
                placeholder={placeholder}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `seo-${key}-error` : undefined}
                onChange={(e) => setAnalytics({ [key]: e.target.value.trim() })}
              />
              {error ? (
                <p id={`seo-${key}-error`} className="text-xs text-red-600">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex items-center gap-2">
          <Checkbox
            id="seo-consent"
            checked={seo.analytics.cookieConsent}
            onCheckedChange={(v) => setAnalytics({ cookieConsent: v === true })}
          />
          <Label htmlFor="seo-consent">{t("seo.cookieConsent")}</Label>
        </div>
      </TabsContent>
    </Tabs>
  );
}
