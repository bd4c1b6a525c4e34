import type { AcceptInvitationResult } from "@academy/shared";
import { AlertTriangleIcon, BookOpenIcon, PartyPopperIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useAcceptInvitation } from "../api/invitations";

/** True when the server refused because the signed-in e-mail is not the invited one (001 §8). */
export function isEmailMismatch(error: unknown): boolean {
  return error instanceof Error && error.message.includes("Email mismatch");
}

/**
 * The invitation acceptance page's body (001 §2 Invitation acceptance page, §8 Invitation errors;
 * issue 5): runs process-student-invitation once for `token`, shows loading, then success (the
 * courses and "Go to Dashboard") or the error — 'Email mismatch' with sign-out advice and "Sign Out &
 * Try Again", otherwise 'This invitation may be invalid, expired, or already used.'
 */
export function InvitationAcceptance({
  token,
  onSignOutAndRetry,
}: {
  token: string;
  onSignOutAndRetry: () => void;
}) {
  const { t } = useTranslation("invitations");
  const accept = useAcceptInvitation();
  const started = React.useRef(false);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate(token, {
      onError: (error) => {
        toast.error(t("toast.processFailed.title"), {
          description:
            error instanceof ApiError && error.status < 500 && error.code !== "NETWORK"
              ? messageText(error, t)
              : t("toast.processFailed.description"),
        });
      },
    });
  }, [accept, token, t]);

  if (accept.isError) {
    const mismatch = isEmailMismatch(accept.error);
    const signedOut = accept.error instanceof ApiError && accept.error.status === 401;
    return (
      <div className="grid gap-5 text-center" data-testid="invitation-error">
        <AlertTriangleIcon className="mx-auto size-12 text-amber-500" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">{t("page.errorTitle")}</h1>
        {mismatch ? (
          <div className="grid gap-2 text-sm">
            <p data-testid="invitation-error-message">{t("errors.emailMismatch")}</p>
            <p className="text-muted-foreground">{t("page.signOutAdvice")}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="invitation-error-message">
            {t("errors.invalid")}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="outline">
            <Link to="/">{t("page.home")}</Link>
          </Button>
          {mismatch ? (
            <Button onClick={onSignOutAndRetry} data-testid="sign-out-retry">
              {t("page.signOutRetry")}
            </Button>
          ) : signedOut ? (
            <Button asChild>
              <Link to={`/auth?invitation=${encodeURIComponent(token)}&tab=signin`}>
                {t("page.goToLogin")}
              </Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to="/dashboard">{t("page.goToDashboard")}</Link>
            </Button>
          )}
        </div>
      </div>
    );
  }

  if (accept.isSuccess) return <Success result={accept.data} />;

  return (
    <div className="grid justify-items-center gap-4 py-8 text-center" data-testid="invitation-loading">
      <Spinner label={t("page.loading")} />
      <p className="text-sm text-muted-foreground">{t("page.loading")}</p>
    </div>
  );
}

function Success({ result }: { result: AcceptInvitationResult }) {
  const { t } = useTranslation("invitations");
  return (
    <div className="grid gap-5 text-center" data-testid="invitation-success">
      <PartyPopperIcon className="mx-auto size-12 text-accent-teal" aria-hidden />
      <h1 className="text-2xl font-bold tracking-tight">{t("page.successTitle")}</h1>
      <p className="text-sm text-muted-foreground">
        {t("page.successBody", { count: result.coursesEnrolled })}
      </p>
      {result.courses.length > 0 ? (
        <ul className="grid gap-2 text-left">
          {result.courses.map((course) => (
            <li key={course.id}>
              <Link
                to={`/learn/${course.id}`}
                className="flex items-center gap-3 rounded-md border border-border p-3 text-sm font-medium hover:bg-muted/60"
              >
                <BookOpenIcon className="size-4 shrink-0 text-brand" aria-hidden />
                <span className="min-w-0 truncate">{course.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/">{t("page.home")}</Link>
        </Button>
        <Button asChild data-testid="go-to-dashboard">
          <Link to="/dashboard">{t("page.goToDashboard")}</Link>
        </Button>
      </div>
    </div>
  );
}

function messageText(error: ApiError, t: (key: string) => string): string {
  if (error.message.includes("Email mismatch")) return t("errors.emailMismatch");
  if (error.status === 404) return t("errors.invalid");
  return error.message;
}
