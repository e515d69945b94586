import * as Y from "yjs";
import { spliceBetween } from "../../../shared/documents/text-splice";

// One text input or textarea bound to a shared text (Y.Text), both ways:
// - each input event becomes the splice it made (an insert, a delete, or both) at the caret, never
//   "replace the whole value", so two people typing in one field both keep every keystroke and each
//   person's run of typing stays together (Yjs orders concurrent inserts by their neighbours);
// - a change from elsewhere (another person, another tab) updates the input and puts this person's
//   caret and selection back where they were, by relative positions taken just before the change;
// - nothing is written while an input method composes (IME): the composed text is written once, at
//   compositionend, where the composition started;
// - undo (Ctrl/⌘+Z, Ctrl+Y, ⌘+⇧+Z) undoes this person's own typing in this field only (Y.UndoManager
//   tracking this binding's writes), never another person's.
// The DOM is reached only through TextControl, so the binding runs in a unit test without a browser.

/** The part of an <input> or <textarea> the binding uses. */
export interface TextControl {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  selectionDirection?: "forward" | "backward" | "none" | null;
  setSelectionRange(start: number, end: number, direction?: "forward" | "backward" | "none"): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  /** Whether the person is in this control (its caret matters); the document's active element. */
  ownerDocument: { activeElement: unknown } | null;
}

export interface TextBindingOptions {
  /**
   * Runs a write to the shared text in one transaction of the document's local writes (so the sync
   * layer counts and sends it); defaults to a transaction with `origin`. Undo tracks the origin the
   * transaction has.
   */
  transact?: (write: () => void) => void;
  /** The origin of this binding's writes when `transact` is not given (and what undo tracks). */
  origin?: unknown;
  /** Called after the control's value changed from elsewhere (another person, undo). */
  onRemoteChange?: () => void;
  /**
   * Called once when the text leaves its document (a restore replaced the field, the document was
   * reloaded from the server): the binding no longer follows the field; bind the new text.
   */
  onDetached?: () => void;
}

interface SavedSelection {
  start: Y.RelativePosition;
  end: Y.RelativePosition;
  direction: "forward" | "backward" | "none";
}

/** Binds `control` to `text` until `destroy()`; the control's value is set from the text at once. */
export class TextBinding {
  private composing = false;
  /** The text as the control showed it when a composition started, and the selection then. */
  private compositionBase: { text: string; start: number; at: Y.RelativePosition } | null = null;
  /** A change from elsewhere arrived while composing: the control is refreshed at compositionend. */
  private staleDuringComposition = false;
  private writing = false;
  private saved: SavedSelection | null = null;
  private readonly undo: Y.UndoManager;
  private readonly doc: Y.Doc;
  private readonly origin: unknown;

  constructor(
    private readonly control: TextControl,
    private readonly text: Y.Text,
    private readonly options: TextBindingOptions = {},
  ) {
    if (!text.doc) throw new Error("A shared text must be in a document before an input is bound to it.");
    this.doc = text.doc;
    this.origin = options.origin ?? this;
    this.undo = new Y.UndoManager(text, {
      trackedOrigins: new Set([this.origin]),
      captureTimeout: 600,
    });
    control.value = text.toString();
    control.addEventListener("input", this.onInput);
    control.addEventListener("compositionstart", this.onCompositionStart);
    control.addEventListener("compositionend", this.onCompositionEnd);
    control.addEventListener("keydown", this.onKeyDown);
    this.doc.on("beforeTransaction", this.beforeTransaction);
    this.doc.on("afterTransaction", this.afterTransaction);
    this.doc.on("destroy", this.detached);
    text.observe(this.onTextChange);
  }

  destroy(): void {
    this.control.removeEventListener("input", this.onInput);
    this.control.removeEventListener("compositionstart", this.onCompositionStart);
    this.control.removeEventListener("compositionend", this.onCompositionEnd);
    this.control.removeEventListener("keydown", this.onKeyDown);
    this.doc.off("beforeTransaction", this.beforeTransaction);
    this.doc.off("afterTransaction", this.afterTransaction);
    this.doc.off("destroy", this.detached);
    this.text.unobserve(this.onTextChange);
    this.undo.destroy();
  }

  private get focused(): boolean {
    return this.control.ownerDocument?.activeElement === this.control;
  }

  /** This binding's own write: one splice, in one local transaction. */
  private write(index: number, remove: number, insert: string) {
    const run = () => {
      // Undo follows this binding's writes whatever origin the sync layer gives them.
      const origin = this.doc._transaction?.origin;
      if (origin !== undefined && origin !== null && !this.undo.trackedOrigins.has(origin))
        this.undo.addTrackedOrigin(origin);
      if (remove > 0) this.text.delete(index, remove);
      if (insert) this.text.insert(index, insert);
    };
    this.writing = true;
    try {
      if (this.options.transact) this.options.transact(run);
      else this.doc.transact(run, this.origin);
    } finally {
      this.writing = false;
    }
  }

  private readonly onInput = (event: Event) => {
    if (this.composing || (event as InputEvent).isComposing) return;
    const splice = spliceBetween(this.text.toString(), this.control.value, this.control.selectionEnd);
    if (splice) this.write(splice.index, splice.remove, splice.insert);
  };

