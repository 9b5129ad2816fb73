import { createContext, useCallback, useContext, useId, useRef, type ReactNode } from "react";
import { useDialogs } from "./store.ts";
import { useModalKeys } from "./use-modal-keys.ts";

/** True while the host keeps a closed dialog mounted for its exit animation. */
export const DialogClosingContext = createContext(false);

interface ModalProps {
  title: string;
  /** What closing means for this dialog (Escape, the close button, the backdrop); default: just close. */
  onClose?: () => void;
  children: ReactNode;
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
      <div className="modal-background" onClick={close} />
      <div
        ref={dialog}
        className="modal-card dialog-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <header className="modal-card-head dialog-head">
          <h2 id={titleId} className="modal-card-title">
            {title}
          </h2>
          <button type="button" className="delete is-medium" aria-label="Close" onClick={close} />
        </header>
        <section className="modal-card-body dialog-body">{children}</section>
      </div>
    </div>
  );
}
