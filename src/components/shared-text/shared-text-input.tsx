import { type InputHTMLAttributes, type TextareaHTMLAttributes, useEffect, useRef } from "react";
import type * as Y from "yjs";
import { TextBinding, type TextBindingOptions } from "./text-binding";

// An <input> or <textarea> bound to a shared text (text-binding.ts): uncontrolled by React — the
// binding owns its value, so a render never replaces what the person is typing and the caret stays
// where they left it. Without a text yet (the document still loading) it shows `fallback`, read-only.

type Common = {
  /** The field's shared text; null while there is none to edit (it is shown read-only). */
  text: Y.Text | null;
  /** What to show while `text` is null (the stored value, e.g. from the device's snapshot). */
  fallback?: string;
  /** How writes reach the document (its local-write origin), see TextBindingOptions. */
  binding?: TextBindingOptions;
};

export type SharedTextInputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange"> & { multiline?: false };
export type SharedTextAreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "defaultValue" | "onChange"> & {
    multiline: true;
  };

/** Binds `element` to `text` while both exist. */
function useBinding(
  element: React.RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  text: Y.Text | null,
  fallback: string,
  options: TextBindingOptions | undefined,
) {
  // The options are read when binding; a new object on each render must not re-bind.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const control = element.current;
    if (!control) return;
    if (!text) {
      control.value = fallback;
      return;
    }
    const binding = new TextBinding(control, text, {
      origin: latest.current?.origin,
      transact: latest.current?.transact,
      onRemoteChange: () => latest.current?.onRemoteChange?.(),
    });
    return () => binding.destroy();
  }, [element, text, fallback]);
}

export function SharedTextInput(props: SharedTextInputProps | SharedTextAreaProps) {
  const { text, fallback = "", binding, multiline, ...rest } = props;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useBinding(ref, text, fallback, binding);
  const readOnly = text === null || rest.readOnly;
  return multiline ? (
    <textarea
      ref={ref}
      {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)}
      readOnly={readOnly}
      data-shared-text=""
    />
  ) : (
    <input
      ref={ref}
      {...(rest as InputHTMLAttributes<HTMLInputElement>)}
      readOnly={readOnly}
      data-shared-text=""
    />
  );
}
