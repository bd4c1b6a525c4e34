import { CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { copyText } from "@/lib/clipboard";

/** The verification link in a read-only field with a Copy button ("Link copied!" / failure toast). */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation("certificates");
  const [copied, setCopied] = React.useState(false);
  const id = React.useId();

  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("valid.linkLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-muted/60 px-3 font-mono text-xs text-slate-700 sm:text-sm"
          data-testid="verify-url"
        />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            if (await copyText(url)) {
              setCopied(true);
              toast.success(t("valid.copied"));
            } else {
              toast.error(t("valid.copyFailed"));
            }
          }}
        >
          {copied ? <CheckIcon aria-hidden className="text-emerald-600" /> : <CopyIcon aria-hidden />}
          {copied ? t("valid.copiedShort") : t("valid.copy")}
        </Button>
      </div>
    </div>
  );
}
