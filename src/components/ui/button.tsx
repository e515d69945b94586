import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost";

const classFor = (variant: ButtonVariant, extra?: string) =>
  ["button", `button--${variant}`, extra].filter(Boolean).join(" ");

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={classFor(variant, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = "primary", className, ...rest }: ButtonLinkProps) {
  return <Link className={classFor(variant, className)} {...rest} />;
}
