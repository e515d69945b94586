import type { TextControl } from "./text-binding";

// A text input without a browser, for the binding's unit tests: it keeps a value and a selection,
// dispatches the events a browser would for typing, deleting, pasting and composing, and can be
// focused (its document's active element).

type Listener = (event: Event) => void;

export class FakeInput implements TextControl {
  value = "";
  selectionStart: number | null = 0;
  selectionEnd: number | null = 0;
  selectionDirection: "forward" | "backward" | "none" = "none";
  readonly ownerDocument: { activeElement: unknown } = { activeElement: null };
  private readonly listeners = new Map<string, Set<Listener>>();

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  setSelectionRange(start: number, end: number, direction: "forward" | "backward" | "none" = "none"): void {
    this.selectionStart = Math.min(start, this.value.length);
    this.selectionEnd = Math.min(end, this.value.length);
    this.selectionDirection = direction;
  }

  focus(): this {
    this.ownerDocument.activeElement = this;
    return this;
  }

  blur(): void {
    this.ownerDocument.activeElement = null;
  }

  /** Puts the caret at `index` (the end when omitted). */
  caret(index = this.value.length): this {
    this.setSelectionRange(index, index);
    return this;
  }

  dispatch(type: string, extra: Record<string, unknown> = {}): boolean {
    let prevented = false;
    const event = {
      type,
      isComposing: false,
      ...extra,
      preventDefault: () => {
        prevented = true;
      },
    } as unknown as Event;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    return prevented;
  }

  /** Replaces the selection with `text` as the browser does, then fires input (unless composing). */
  private replaceSelection(text: string, composing = false) {
    const start = this.selectionStart ?? this.value.length;
    const end = this.selectionEnd ?? start;
    this.value = this.value.slice(0, start) + text + this.value.slice(end);
    this.caret(start + text.length);
    this.dispatch("input", { isComposing: composing });
  }

  /** Types `text` one key at a time (each key one input event). */
  type(text: string): void {
    for (const ch of text) this.replaceSelection(ch);
  }

  /** Pastes `text` over the selection (one input event). */
  paste(text: string): void {
    this.replaceSelection(text);
  }

  /** Backspace: the selection, or the character before the caret. */
  backspace(): void {
    const start = this.selectionStart ?? 0;
    const end = this.selectionEnd ?? start;
    if (start === end) {
      if (start === 0) return;
      this.setSelectionRange(start - 1, end);
    }
    this.replaceSelection("");
  }

  /** An input method's composition: intermediate texts shown, the last one committed. */
  compose(steps: readonly string[]): { end(): void } {
    const start = this.selectionStart ?? this.value.length;
    const end = this.selectionEnd ?? start;
    const before = this.value.slice(0, start);
    const after = this.value.slice(end);
    this.dispatch("compositionstart");
    let last = "";
    for (const step of steps) {
      this.value = before + step + after;
      this.caret(start + step.length);
      this.dispatch("input", { isComposing: true });
      last = step;
    }
    return {
      end: () => {
        this.value = before + last + after;
        this.caret(start + last.length);
        this.dispatch("compositionend");
      },
    };
  }

  /** Ctrl+Z (or Ctrl+Shift+Z / Ctrl+Y for redo). */
  key(key: string, modifiers: { shiftKey?: boolean } = {}): boolean {
    return this.dispatch("keydown", {
      key,
      ctrlKey: true,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...modifiers,
    });
  }
}
