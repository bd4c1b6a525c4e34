import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/**
 * POST /api/pre-launch-signups: puts an e-mail address on the VIP early-access list
 * (spec 000 §2 Landing page, §7 "Insert pre_launch_signups").
 * Input: the address, already trimmed and lower-cased. Output: `{ email }` (201).
 * Fails with ApiError 409 when the address is already on the list, 400 when it is not an address.
 */
export function useJoinEarlyAccess() {
  return useMutation({
    mutationKey: ["pre-launch-signups"],
    mutationFn: (email: string) => unwrap(api["pre-launch-signups"].$post({ json: { email } })),
  });
}
