import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible chat-completions endpoint for tests and offline demos of the model
 * path (AI_BASE_URL=<baseUrl>). It listens on 127.0.0.1 on a random port and answers
 * POST /v1/chat/completions with whatever `reply` decides; every request body is recorded.
 * Not used by the running product.
 */

/** The part of a chat-completions request body the fake inspects. */
export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  [key: string]: unknown;
}

/** What to answer: the assistant message text, an HTTP error, or no answer at all ("hang"). */
export type FakeModelReply = { content: string } | { status: number; body?: string } | "hang";

export interface FakeModelServer {
  /** e.g. "http://127.0.0.1:54321/v1" (the value for AI_BASE_URL). */
  baseUrl: string;
  /** Bodies of the chat-completions requests received, oldest first. */
  requests: ChatCompletionRequest[];
  /** Replaces how the next requests are answered. */
  setReply(reply: (request: ChatCompletionRequest) => FakeModelReply | Promise<FakeModelReply>): void;
  /** Stops listening and drops open connections (including hanging ones). */
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/**
 * Starts the fake endpoint.
 * @param reply how to answer each request (default: an empty JSON object as the message).
 * @returns the running server; call `close()` when done.
 */
export async function startFakeModelServer(
  reply: (request: ChatCompletionRequest) => FakeModelReply | Promise<FakeModelReply> = () => ({
    content: "{}",
  }),
): Promise<FakeModelServer> {
  let answer = reply;
  const requests: ChatCompletionRequest[] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      send(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });
      return;
    }
    let body: ChatCompletionRequest;
    try {
      body = JSON.parse(await readBody(req)) as ChatCompletionRequest;
    } catch {
      send(res, 400, { error: { message: "Invalid JSON", type: "invalid_request_error" } });
      return;
    }
    requests.push(body);
    const decided = await answer(body);
    if (decided === "hang") return;
    if ("status" in decided) {
      send(res, decided.status, decided.body ?? { error: { message: "Fake failure", type: "server_error" } });
      return;
    }
    send(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: decided.content },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply(next) {
      answer = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
