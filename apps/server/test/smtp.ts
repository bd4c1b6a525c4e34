import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 and a random port that records what it receives (or rejects it). */
export async function startSmtpServer(opts: { delayMs?: number } = {}) {
  const received: Received[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.reject) {
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          return;
        }
        const record = () =>
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
        if (opts.delayMs) {
          setTimeout(() => {
            record();
            callback();
          }, opts.delayMs);
          return;
        }
        record();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
