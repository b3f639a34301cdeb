import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useModalFocus } from './focus';

/**
 * A dialog on the native <dialog>. Without JavaScript the trigger is a link to an address whose page
 * renders the dialog `open` (a section in the page) and Close is a link back; with JavaScript the
 * trigger opens it as a modal (focus moves in and stays in: the page behind is inert; Escape closes;
 * focus returns to the trigger, decision 334) and a server-opened dialog is upgraded to a modal.
 */
export function Dialog({
  id,
  title,
  open = false,
  closeHref,
  footer,
  children,
}: {
  id: string;
  title: string;
  /** Rendered open by the server (the no-JavaScript address of the dialog). */
  open?: boolean;
  /** Where Close leads without JavaScript (the page without the dialog). */
  closeHref: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalFocus(ref);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.matches(':modal') && typeof dialog.showModal === 'function') {
      dialog.close();
      dialog.showModal();
      // Opened by the server: closing gives the focus to the page's trigger of this dialog (decision 334).
      dialog.addEventListener('close', () => document.querySelector<HTMLElement>(`[data-dialog="${id}"]`)?.focus(), { once: true });
    }
  }, [open, id]);
  const close = (e: MouseEvent) => {
    const dialog = ref.current;
    if (dialog?.matches(':modal')) {
      e.preventDefault();
      dialog.close();
    }
  };
  return (
    <dialog ref={ref} id={id} className="ui-dialog" aria-labelledby={`${id}-title`} open={open || undefined}>
      <div className="ui-dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <a href={closeHref} className="ui-dialog-close" onClick={close} aria-label={`Close ${title}`}>
          ×
        </a>
      </div>
      <div className="ui-dialog-body">{children}</div>
      {footer ? <div className="ui-dialog-foot">{footer}</div> : null}
    </dialog>
  );
}

/** Opens the dialog `dialogId`: a link to its no-JavaScript address, a modal with JavaScript. */
export function DialogTrigger({ dialogId, href, className = 'button', children }: { dialogId: string; href: string; className?: string; children: ReactNode }) {
  const open = (e: MouseEvent) => {
    const dialog = document.getElementById(dialogId);
    if (dialog instanceof HTMLDialogElement && typeof dialog.showModal === 'function') {
      e.preventDefault();
      if (dialog.open) return;
      // A modal keeps the focus inside it (the rest of the page is inert); on close it comes back here.
      const trigger = e.currentTarget as HTMLElement;
      dialog.addEventListener('close', () => trigger.focus(), { once: true });
      dialog.showModal();
    }
  };
  return (
    <a href={href} className={className} onClick={open} aria-haspopup="dialog" data-dialog={dialogId}>
      {children}
    </a>
  );
}
