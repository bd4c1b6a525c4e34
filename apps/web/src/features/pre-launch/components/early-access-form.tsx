import { ArrowRightIcon, CheckCircle2Icon, Loader2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { SCRIPT_FOCUS_ONLY } from "../constants";
import { useEarlyAccessSignup } from "../hooks/use-early-access-signup";

/**
 * The VIP early-access e-mail form (spec 000 §4 Early-access signup): form → "Joining..." → success
 * panel "You're on the VIP list!". Used by the hero and by "How It Works".
 */
export function EarlyAccessForm({
  inputId,
  submitLabel,
  tone = "light",
  successHeading: SuccessHeading = "h2",
  className,
}: {
  inputId: string;
  submitLabel: string;
  tone?: "light" | "dark";
  successHeading?: "h2" | "h3";
  className?: string;
}) {
  const { t } = useTranslation("landing");
  const { submit, isPending, joinedEmail } = useEarlyAccessSignup();
  const [email, setEmail] = React.useState("");
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    if (joinedEmail) headingRef.current?.focus();
  }, [joinedEmail]);

  if (joinedEmail) {
    return (
      <div
        className={cn(
          "rounded-xl bg-white p-5 text-left text-foreground shadow-lg ring-1 ring-black/5 sm:p-6",
          className,
        )}
        data-testid="vip-success"
      >
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <CheckCircle2Icon className="size-6" aria-hidden />
          </span>
          <div className="grid min-w-0 gap-1.5">
            <SuccessHeading
              ref={headingRef}
              tabIndex={-1}
              style={SCRIPT_FOCUS_ONLY}
              className="text-lg font-semibold text-brand"
            >
              {t("signup.success.title")}
            </SuccessHeading>
            <p className="text-sm text-muted-foreground wrap-anywhere">
              {t("signup.success.body", { email: joinedEmail })}
            </p>
            <Link
              to="/auth"
              className="mt-1 inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand underline-offset-4 hover:underline"
            >
              {t("signup.success.cta")}
              <ArrowRightIcon className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const hintId = `${inputId}-hint`;
  return (
    <form
      noValidate
      className={cn("grid gap-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit(email);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("signup.emailLabel")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("signup.placeholder")}
          aria-describedby={hintId}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-12 flex-1 border-transparent bg-white text-base text-slate-900 shadow-sm ring-1 ring-slate-300 md:text-base"
        />
        <Button
          type="submit"
          size="lg"
          variant={tone === "dark" ? "accent" : "default"}
          disabled={isPending}
          className="h-12 px-5 font-semibold"
        >
          {isPending ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden />
              {t("signup.submitting")}
            </>
          ) : (
            <>
              {submitLabel}
              <ArrowRightIcon aria-hidden />
            </>
          )}
        </Button>
      </div>
      <p id={hintId} className={cn("text-xs", tone === "dark" ? "text-indigo-200" : "text-muted-foreground")}>
        {t("signup.privacy")}
      </p>
    </form>
  );
}
