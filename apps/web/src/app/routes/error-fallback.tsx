import { AlertTriangleIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { reportError } from "@/lib/error-reporting";
import NotFound from "./not-found";

/**
 * The generic fallback screen (spec 000 §2): "Something went wrong", Reload Page and Go Back.
 * The error is recorded with action "component_error" (000 §8).
 */
export function ErrorFallback({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-border bg-background p-8 text-center shadow-sm"
      >
        <AlertTriangleIcon className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">{t("errorScreen.title")}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t("errorScreen.body")}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button
            onClick={() => {
              onReset?.();
              window.location.reload();
            }}
          >
            {t("errorScreen.reload")}
          </Button>
          <Button variant="outline" onClick={() => window.history.back()}>
            {t("errorScreen.back")}
          </Button>
        </div>
      </div>
    </main>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  React.useEffect(() => {
    if (!notFound) reportError(error, { action: "component_error" });
  }, [error, notFound]);
  if (notFound) return <NotFound />;
  return <ErrorFallback />;
}
