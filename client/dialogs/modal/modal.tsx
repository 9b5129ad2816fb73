import { useCallback, useContext, useId, useRef, type ReactNode } from "react";
import { DialogClosingContext } from "./closing-context.ts";
import { useDialogs } from "../store.ts";
import { useModalKeys } from "./use-modal-keys.ts";

interface ModalProps {
  title: string;
  /** What closing means for this dialog (Escape, the close button, the backdrop while nothing is typed); default: just close. */
  onClose?: () => void;
  children: ReactNode;
}

/** Whether anything was typed into the dialog (a field holds text). */
function holdsInput(root: HTMLElement | null): boolean {
  return [...(root?.querySelectorAll("input") ?? [])].some((input) => input.type !== "checkbox" && input.value.trim() !== "");
}

/** The frame every dialog shares: Bulma modal card, labelled by its title, keyboard handling, animation classes. */
export function Modal({ title, onClose, children }: ModalProps) {
  const closing = useContext(DialogClosingContext);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useCallback(() => (onClose ?? useDialogs.getState().close)(), [onClose]);
  useModalKeys(dialog, !closing, close);

  return (
    <div
      className={closing ? "modal is-active dialog-modal is-closing" : "modal is-active dialog-modal"}
      inert={closing}
    >
      {/* A stray tap beside the card must not throw away what was typed: then only Escape or Close close it (docs/product.md, Registration and login). */}
      <div className="modal-background" onClick={() => holdsInput(dialog.current) || close()} />
      <div
        ref={dialog}
        className="modal-card dialog-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        {/* Not <header>: a dialog's head is no page banner (axe landmark-no-duplicate-banner). */}
        <div className="modal-card-head dialog-head">
          <h2 id={titleId} className="modal-card-title">
            {title}
          </h2>
          <button type="button" className="delete is-medium" aria-label="Close" onClick={close} />
        </div>
        <div className="modal-card-body dialog-body">{children}</div>
      </div>
    </div>
  );
}
