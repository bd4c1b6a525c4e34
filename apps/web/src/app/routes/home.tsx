import { PreLaunchPage } from "@/features/pre-launch/components/pre-launch-page";

/** / — the public pre-launch page (spec 000 §1, §2 Landing page). */
export function Component() {
  return <PreLaunchPage />;
}
