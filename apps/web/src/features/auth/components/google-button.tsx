import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/auth-client";

/**
 * "Continue with Google" (shown only when the server has Google configured). `asStudent` (from a
 * course's /join page or an invitation) makes a new account a student, as the sign-up form does.
 */
export function GoogleButton({
  callbackURL,
  asStudent = false,
}: {
  callbackURL: string;
  asStudent?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      onClick={async () => {
        const { error } = await authClient.signIn.social({
          provider: "google",
          callbackURL,
          ...(asStudent ? { additionalData: { signupRole: "student" } } : {}),
        });
        if (error) toast.error(t("toast.googleFailed"));
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden className="size-4">
        <path
          fill="#EA4335"
          d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.7 2.3 2.4 6.6 2.4 12S6.7 21.7 12 21.7c6.9 0 9.2-4.9 9.2-7.4 0-.5-.1-.9-.1-1.3H12z"
        />
      </svg>
      {t("google")}
    </Button>
  );
}