  private readonly onCompositionStart = () => {
    this.composing = true;
    this.staleDuringComposition = false;
    const start = this.control.selectionStart ?? this.control.value.length;
    this.compositionBase = {
      text: this.text.toString(),
      start,
      // Keeps to the character before it: where the composition goes, whatever others type meanwhile.
      at: Y.createRelativePositionFromTypeIndex(this.text, Math.min(start, this.text.length), -1),
    };
  };

  /**
   * The composed text is written where the composition started: the splice is found against the text
   * shown when it started, and moved by that place's relative position (others may have changed the
   * text before it meanwhile).
   */
  private readonly onCompositionEnd = () => {
    this.composing = false;
    const base = this.compositionBase;
    this.compositionBase = null;
    const splice = base ? spliceBetween(base.text, this.control.value, this.control.selectionEnd) : null;
    if (!base || !splice) {
      if (this.staleDuringComposition) this.refresh(null);
      return;
    }
    const current = this.text.length;
    const anchor = Y.createAbsolutePositionFromRelativePosition(base.at, this.doc);
    const moved =
      anchor && splice.index >= base.start ? anchor.index + (splice.index - base.start) : splice.index;
    const index = Math.min(moved, current);
    this.write(index, Math.min(splice.remove, current - index), splice.insert);
    const caret = index + splice.insert.length;
    this.refresh(caret, true);
  };

  /** The selection now, relative to the text (the control must show the text as it is). */
  private selectionNow(): SavedSelection | null {
    const { selectionStart, selectionEnd } = this.control;
    if (selectionStart === null || selectionEnd === null) return null;
    const collapsed = selectionStart === selectionEnd;
    return {
      // The end (and a caret) keeps to the character before it, the start of a selection to the one
      // after it: this person's caret stays right after what they typed last, and text another person
      // inserts at the edge of a selection stays outside it.
      start: Y.createRelativePositionFromTypeIndex(this.text, selectionStart, collapsed ? -1 : 0),
      end: Y.createRelativePositionFromTypeIndex(this.text, selectionEnd, -1),
      direction: this.control.selectionDirection ?? "none",
    };
  }

  private detachedOnce = false;
  private readonly detached = () => {
    if (this.detachedOnce) return;
    this.detachedOnce = true;
    this.options.onDetached?.();
  };

  /** The text was removed from its document (its field replaced as a whole, e.g. by a restore). */
  private readonly afterTransaction = () => {
    if (this.text._item?.deleted) this.detached();
  };

  /** Before someone else's change: where this person's selection is, relative to the text. */
  private readonly beforeTransaction = (transaction: Y.Transaction) => {
    if (this.writing || transaction.origin === this.origin) return;
    // Only while the control shows the text as it is (not mid-composition) and the person is in it.
    this.saved =
      !this.composing && this.focused && this.control.value === this.text.toString()
        ? this.selectionNow()
        : null;
  };

  private readonly onTextChange = (event: Y.YTextEvent) => {
    if (this.writing) return;
    if (this.composing) {
      this.staleDuringComposition = true;
      return;
    }
    const undoing = event.transaction.origin === this.undo;
    this.refresh(undoing ? caretAfter(event.delta) : null);
  };

  /**
   * Shows the text; the caret goes to `caret` (undo, a composition written), or back to the saved
   * selection. `force`: set the caret even when the control already shows the text.
   */
  private refresh(caret: number | null, force = false) {
    const value = this.text.toString();
    const saved = this.saved;
    this.saved = null;
    if (this.control.value === value) {
      if (force && caret !== null) this.show(caret, caret, "none");
      return;
    }
    const wasFocused = this.focused;
    this.control.value = value;
    if (wasFocused) {
      if (caret !== null) this.show(caret, caret, "none");
      else if (saved) {
        const start =
          Y.createAbsolutePositionFromRelativePosition(saved.start, this.doc)?.index ?? value.length;
        const end = Y.createAbsolutePositionFromRelativePosition(saved.end, this.doc)?.index ?? start;
        this.show(Math.min(start, end), Math.max(start, end), saved.direction);
      }
    }
    this.options.onRemoteChange?.();
  }

  private show(start: number, end: number, direction: "forward" | "backward" | "none") {
    if (!this.focused) return;
    this.control.setSelectionRange(start, end, direction);
  }

  private readonly onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent;
    if (!(key.ctrlKey || key.metaKey) || key.altKey) return;
    const letter = key.key.toLowerCase();
    const redo = (letter === "z" && key.shiftKey) || (letter === "y" && !key.shiftKey);
    const undo = letter === "z" && !key.shiftKey;
    if (!undo && !redo) return;
    key.preventDefault();
    if (this.composing) return;
    if (redo) this.undo.redo();
    else this.undo.undo();
  };

  /** This person's undo of this field (its transactions have it as origin). */
  get undoManager(): Y.UndoManager {
    return this.undo;
  }
}

/** The caret after a change (undo): after its last insert, or where its last delete was. */
function caretAfter(delta: Y.YTextEvent["delta"]): number {
  let index = 0;
  let caret = 0;
  for (const op of delta) {
    if (op.retain !== undefined) index += op.retain;
    else if (typeof op.insert === "string") {
      index += op.insert.length;
      caret = index;
    } else if (op.delete !== undefined) caret = index;
  }
  return caret;
}
