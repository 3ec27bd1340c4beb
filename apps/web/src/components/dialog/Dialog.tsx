// Dialogs and side sheets on the browser's own modal <dialog>: showModal() makes the rest of the
// page inert and puts the dialog on top; we add wrapping Tab focus, Escape and backdrop clicks that
// close, focus returned to where it was (also when the dialog is unmounted while open), and the
// page's scroll held still. `dismissible={false}` makes a dialog only the app can close (the country
// block): no close button, Escape and clicks outside do nothing, and if the browser closes it anyway
// it opens again.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { trapTab } from './focus-trap.ts';
import './dialog.css';

export interface DialogProps {
  readonly open: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly children?: ReactNode;
  readonly dismissible?: boolean;
  /** Accessible name of the close button. */
  readonly closeLabel?: string;
  readonly placement?: 'center' | 'left' | 'right';
  readonly hideTitle?: boolean;
  readonly className?: string;
}

/**
 * A modal that stops being rendered (its layout hidden at the new width: the sidebar's bell panel
 * when the window narrows, the phone menu when it widens) would leave the page inert and every click
 * ignored. It closes instead (issue 19 defect 3).
 */
function useCloseWhenHidden(ref: RefObject<HTMLDialogElement | null>, active: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!active || !dialog || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      if (dialog.open && dialog.getClientRects().length === 0) dialog.close();
    });
    observer.observe(dialog);
    return () => observer.disconnect();
  }, [ref, active]);
}

/** The dialog has closed: the page is no longer held still, and focus goes back to where it was. */
function freePage(returnFocus: RefObject<HTMLElement | null>): void {
  document.documentElement.classList.remove('has-modal');
  returnFocus.current?.focus();
}

/**
 * A dialog its parent stops rendering (most are shown as `{confirming ? <Dialog open … /> : null}`)
 * is removed while open, with no close event: it is closed here first (while modal, the rest of the
 * page is inert and refuses focus), then the page is freed and focus goes back to where it was.
 */
function useReleaseOnUnmount(
  ref: RefObject<HTMLDialogElement | null>,
  returnFocus: RefObject<HTMLElement | null>,
): void {
  useEffect(
    () => () => {
      const dialog = ref.current;
      if (!dialog?.open) return;
      dialog.close();
      freePage(returnFocus);
    },
    [ref, returnFocus],
  );
}

export function Dialog(props: DialogProps) {
  const { open, onOpenChange, title, description, children, dismissible = true, placement = 'center' } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const requestClose = () => {
    if (dismissible) onOpenChange?.(false);
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.documentElement.classList.add('has-modal');
    } else if (!open && dialog.open) {
      dialog.close();
    }
    return undefined;
  }, [open]);

  useCloseWhenHidden(ref, open && dismissible);

  useReleaseOnUnmount(ref, returnFocus);

  const onClose = () => {
    if (open && !dismissible) return void ref.current?.showModal();
    freePage(returnFocus);
    if (open) onOpenChange?.(false);
  };

  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog--${placement}`, props.className ?? ''].join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={onClose}
      // The dialog element itself is only the target of a click on its backdrop.
      onClick={(event) => {
        if (event.target === ref.current) requestClose();
      }}
      onKeyDown={(event) => trapTab(event, ref.current)}
    >
      {open ? (
        <div className="dialog__panel">
          <div className="dialog__header">
            <h2 id={titleId} className={props.hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            {dismissible ? (
              <button
                type="button"
                className="dialog__close"
                aria-label={props.closeLabel ?? 'Close'}
                onClick={requestClose}
              >
                <X size={20} aria-hidden="true" />
              </button>
            ) : null}
          </div>
          {description ? (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
