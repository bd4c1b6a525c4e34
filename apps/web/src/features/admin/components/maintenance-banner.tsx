import { useQuery } from "@tanstack/react-query";
import { MegaphoneIcon } from "lucide-react";
import { platformSettingsQueryOptions } from "../api/admin";

/** The maintenance banner set in the Admin Panel's Settings, shown to every signed-in user (issue 14). */
export function MaintenanceBanner() {
  const settings = useQuery({ ...platformSettingsQueryOptions, refetchInterval: 60_000 });
  const text = settings.data?.maintenanceBanner.trim();
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-6"
    >
      <MegaphoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{text}</span>
    </div>
  );
}
