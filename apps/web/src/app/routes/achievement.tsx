import { useParams } from "react-router";
import { AchievementPublicPage } from "@/features/community/components/achievement-public-page";

/** /achievements/:shareId — a shared achievement's public page (issue 27 §4). */
export function Component() {
  const { shareId = "" } = useParams();
  return <AchievementPublicPage key={shareId} shareId={shareId} />;
}
