// The agency a signed-out producer reached the app through: its link names it (`?org=ID`, the
// application link agents share, or a quote link), and the device remembers the last one, so the quote
// screens offer that agency's insurance providers on later visits too (issue 47 §1, rule PROV1).

const KEY = "rangeline.agency-link";
const ID = /^[A-Za-z0-9_.|-]{1,128}$/;

/** The organisation id a link's query names, when it is a valid id. */
function orgOfLink(search: string): string | null {
  const id = new URLSearchParams(search).get("org")?.trim();
  return id && ID.test(id) ? id : null;
}

/** The agency of this link (remembered for later visits), else the last one this device followed. */
export function agencyOfLink(search: string): string | null {
  const fromLink = orgOfLink(search);
  try {
    if (fromLink) localStorage.setItem(KEY, fromLink);
    const kept = fromLink ?? localStorage.getItem(KEY);
    return kept && ID.test(kept) ? kept : null;
  } catch {
    return fromLink;
  }
}
