import { createContext } from "react";

/** True while the dialog shown plays its exit animation: DialogHost provides it, Modal reads it. */
export const DialogClosingContext = createContext(false);
