import { Accordion as ArkAccordion } from "@ark-ui/react/accordion";
import type { ReactNode } from "react";
import "./accordion.css";

export interface AccordionItem {
  value: string;
  title: ReactNode;
  content: ReactNode;
}

/** Questions and answers that open one or more at a time, built on Ark UI's Accordion. */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  return (
    <ArkAccordion.Root className="accordion" multiple collapsible>
      {items.map((item) => (
        <ArkAccordion.Item key={item.value} value={item.value} className="accordion__item">
          <h3 className="accordion__heading">
            <ArkAccordion.ItemTrigger className="accordion__trigger">
              <span>{item.title}</span>
              <ArkAccordion.ItemIndicator className="accordion__indicator" aria-hidden="true">
                ▾
              </ArkAccordion.ItemIndicator>
            </ArkAccordion.ItemTrigger>
          </h3>
          <ArkAccordion.ItemContent className="accordion__content">{item.content}</ArkAccordion.ItemContent>
        </ArkAccordion.Item>
      ))}
    </ArkAccordion.Root>
  );
}
