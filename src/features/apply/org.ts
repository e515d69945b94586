// Which agency an application goes to. A signed-out producer has no organisation, so the agency's
// link carries it: `/insurance/apply?org=ID` (agents share that link; the pages keep `?org=` as the
// producer moves between them). A signed-in user applies to their own organisation. Without either,
// the demo organisation is used (the server refuses an organisation that has no agents, with a message
// asking for the agency's link).

export const DEFAULT_APPLY_ORG = "demo";

export function applyOrg(search: string, signedInOrg: string | null | undefined): string {
  const fromLink = new URLSearchParams(search).get("org")?.trim();
  if (fromLink && /^[A-Za-z0-9_.|-]{1,128}$/.test(fromLink)) return fromLink;
  return signedInOrg || DEFAULT_APPLY_ORG;
}
