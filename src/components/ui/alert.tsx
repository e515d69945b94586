import type { ReactNode } from "react";
import "./alert.css";

export type AlertTone = "info" | "success" | "warning" | "error";

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Extra content on the right (buttons). */
  actions?: ReactNode;
}

/** A message box. Errors are announced at once (role alert); other tones politely (role status). */
export function Alert({ tone = "info", title, children, actions }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children}
      </div>
      {actions ? <div className="alert__actions">{actions}</div> : null}
    </div>
  );
}
