import { useParams } from "react-router";
import { JoinPage } from "@/features/enrolment/components/join-page";

/** /join/:courseId — the public course enrolment page (spec 001 §2). */
export function Component() {
  const { courseId = "" } = useParams();
  return <JoinPage key={courseId} courseId={courseId} />;
}
