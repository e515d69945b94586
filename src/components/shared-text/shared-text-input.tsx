import { type InputHTMLAttributes, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";
import type * as Y from "yjs";
import { TextBinding, type TextBindingOptions } from "./text-binding";

// An <input> or <textarea> bound to a shared text (text-binding.ts): uncontrolled by React — the
// binding owns its value, so a render never replaces what the person is typing and the caret stays
// where they left it. Without a text yet (the document still loading) it shows `fallback`, read-only.

/** A field's shared text and how to write it as this device's own change (the sync layer's). */
export interface BoundText {
  text: Y.Text;
  transact(write: () => void): void;
}

/**
 * Where an input finds its shared text: `resolve` is called in an effect (getting the text may write:
 * a stored plain string becomes a shared text), again whenever `key` changes (the document loaded,
 * another record); null: none to edit yet.
 */
export interface SharedTextSource {
  key: string;
  resolve(): BoundText | null;
}

type Common = {
  source: SharedTextSource | null;
  /** What to show while there is no shared text (the stored value, e.g. from the device's snapshot). */
  fallback?: string;
  /** Called after the value changed from elsewhere (another person, undo). */
  onRemoteChange?: () => void;
};

export type SharedTextInputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange"> & { multiline?: false };
export type SharedTextAreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "defaultValue" | "onChange"> & {
    multiline: true;
  };

/** Binds `element` to the source's text while both exist; returns whether it is bound. */
function useBinding(
  element: React.RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  source: SharedTextSource | null,
  fallback: string,
  onRemoteChange: (() => void) | undefined,
): boolean {
  const [bound, setBound] = useState(false);
  // A new binding is made when the text leaves its document (a restore, a reload from the server).
  const [generation, setGeneration] = useState(0);
  const isBound = useRef(false);
  // Read when binding: a new function on each render must not bind again.
  const latest = useRef({ source, fallback, onRemoteChange });
  latest.current = { source, fallback, onRemoteChange };
  const key = source?.key ?? null;
  useEffect(() => {
    const control = element.current;
    if (!control || key === null || generation < 0) return;
    const shared = latest.current.source?.resolve() ?? null;
    if (!shared) {
      control.value = latest.current.fallback;
      isBound.current = false;
      setBound(false);
      return;
    }
    const options: TextBindingOptions = {
      transact: shared.transact,
      onRemoteChange: () => latest.current.onRemoteChange?.(),
      onDetached: () => setGeneration((n) => n + 1),
    };
    const binding = new TextBinding(control, shared.text, options);
    isBound.current = true;
    setBound(true);
    return () => {
      binding.destroy();
      isBound.current = false;
      setBound(false);
    };
  }, [element, key, generation]);
  // Not bound (the document was loading, or reloading): try again once it has the text.
  useEffect(() => {
    if (!isBound.current && key !== null && latest.current.source?.resolve()) setGeneration((n) => n + 1);
  });
  // Not bound: the control shows the stored value as it changes.
  useEffect(() => {
    if (!bound && element.current) element.current.value = fallback;
  }, [bound, element, fallback]);
  return bound;
}

export function SharedTextInput(props: SharedTextInputProps | SharedTextAreaProps) {
  const { source, fallback = "", onRemoteChange, multiline, ...rest } = props;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const bound = useBinding(ref, source, fallback, onRemoteChange);
  const readOnly = !bound || rest.readOnly;
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
