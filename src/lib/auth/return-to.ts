import { CALLBACK_PATH } from "./environment";

/** A return-to address is followed only when it is a path on this origin. */
export const safeReturnTo = (value: unknown): string | undefined =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")
    ? value
    : undefined;

/** True when the page is the identity provider's redirect back to us, not yet completed. */
export const isPendingCallback = (location: Pick<Location, "pathname" | "search">): boolean => {
  const params = new URLSearchParams(location.search);
  return (
    location.pathname === CALLBACK_PATH && (params.has("code") || params.has("error")) && params.has("state")
  );
};
