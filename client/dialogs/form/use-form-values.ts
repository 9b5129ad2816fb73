import { useState } from "react";

/**
 * A dialog's text inputs as one record. `bind(name)` gives the `value`/`onChange` pair a field
 * takes, so a form with four inputs needs one state rather than four setters passed around.
 */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  function bind<K extends keyof T & string>(name: K) {
    return {
      name,
      value: values[name],
      onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    };
  }
  return { values, bind };
}
