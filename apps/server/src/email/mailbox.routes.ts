import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import type { AppEnv } from "../lib/http.ts";
import { getMailboxMessage, listMailbox } from "./outbox.ts";
import { escapeHtml } from "./templates.ts";

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Academy dev mailbox</title>
<style>
body{font-family:Inter,system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
header{background:#1A237E;color:#fff;padding:14px 20px;display:flex;gap:16px;align-items:center}
header a{color:#fff}main{max-width:960px;margin:0 auto;padding:20px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
td,th{padding:10px 12px;border-bottom:1px solid #e2e8f0;text-align:left;font-size:14px;vertical-align:top}
th{background:#f1f5f9;font-weight:600}a{color:#1A237E}.muted{color:#64748b}
iframe{width:100%;height:560px;border:1px solid #e2e8f0;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px}
.badge{display:inline-block;padding:2px 8px;border-radius:999px;background:#e0e7ff;font-size:12px}
@media (max-width:600px){.hide-sm{display:none}}
</style></head><body><header><strong>Academy · Dev mailbox</strong><a href="/dev/mailbox">All messages</a><a href="/">App</a></header><main>${body}</main></body></html>`;

/**
 * /dev/mailbox: the e-mails Academy wrote to the outbox, newest first, with their HTML and text
 * bodies and their links (mounted only when NODE_ENV is not production).
 */
export function mailboxRoutes(db: Db) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const rows = await listMailbox(db);
    const body = rows.length
      ? `<table><thead><tr><th>To</th><th>Subject</th><th class="hide-sm">Status</th><th class="hide-sm">Time</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.to_address)}</td><td><a href="/dev/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td><td class="hide-sm"><span class="badge">${escapeHtml(r.status)}</span></td><td class="hide-sm muted">${escapeHtml(r.created_at.toISOString())}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : `<p class="muted">No e-mails yet. Messages Academy sends appear here when no SMTP server is configured.</p>`;
    c.header("Cache-Control", "no-store");
    return c.html(page("Mailbox", `<h1>Mailbox</h1>${body}`));
  });
  app.get("/:id", async (c) => {
    const row = await getMailboxMessage(db, c.req.param("id"));
    if (!row) return c.html(page("Not found", `<h1>Message not found</h1>`), 404);
    const links = [...row.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    const unique = [...new Set(links)];
    const srcdoc = row.html.replace(/<head>/i, '<head><base target="_top">');
    c.header("Cache-Control", "no-store");
    return c.html(
      page(
        row.subject,
        `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(row.subject)}</h1>
<p class="muted">To ${escapeHtml(row.to_address)} · ${escapeHtml(row.created_at.toISOString())} · <span class="badge">${escapeHtml(row.status)}</span></p>
<h2>Links</h2><ul>${unique.map((href) => `<li><a class="mail-link" href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`).join("")}</ul>
<h2>HTML</h2><iframe title="HTML body" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(srcdoc)}"></iframe>
<h2>Text</h2><pre>${escapeHtml(row.text)}</pre>`,
      ),
    );
  });
  return app;
}
