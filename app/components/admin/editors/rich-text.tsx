import { useEffect, useRef, useState } from 'react';

/**
 * A small rich-text editor for the admin editors (docs/decisions/224): without JavaScript it is a
 * plain textarea of HTML; with it, a contenteditable area with a toolbar (paragraph, headings,
 * bold, italic, lists, quote, link) that writes its HTML into the same textarea, which the form
 * posts. No editor library (the admin bundle stays small). The server sanitises whatever arrives.
 */
type Command = { label: string; text: string; run: () => void };

export function RichTextEditor({
  id,
  name,
  label,
  value,
  onChange,
  height = 500,
  describedBy,
  invalid,
  required,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange?: (html: string) => void;
  height?: number;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}) {
  const [enhanced, setEnhanced] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (enhanced && editor.current && area.current) {
      editor.current.innerHTML = area.current.value;
      try {
        document.execCommand('defaultParagraphSeparator', false, 'p');
      } catch {
        // older browsers: divs become paragraphs' text on the server.
      }
    }
  }, [enhanced]);
  const sync = () => {
    if (!editor.current || !area.current) return;
    const html = editor.current.innerHTML;
    area.current.value = html;
    onChange?.(html);
  };
  const exec = (command: string, arg?: string) => () => {
    editor.current?.focus();
    document.execCommand(command, false, arg);
    sync();
  };
  const commands: Command[] = [
    { label: 'Paragraph', text: 'Paragraph', run: exec('formatBlock', 'p') },
    { label: 'Heading', text: 'Heading', run: exec('formatBlock', 'h2') },
    { label: 'Subheading', text: 'Subheading', run: exec('formatBlock', 'h3') },
    { label: 'Bold', text: 'Bold', run: exec('bold') },
    { label: 'Italic', text: 'Italic', run: exec('italic') },
    { label: 'Bulleted list', text: 'Bulleted list', run: exec('insertUnorderedList') },
    { label: 'Numbered list', text: 'Numbered list', run: exec('insertOrderedList') },
    { label: 'Quote', text: 'Quote', run: exec('formatBlock', 'blockquote') },
    {
      label: 'Link',
      text: 'Link',
      run: () => {
        const href = window.prompt('Link address (https://…)');
        if (href && /^(https?:\/\/|mailto:)/i.test(href.trim())) exec('createLink', href.trim())();
      },
    },
    { label: 'Clear formatting', text: 'Clear formatting', run: exec('removeFormat') },
  ];
  return (
    <div className="rich-text">
      {enhanced ? (
        <>
          <div className="rich-text-toolbar" role="toolbar" aria-label={`${label} formatting`} aria-controls={id}>
            {commands.map((c) => (
              <button key={c.label} type="button" className="button small secondary" onClick={c.run}>
                {c.text}
              </button>
            ))}
          </div>
          <div
            ref={editor}
            id={id}
            className="rich-text-area"
            style={{ height, overflowY: 'auto' }}
            contentEditable
            role="textbox"
            tabIndex={0}
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required={required || undefined}
            onInput={sync}
            onBlur={sync}
            suppressContentEditableWarning
          />
        </>
      ) : null}
      <textarea
        ref={area}
        id={enhanced ? `${id}-source` : id}
        name={name}
        className="rich-text-source"
        style={{ height }}
        defaultValue={value}
        hidden={enhanced}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        required={enhanced ? undefined : required}
        onChange={(e) => onChange?.(e.target.value)}
      />
    </div>
  );
}
