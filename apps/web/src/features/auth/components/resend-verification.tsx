import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/auth-client";

/** "Resend verification e-mail" (issue 2: sign-in needs a verified address, with a way to resend). */
export function ResendVerification({ email, callbackURL }: { email: string; callbackURL: string }) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = React.useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const { error } = await authClient.sendVerificationEmail({ email, callbackURL });
        setBusy(false);
        if (error) {
          toast.error(error.status === 429 ? t("toast.rateLimited.title") : t("toast.resendFailed"), {
            description: error.status === 429 ? t("toast.rateLimited.description") : undefined,
          });
        } else {
          toast.success(t("toast.verificationSent.title"), {
            description: t("toast.verificationSent.description", { email }),
          });
        }
      }}
    >
      {busy ? t("resending") : t("resendVerification")}
    </Button>
  );
}
