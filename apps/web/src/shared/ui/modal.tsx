import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** alertdialog for messages that interrupt the user (errors, offline). */
  role?: 'dialog' | 'alertdialog';
  /** A wider dialog for lists and documents. */
  size?: 'normal' | 'wide';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));

/**
 * Where the modal API is missing (jsdom), open the dialog by its attribute and hide the rest of
 * the page from assistive technology as the browser's modal state would.
 */
function hideOutside(dialog: HTMLDialogElement): () => void {
  dialog.setAttribute('open', '');
  const hidden = [...document.body.children].filter(
    (el) => el !== dialog && !el.contains(dialog) && el.getAttribute('aria-hidden') !== 'true',
  );
  for (const el of hidden) el.setAttribute('aria-hidden', 'true');
  return () => {
    for (const el of hidden) el.removeAttribute('aria-hidden');
  };
}

/**
 * The one modal shell, on the native <dialog>: the page behind is inert, focus stays inside
 * (Tab wraps), Escape and a click on the backdrop close it, and focus goes back on close.
 * Native rather than a library keeps the home page inside its JavaScript budget.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  size = 'normal',
}: ModalProps) {
  if (!open) return null;
  return createPortal(
    <OpenDialog
      role={role}
      size={size}
      title={title}
      description={description}
      onClose={() => onOpenChange?.(false)}
    >
      {children}
    </OpenDialog>,
    document.body,
  );
}

interface OpenDialogProps {
  role: 'dialog' | 'alertdialog';
  size: 'normal' | 'wide';
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  onClose: () => void;
}

function OpenDialog({ role, size, title, description, children, onClose }: OpenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  // Where the modal API is missing, the page behind is hidden and given back in layout effects:
  // their cleanup runs in the commit that removes the dialog, so the page is never left hidden
  // after the dialog has gone (a passive effect's cleanup may run a tick later).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal === 'function') return;
    return hideOutside(dialog);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    // data-autofocus marks where focus starts (React keeps the autofocus attribute to itself).
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0];
    (first ?? dialog).focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here so the browser's own cancel does not close a dialog React still shows.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={size === 'wide' ? 'modal modal--wide' : 'modal'}
      role={role}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
      // The browser may still close it (repeated Escape): keep React's state in step.
      onClose={onClose}
      onClick={(event) => {
        // The dialog element itself is hit only outside its content box: the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__content">
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        <div id={`${id}-description`} className="modal__description">
          {description}
        </div>
        {children}
      </div>
    </dialog>
  );
}
