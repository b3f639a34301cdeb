import { useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { trapTab } from '~/components/ui/focus';

/** Polling (learner-app s.4, s.9): every 30 s while the window is focused, 150 s when blurred; focus polls at once. */
export const POLL_FOCUSED_MS = 30_000;
export const POLL_BLURRED_MS = 150_000;
const WIDE = '(min-width: 980px)';

interface Item {
  userNotificationId: number;
  createdAt: string;
  seenAt: string | null;
  notification: { title: string; message: string; link: string | null };
}

async function api<T>(path: string, body: unknown): Promise<T | null> {
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The page title's '(N) ' prefix follows the count between page loads. */
function setTitleCount(n: number) {
  const bare = document.title.replace(/^\(\d+\)\s*/, '');
  document.title = n > 0 ? `(${n}) ${bare}` : bare;
}

const internal = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

/**
 * The notifications bell. Without JavaScript it is the link to /app/notifications. With JavaScript
 * it polls the unseen count and opens a popup on wide screens, a modal dialog on narrow ones:
 * the list is marked seen when shown, a click marks one actioned and follows its link.
 */
export function NotificationBell({ initialCount, children }: { initialCount: number; children: (count: number) => ReactNode }) {
  const [count, setCount] = useState(initialCount);
  const [open, setOpen] = useState(false);
  // Wide screens: a popup under the bell; narrow ones: a modal dialog (decision 188).
  const [modal, setModal] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const navigate = useNavigate();
  useEffect(() => setCount(initialCount), [initialCount]);

  // The poll (decision 259): GET with the last ETag; an unchanged poll is a 304 the server answers without SQL.
  const etag = useRef<string | null>(null);
  const poll = useCallback(async () => {
    let res: Response;
    try {
      res = await fetch('/api/notification/poll', {
        headers: etag.current ? { 'if-none-match': etag.current } : {},
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return;
    }
    if (res.status === 304 || !res.ok) return;
    const r = (await res.json().catch(() => null)) as { unseenCount: number; userNotifications: Item[] } | null;
    if (!r) return;
    etag.current = res.headers.get('etag');
    setCount(r.unseenCount);
    setTitleCount(r.unseenCount);
    setItems(r.userNotifications);
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        await poll();
        schedule();
      }, document.hasFocus() ? POLL_FOCUSED_MS : POLL_BLURRED_MS);
    };
    const onFocus = () => {
      void poll();
      schedule();
    };
    schedule();
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', schedule);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', schedule);
    };
  }, [poll]);

  const onClick = async (e: MouseEvent) => {
    if (modal && open) return; // clicks inside the modal are its own
    e.preventDefault();
    if (open) return setOpen(false);
    setModal(!window.matchMedia(WIDE).matches);
    etag.current = null;
    await poll();
    setOpen(true);
  };

  // The modal: native showModal() keeps focus inside and makes the page behind inert; Escape closes it.
  useEffect(() => {
    const d = dialog.current;
    if (!open || !modal || !d) return;
    if (typeof d.showModal === 'function' && !d.open) d.showModal();
    else d.setAttribute('open', '');
    const bellLink = d.parentElement?.querySelector<HTMLElement>('a');
    d.querySelector<HTMLElement>('.notification-close')?.focus();
    // Tab and Shift+Tab cycle inside the dialog (also where the browser would move focus outside).
    const untrap = trapTab(d);
    return () => {
      untrap();
      bellLink?.focus(); // back to the bell when the dialog closes
    };
  }, [open, modal]);

  useEffect(() => {
    if (!open) return;
    const unseen = items.filter((i) => !i.seenAt).map((i) => i.userNotificationId);
    if (unseen.length) {
      void api('/api/notification/seenUserNotifications', { userNotificationIds: unseen }).then(() => {
        setCount(0);
        setTitleCount(0);
      });
    }
    const close = (ev: KeyboardEvent) => ev.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open, items]);

  const follow = async (item: Item) => {
    await api('/api/notification/actionedUserNotification', { userNotificationId: item.userNotificationId });
    setOpen(false);
    const to = internal(item.notification.link);
    if (to) navigate(to);
  };

  const list = (
    <>
      {items.length ? (
            <ul>
              {items.map((i) => (
                <li key={i.userNotificationId} className={i.seenAt ? 'notification' : 'notification unseen'}>
                  <button type="button" className="button link" onClick={() => void follow(i)}>
                    {i.notification.title}
                  </button>
                  {i.notification.message ? <p className="notification-message">{i.notification.message}</p> : null}
                </li>
              ))}
            </ul>
      ) : (
        <p className="empty-message">You have no notifications.</p>
      )}
      <p>
        <a href="/app/notifications">See all notifications</a>
      </p>
    </>
  );

  return (
    <span className="notification-bell" onClickCapture={onClick}>
      {children(count)}
      {open && !modal ? (
        <div className="notification-popup" role="dialog" aria-label="Notifications">
          {list}
        </div>
      ) : null}
      {open && modal ? (
        <dialog ref={dialog} className="notification-modal" aria-label="Notifications" onClose={() => setOpen(false)}>
          <div className="notification-modal-head">
            <h2>Notifications</h2>
            <button type="button" className="button link notification-close" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
          {list}
        </dialog>
      ) : null}
    </span>
  );
}
