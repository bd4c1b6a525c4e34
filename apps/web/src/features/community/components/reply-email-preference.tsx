import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { preferencesQueryOptions, useSavePreferences } from "../api/community";

/** The reply digest opt-out (issue 13 §2): "E-mail me about replies to my discussions". */
export function ReplyEmailPreference() {
  const { t } = useTranslation("community");
  const prefs = useQuery(preferencesQueryOptions);
  const save = useSavePreferences();
  if (!prefs.data) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <Checkbox
        id="reply-emails"
        checked={prefs.data.replyEmails}
        disabled={save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { replyEmails: checked === true },
            { onSuccess: () => toast.success(t("preferenceSaved")), onError: (e) => toast.error(e.message) },
          )
        }
      />
      <Label htmlFor="reply-emails">{t("replyEmails")}</Label>
    </div>
  );
}
