import { z } from "zod";

/**
 * An error record the browser sends to the server (spec 000 §3 "Local diagnostic records",
 * §8 Global handlers): message, stack, ISO timestamp, page address, user agent, and optional
 * component, route and action. The server logs it; nothing is stored.
 */
export const clientErrorSchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(10000).optional(),
  timestamp: z.iso.datetime(),
  url: z.string().max(2048),
  userAgent: z.string().max(512),
  component: z.string().max(200).optional(),
  route: z.string().max(2048).optional(),
  action: z.string().max(200).optional(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
