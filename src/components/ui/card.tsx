import type { HTMLAttributes } from "react";
import "./card.css";

/** A bordered surface that groups related content. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={["card", className].filter(Boolean).join(" ")} {...rest} />;
}
