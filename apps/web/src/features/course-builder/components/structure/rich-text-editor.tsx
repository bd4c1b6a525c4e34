import Link from "@tiptap/extension-link";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  Redo2Icon,
  SquareCodeIcon,
  Undo2Icon,
  UnlinkIcon,
} from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** Typography of lesson rich text (no typography plugin in the app): used by the editor and previews. */
export const RICH_TEXT_CLASS =
  "text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:text-base [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1.5 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-6";

/** Link addresses the server keeps (sanitize-html allows http, https and mailto). */
export function isAllowedLink(href: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(href.trim());
}

/** Toolbar buttons keep the focus (and the selection) in the editor when clicked with a pointer. */
const keepEditorFocus = (event: React.MouseEvent) => event.preventDefault();

/**
 * A TipTap rich-text editor for text lessons: bold, italic, headings (H2, H3), bullet and numbered
 * lists, links, blockquote, inline code and code blocks, undo/redo. Emits HTML ("" when empty);
 * the server sanitizes it again before storing.
 */
export function RichTextEditor({
  html,
  onChange,
  label,
}: {
  html: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation("structure");
  const linkInputId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState("");
  const [linkError, setLinkError] = useState(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ["http", "https", "mailto"],
        HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" },
        isAllowedUri: (url, ctx) =>
          ctx.defaultValidate(url) && (/^(https?:|mailto:)/i.test(url) || !/^[a-z][a-z\d+.-]*:/i.test(url)),
      }),
    ],
    content: html || "",
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        class: cn(
          "min-h-40 max-h-[28rem] overflow-y-auto px-3 py-2 focus:outline-none focus-visible:outline-none",
          RICH_TEXT_CLASS,
        ),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("code"),
      codeBlock: e.isActive("codeBlock"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const openLink = () => {
    setLinkHref((editor.getAttributes("link").href as string | undefined) ?? "");
    setLinkError(false);
    setLinkOpen(true);
  };
  /** Closes the link form and puts the focus back in the editor at once (TipTap's focus() waits a frame). */
  const closeLink = () => {
    setLinkOpen(false);
    editor.view.focus();
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (!href) {
      editor.chain().extendMarkRange("link").unsetLink().run();
      closeLink();
      return;
    }
    if (!isAllowedLink(href)) {
      setLinkError(true);
      return;
    }
    editor
      .chain()
      .extendMarkRange("link")
      .setLink({ href })
      // The caret goes after the link, so typing on does not replace the linked text.
      .command(({ tr, commands }) => commands.setTextSelection(tr.selection.to))
      .run();
    closeLink();
  };

  const tools: Array<{
    key: string;
    icon: typeof BoldIcon;
    active?: boolean;
    run: () => void;
    disabled?: boolean;
  }> = [
    { key: "bold", icon: BoldIcon, active: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    {
      key: "italic",
      icon: ItalicIcon,
      active: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: "heading2",
      icon: Heading2Icon,
      active: state.h2,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "heading3",
      icon: Heading3Icon,
      active: state.h3,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bulletList",
      icon: ListIcon,
      active: state.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: "orderedList",
      icon: ListOrderedIcon,
      active: state.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: "blockquote",
      icon: QuoteIcon,
      active: state.quote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { key: "code", icon: CodeIcon, active: state.code, run: () => editor.chain().focus().toggleCode().run() },
    {
      key: "codeBlock",
      icon: SquareCodeIcon,
      active: state.codeBlock,
      run: () => editor.chain().focus().toggleCodeBlock().run(),
    },
    { key: "link", icon: LinkIcon, active: state.link || linkOpen, run: openLink },
  ];

  return (
    <div className="overflow-hidden rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-ring">
      <div
        role="toolbar"
        aria-label={t("text.toolbar")}
        className="flex flex-wrap items-center gap-0.5 border-b border-border bg-muted/60 p-1"
      >
        {tools.map((tool) => (
          <Button
            key={tool.key}
            type="button"
            variant="ghost"
            size="icon"
            className={cn("size-8", tool.active && "bg-background text-primary shadow-sm")}
            aria-label={t(`text.${tool.key}`)}
            title={t(`text.${tool.key}`)}
            aria-pressed={tool.active}
            onMouseDown={keepEditorFocus}
            onClick={tool.run}
          >
            <tool.icon aria-hidden />
          </Button>
        ))}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("text.undo")}
          title={t("text.undo")}
          disabled={!state.canUndo}
          onMouseDown={keepEditorFocus}
          onClick={() => editor.chain().focus().undo().run()}
        >
          <Undo2Icon aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("text.redo")}
          title={t("text.redo")}
          disabled={!state.canRedo}
          onMouseDown={keepEditorFocus}
          onClick={() => editor.chain().focus().redo().run()}
        >
          <Redo2Icon aria-hidden />
        </Button>
      </div>
      {linkOpen ? (
        <div className="flex flex-wrap items-start gap-2 border-b border-border bg-muted/30 p-2">
          <label htmlFor={linkInputId} className="sr-only">
            {t("text.linkAddress")}
          </label>
          <div className="min-w-48 flex-1">
            <Input
              id={linkInputId}
              type="url"
              autoFocus
              className="h-9"
              placeholder="https://"
              value={linkHref}
              aria-invalid={linkError}
              aria-describedby={linkError ? `${linkInputId}-error` : undefined}
              onChange={(event) => {
                setLinkHref(event.target.value);
                setLinkError(false);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  applyLink();
                } else if (event.key === "Escape") {
                  event.preventDefault();
                  closeLink();
                }
              }}
            />
            {linkError ? (
              <p id={`${linkInputId}-error`} className="mt-1 text-xs text-destructive">
                {t("text.linkInvalid")}
              </p>
            ) : null}
          </div>
          <Button type="button" size="sm" onClick={applyLink}>
            {t("text.applyLink")}
          </Button>
          {state.link ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                editor.chain().extendMarkRange("link").unsetLink().run();
                closeLink();
              }}
            >
              <UnlinkIcon aria-hidden />
              {t("text.removeLink")}
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="ghost" onClick={closeLink}>
            {t("cancel")}
          </Button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
