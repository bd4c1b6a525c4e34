import { type LandingSection, methodOfferState } from "@academy/shared";
import { type PublicPayment, renderLandingDocument } from "@academy/shared/render/landing-page";
import { useQuery } from "@tanstack/react-query";
import { MonitorIcon, QrCodeIcon, SmartphoneIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { previewContextQueryOptions } from "../../api/landing-pages";
import type { BuilderPage } from "../../hooks/use-landing-builder";
import { type EditableMethod, secretsPresent } from "../../hooks/use-payment-methods-editor";

const DESKTOP_WIDTH = 1200;
const MOBILE_WIDTH = 390;

/**
 * The live preview (spec 001 §2 builder, right side): the page rendered by the same renderer as
 * /lp/{slug} (decision 0071) in a sandboxed iframe, at 1200 px (desktop) or 390 px (mobile) wide
 * and scaled to fit; a QR button when published.
 */
export function PreviewPane({
  page,
  methods,
  onShowQr,
}: {
  page: BuilderPage;
  methods: EditableMethod[];
  onShowQr?: () => void;
}) {
  const { t } = useTranslation("landingPages");
  const [device, setDevice] = React.useState<"desktop" | "mobile">("desktop");
  const context = useQuery(previewContextQueryOptions(page.courseId));
  const box = React.useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = React.useState(600);
  React.useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const deferred = React.useDeferredValue(page);
  const html = React.useMemo(() => {
    const course = context.data?.course ?? null;
    // As the public page: the ways to pay buyers are offered, never a QR or account (issue 23 §6).
    const payments: PublicPayment[] = methods
      .filter((m) => methodOfferState(m, secretsPresent(m), course) === "ok")
      .map((m) => ({ type: m.methodType }));
    return renderLandingDocument(
      {
        title: deferred.title,
        description: deferred.description,
        sections: deferred.sections as LandingSection[],
        styles: deferred.styles,
        course,
        lessons: context.data?.lessons ?? [],
        instructor: context.data?.instructor ?? null,
        payments,
        lang: deferred.seo.language === "vi-VN" ? "vi" : "en",
        enrolHref: course ? `/join/${course.id}` : null,
        mode: "preview",
      },
      '<base target="_blank">',
    );
  }, [deferred, context.data, methods]);

  const width = device === "desktop" ? DESKTOP_WIDTH : MOBILE_WIDTH;
  const scale = Math.min(1, boxWidth / width);
  const height = device === "desktop" ? 1400 : 760;
  return (
    <section aria-label={t("builder.livePreview")} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t("builder.livePreview")}</h2>
        <div className="flex items-center gap-1">
          <fieldset
            aria-label={t("builder.livePreview")}
            className="flex rounded-md border border-border p-0.5"
          >
            <Button
              size="sm"
              variant={device === "desktop" ? "secondary" : "ghost"}
              aria-pressed={device === "desktop"}
              onClick={() => setDevice("desktop")}
            >
              <MonitorIcon aria-hidden />
              {t("builder.desktop")}
            </Button>
            <Button
              size="sm"
              variant={device === "mobile" ? "secondary" : "ghost"}
              aria-pressed={device === "mobile"}
              onClick={() => setDevice("mobile")}
            >
              <SmartphoneIcon aria-hidden />
              {t("builder.mobile")}
            </Button>
          </fieldset>
          {onShowQr ? (
            <Button size="sm" variant="outline" onClick={onShowQr}>
              <QrCodeIcon aria-hidden />
              {t("builder.qr")}
            </Button>
          ) : null}
        </div>
      </div>
      <div
        ref={box}
        className="overflow-hidden rounded-lg border border-border bg-muted/40"
        style={{ height: height * scale + 2 }}
      >
        <div className="mx-auto" style={{ width: width * scale, height: height * scale }}>
          <iframe
            title={t("builder.previewFrame")}
            srcDoc={html}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            data-testid="landing-preview"
            data-device={device}
            style={{
              width,
              height,
              transform: `scale(${scale})`,
              transformOrigin: "0 0",
              border: 0,
              background: "#fff",
            }}
          />
        </div>
      </div>
    </section>
  );
}
