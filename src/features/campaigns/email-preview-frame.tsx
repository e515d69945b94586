import { useMemo, useRef } from "react";

// The e-mail preview in a sandboxed frame (docs/campaigns.md). A srcdoc frame runs under the app's
// Content-Security-Policy, whose `style-src 'self'` refuses the inline `style` attributes an e-mail
// needs (mail clients take no stylesheets): shown as is, the preview loses its look and reports a
// violation per element (checked in tests/e2e/campaigns-offline.spec.ts). So each `style` attribute is
// renamed `data-preview-style` before the frame gets the HTML, and once the frame has loaded its
// declarations are applied through the CSS object model (element.style), which the policy does not
// govern. The rename is textual, not a parse: a parse (DOMParser) runs under the page's policy too and
// reports the same violations. It is exact for the HTML shared/campaigns/render.ts writes, which escapes
// every `"` in text and attribute values, so ` style="` occurs only as an attribute. The frame runs no
// script (no allow-scripts); allow-same-origin only lets this page reach its elements.

const STYLE_DATA = "data-preview-style";

/** The e-mail's HTML with its style attributes renamed (exported for the unit test). */
export const withoutStyleAttributes = (html: string): string => html.replace(/ style="/g, ` ${STYLE_DATA}="`);

export function EmailPreviewFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const source = useMemo(() => withoutStyleAttributes(html), [html]);
  const applyStyles = () => {
    const document = frame.current?.contentDocument;
    if (!document) return;
    for (const element of document.querySelectorAll<HTMLElement>(`[${STYLE_DATA}]`))
      element.style.cssText = element.getAttribute(STYLE_DATA) ?? "";
    document.documentElement.dataset.styled = "true";
  };
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={source}
      onLoad={applyStyles}
      className="campaign-preview-frame"
    />
  );
}
