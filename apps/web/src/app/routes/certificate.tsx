import { useParams } from "react-router";
import { CertificatePage } from "@/features/certificates/components/certificate-page";

/** /certificates/:id — public certificate verification (issue 4). */
export function Component() {
  const { id = "" } = useParams();
  return <CertificatePage key={id} id={id} />;
}
