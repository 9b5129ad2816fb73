import { useCallback } from "react";
import { useNavigate } from "react-router";
import { Modal } from "./modal/modal.tsx";
import { afterSignIn, useDialogs } from "./store.ts";

/** After verification: the user is signed in; any way out of this dialog leads to the page a shared link named, else the dashboard (docs/product.md, Authentication flow). */
export function WelcomeDialog() {
  const navigate = useNavigate();
  const start = useCallback(() => {
    useDialogs.getState().close();
    void navigate(afterSignIn());
  }, [navigate]);

  return (
    <Modal title="Welcome to AfriOdds!" onClose={start}>
      <div className="content">
        <p>Your account is verified and ready.</p>
        <p>
          Compare odds from Nigeria&apos;s top bookmakers for every competition they list, from the Premier
          League to the Champions League, all in one place and free.
        </p>
      </div>
      <button type="button" className="button is-primary is-fullwidth" data-autofocus onClick={start}>
        Get Started
      </button>
    </Modal>
  );
}
