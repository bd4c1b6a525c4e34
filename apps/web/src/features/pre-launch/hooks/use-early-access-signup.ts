import { earlyAccessSchema } from "@academy/shared/schemas/pre-launch";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";
import { useJoinEarlyAccess } from "../api/join-early-access";

/**
 * The VIP early-access signup behaviour (spec 000 §4 Early-access signup, §5 first bullet, §8 Early-access):
 * - the address is trimmed and lower-cased; blank input does nothing (no request, no toast);
 * - an invalid address toasts "Invalid Email" and sends nothing;
 * - while a request runs, further submits are ignored (`isPending`);
 * - success toasts "Welcome to the VIP List!" and sets `joinedEmail` (the form shows its success panel);
 * - 409 toasts "Already Signed Up!"; any other failure "Oops! Something went wrong".
 */
export function useEarlyAccessSignup() {
  const { t } = useTranslation("landing");
  const mutation = useJoinEarlyAccess();
  const [joinedEmail, setJoinedEmail] = React.useState<string | null>(null);
  // Blocks a second submit fired before React re-renders with isPending.
  const inFlight = React.useRef(false);

  const submit = React.useCallback(
    (raw: string) => {
      if (inFlight.current) return;
      const email = raw.trim().toLowerCase();
      if (!email) return;
      const parsed = earlyAccessSchema.safeParse({ email });
      if (!parsed.success) {
        toast.error(t("signup.toast.invalid.title"), { description: t("signup.toast.invalid.description") });
        return;
      }
      inFlight.current = true;
      mutation.mutate(parsed.data.email, {
        onSuccess: (result) => {
          toast.success(t("signup.toast.success.title"), {
            description: t("signup.toast.success.description"),
          });
          setJoinedEmail(result.email);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.info(t("signup.toast.duplicate.title"), {
              description: t("signup.toast.duplicate.description"),
            });
          } else {
            toast.error(t("signup.toast.failed.title"), {
              description: t("signup.toast.failed.description"),
            });
          }
        },
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    [mutation.mutate, t],
  );

  return { submit, isPending: mutation.isPending, joinedEmail };
}
