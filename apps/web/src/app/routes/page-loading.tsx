import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";

/** Shown while the first route module and its loader run. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner label={t("loading")} />
    </div>
  );
}
