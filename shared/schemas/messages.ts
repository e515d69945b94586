// Validation messages several schemas share, each defined once, in plain words that say what to do
// (CONVENTIONS.md). They start in lower case because they are also composed ("taxId: …"); a form field shows
// them as a sentence. Where the spec gives a message (head limits, Decimal), that text is kept as is.

export const STATE_MESSAGE = "choose a state from the list";
export const ZIP_MESSAGE = "enter the 5-digit ZIP code, such as 68508 (or ZIP+4, such as 68508-1234)";
export const EMAIL_MESSAGE = "enter an e-mail address, such as name@example.com";
export const TIMEZONE_MESSAGE = "choose a time zone from the list";

/** A colour of the organisation's scheme: `what` names it ("the primary colour"). */
export const colourMessage = (what: string): string =>
  `enter ${what} as a hex colour such as #AC141C, or pick one`;
