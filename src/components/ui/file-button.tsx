import { useId, useState } from "react";
import "./button.css";
import "./file-button.css";

// A file picker that looks like the app's buttons: the native input stays in the page (keyboard, screen
// readers, tests' setInputFiles) but hidden; the button says what to do, and the file picked last is named
// beside it.

export interface FileButtonProps {
  /** The button's words ("Attach a file"). */
  label: string;
  /** What the picker takes, said under it ("PDF, PNG, JPEG or HEIC, at most 10 MB"). */
  hint?: string;
  accept: string;
  /** The input's name for screen readers when several pickers share `label` ("Attach a file to Notice of loss"). */
  accessibleName?: string;
  onPick(file: File): void;
  /** On the input. */
  "data-testid"?: string;
}

export function FileButton({ label, hint, accept, accessibleName, onPick, ...rest }: FileButtonProps) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <div className="file-button">
      <label htmlFor={id} className="button button--secondary file-button__button">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden file-button__input"
        accept={accept}
        aria-label={accessibleName}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={rest["data-testid"]}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          setPicked(file.name);
          onPick(file);
        }}
      />
      <span className="file-button__name" data-testid="file-button-name">
        {picked ?? "No file chosen"}
      </span>
      {hint ? (
        <span id={`${id}-hint`} className="file-button__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
